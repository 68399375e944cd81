/**
 * The import rule of docs/architecture.md ("Who may import whom"), checked on every `npm test`
 * (`npm run check:imports`). Type-only imports count: a type from worker/ in a component ties the two
 * as surely as a value does.
 */
module.exports = {
  forbidden: [
    {
      name: 'config-imports-nothing',
      comment: 'app.config.ts and config/ are pure data: the store constants, importing nothing of ours but each other.',
      severity: 'error',
      from: { path: '^(app\\.config\\.ts|config/)' },
      to: { path: '^(src|worker|scripts|tests)/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain is shared by the browser and the Worker: it imports only itself, app.config.ts, config/ and arktype.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/domain/', '^app\\.config\\.ts$', '^config/', 'node_modules/(arktype|@ark)/'] },
    },
    {
      name: 'worker-imports-only-the-domain',
      comment: 'worker/ takes from src/ only the shared domain and the compiled messages.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^src/', pathNot: ['^src/domain/', '^src/paraglide/'] },
    },
    {
      name: 'client-never-imports-worker',
      comment: 'Routes, components, state, queries and browser helpers never import worker/: src/server/ is the bridge.',
      severity: 'error',
      from: { path: '^src/(routes|components|state|queries|lib)/' },
      to: { path: '^worker/' },
    },
    {
      name: 'screens-reach-the-server-through-queries',
      comment: 'Only src/queries/ calls server functions: one pending, error and toast pattern for every screen.',
      severity: 'error',
      from: { path: '^src/(routes|components|state|lib)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'no-circular-in-worker',
      comment: 'No import circle in worker/: each module can be read, tested and moved after the ones it imports.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { circular: true },
    },
    {
      name: 'platform-is-the-floor',
      comment: 'worker/platform/ (secrets, token hashes) is below everything else in worker/: it imports only itself and the environment check.',
      severity: 'error',
      from: { path: '^worker/platform/' },
      to: { path: '^worker/', pathNot: ['^worker/platform/', '^worker/http/environment\\.ts$'] },
    },
    {
      name: 'storage-owns-its-types',
      comment:
        "worker/storage/ is below its callers: it imports its own row types, never a caller's (the request context and platform only). " +
        "One exception: the catalogue import's SQL (catalogue-sql.ts) writes the checked file whose shape worker/catalogue/catalogue-file.ts defines with its schemas.",
      severity: 'error',
      from: { path: '^worker/storage/' },
      to: { path: '^worker/', pathNot: ['^worker/storage/', '^worker/platform/', '^worker/http/', '^worker/catalogue/catalogue-file\\.ts$'] },
    },
    {
      name: 'integrations-below-commerce',
      comment:
        'worker/integrations/ (providers, their clients, stand-ins and adapters) takes only storage, platform and http below it; commerce builds on it, never the reverse.',
      severity: 'error',
      from: { path: '^worker/integrations/' },
      to: { path: '^worker/', pathNot: ['^worker/(integrations|storage|platform|http)/'] },
    },
    {
      name: 'seed-only-for-scripts-and-tests',
      comment: 'The demo catalogue generator is data for scripts and tests, never a source of types or rules.',
      severity: 'error',
      from: { pathNot: ['^worker/seed/', '^scripts/', '^tests/', '\\.test\\.ts$'] },
      to: { path: '^worker/seed/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/paraglide/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
}
