/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.m?js$': swc },
  // NestJS 12, kysely and react-intl ship ES modules only: let swc compile them.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|kysely|react-intl|@formatjs|intl-messageformat)/)'],
  moduleNameMapper: {
    '^@pharmacy/test-harness$': '<rootDir>/test/harness',
    // One module of the harness alone, for tests that should not load the API's code (the whole harness takes seconds).
    '^@pharmacy/test-harness/(seeded|database)$': '<rootDir>/test/harness/$1',
    '^@pharmacy/projections$': '<rootDir>/projections/src',
    '^@pharmacy/(domain|contracts|event-store|commands|read-db|money|barcodes|mail|assistant|jobs)$':
      '<rootDir>/libs/$1/src',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/**
 * The projects whose tests use PostgreSQL and Redis start them: Jest runs a project's global setup
 * only when the run holds tests of that project (once for both), so the unit and web tests alone
 * start no server.
 */
const servers = {
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
};

const serverRoots = '<rootDir>/{libs/*,projections,apps/api,apps/projector,apps/worker}/src/**';

module.exports = {
  // A global option (Jest ignores it inside projects): integration and browser tests start real servers.
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [`${serverRoots}/*.spec.ts`],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.spec\\.ts$'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.{ts,tsx}'],
      setupFiles: ['<rootDir>/apps/web/src/test/setup.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '\\.css$': '<rootDir>/test/harness/style-stub.js',
        // A part of a message catalogue (apps/web/precompiled-messages.ts): Jest reads the whole catalogue.
        '^(\\.{1,2}/.*\\.json)\\?(first|rest)$': '$1',
      },
    },
    {
      ...shared,
      ...servers,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: [`${serverRoots}/*.int.spec.ts`, '<rootDir>/test/e2e/**/*.spec.ts'],
      testTimeout: 60_000,
    },
    {
      ...shared,
      ...servers,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.spec.ts'],
      testTimeout: 120_000,
    },
  ],
};
