/**
 * `npm run test:faults` (through run.mjs): the fault drills against real
 * processes. Not part of `npm test`'s projects: it starts its own PostgreSQL
 * and Redis (it kills them), runs the built server, and runs alone.
 */
const root = require('../../jest.config.js');
const integration = root.projects.find((project) => project.displayName === 'integration');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  transform: integration.transform,
  transformIgnorePatterns: integration.transformIgnorePatterns,
  moduleNameMapper: integration.moduleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/faults/faults.spec.ts'],
  // Each scenario starts and kills processes; the whole suite has 4 minutes in CI.
  testTimeout: 120_000,
};
