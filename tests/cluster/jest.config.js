/** `npm run test:cluster`: the Galera/NATS smoke test, kept out of `npm test` (it starts 7 servers). */
const path = require('node:path');
const server = require('../../jest.config.js').projects.find((p) => p.displayName === 'server');

module.exports = {
  ...server,
  rootDir: path.resolve(__dirname, '../..'),
  displayName: 'cluster',
  globalSetup: undefined,
  testMatch: ['<rootDir>/tests/cluster/**/*.test.ts'],
  testTimeout: 600000,
};
