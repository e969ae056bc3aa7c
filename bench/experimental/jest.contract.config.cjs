// Runs the event store contract suite against the experimental one-round-trip
// adapter: npx jest -c bench/experimental/jest.contract.config.cjs
const { join } = require('node:path');
const root = require('../../jest.config.js');

const integration = root.projects.find((p) => p.displayName === 'integration');

module.exports = {
  rootDir: join(__dirname, '..', '..'),
  globalSetup: root.globalSetup,
  globalTeardown: root.globalTeardown,
  projects: [
    {
      ...integration,
      displayName: 'bench: experimental adapter contract',
      testMatch: ['<rootDir>/bench/experimental/*.contract.spec.mjs'],
    },
  ],
};
