/** `npm run test:cluster`: the Galera/NATS smoke test, kept out of `npm test` (it starts 7 servers). */
const path = require('node:path');
const server = require('../../jest.config.js').projects.find((p) => p.displayName === 'server');

module.exports = {
  ...server,
  rootDir: path.resolve(__dirname, '../..'),
  displayName: 'cluster',
  globalSetup: undefined,
  testMatch: ['<rootDir>/tests/cluster/**/*.test.ts'],
  // The chaos suite has a command of its own (`npm run test:chaos`).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/cluster/chaos.test.ts'],
  testTimeout: 600000,
};
