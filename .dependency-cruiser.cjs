/** Architecture rules, checked by `npm run boundaries` (part of `npm run check`). */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'The domain is plain TypeScript: no frameworks, databases, queues, HTTP or other packages of ours.',
      severity: 'error',
      from: { path: '^libs/domain/' },
      to: {
        path: '(^|/)node_modules/(@nestjs|kysely|pg|pg-pool|ioredis|bullmq|express|@eventstore|openai|passport)(/|$)|^libs/(contracts|event-store|commands|read-db|mail|assistant|jobs)/|^projections/|^apps/',
      },
    },
    {
      name: 'browser-libs-are-self-contained',
      comment:
        'money and barcodes run in the browser as well as on the server: they import no package of ours and no server module.',
      severity: 'error',
      from: { path: '^libs/(money|barcodes)/', pathNot: '\\.spec\\.ts$' },
      to: {
        path: '^(libs/(domain|contracts|event-store|commands|read-db|mail|assistant|jobs)|projections|apps)/|(^|/)node_modules/',
      },
    },
    {
      name: 'no-app-imports-an-app',
      comment:
        'An app is an entry point: what two apps share lives in libs/ or projections/. @pharmacy/<app> resolves to apps/<app> too.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'libs-do-not-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'projections-do-not-import-command-side',
      comment: 'Projections read events; they never call command handlers or the API.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-are-independent',
      comment:
        'A web feature does not import another feature; shared code lives in src/lib, src/i18n or src/components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-uses-contracts-only',
      comment:
        'The browser bundle may share schemas (contracts) and the browser-safe libraries (money, barcodes), never server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: {
        path: '^(libs/(domain|event-store|commands|read-db|mail|assistant|jobs)|projections|apps/(api|projector|worker))/',
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Packages stay in the graph as leaves (doNotFollow), so the rules above can name them; our
    // build output and nested node_modules are left out.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(libs/[^/]+|apps/[^/]+|projections)/dist/|/node_modules/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // "types" first: @pharmacy/<package> resolves to its src, built or not, so the rules see it.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['types', 'main'],
    },
  },
};
