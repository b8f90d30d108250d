/** `npm run test:chaos`: the whole cluster killed tier by tier under load (tests/cluster/chaos.test.ts), kept out of `npm test`. */
const path = require('node:path');
const server = require('../../jest.config.js').projects.find((p) => p.displayName === 'server');

module.exports = {
  ...server,
  rootDir: path.resolve(__dirname, '../..'),
  displayName: 'chaos',
  globalSetup: undefined,
  testMatch: ['<rootDir>/tests/cluster/chaos.test.ts'],
  testTimeout: 900000,
};
