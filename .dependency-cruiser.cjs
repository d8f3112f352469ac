/**
 * The direction rules, read from the import graph (`npm run lint` runs
 * `depcruise --config .dependency-cruiser.cjs contract/src server/src web/src`, then scripts/check-boundaries.ts for
 * what an import graph cannot say: query-builder calls and which module writes each table). A server module is used
 * by the others only through its public face, `server/src/modules/<module>/index.ts`, which re-exports what it offers
 * (a module nobody uses has none); app.ts, main.ts, app-context.ts and the CLI compose modules and may reach in.
 * Type-only imports count like any other: a type pulled across a boundary couples the two sides just the same.
 * Server tests (`*.test.ts` and server/test/) are excepted from the server rules: a test may reach into any module to
 * set up its case. Web tests are not excepted: they follow the feature rules like the code they test.
 */

/** A server module: one folder of server/src/modules. */
const MODULE = '^server/src/modules/([^/]+)/';
const SERVER_TEST = '(\\.test\\.ts$|^server/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-feature',
      severity: 'error',
      comment:
        'A web feature never imports another feature: what two features share lives in web/src/components or web/src/lib, and only web/src/app composes features.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-feature',
      severity: 'error',
      comment:
        'web/src/components, web/src/lib and web/src/config sit below every feature (any feature may use them), so they import no feature: move what they need down into components or lib.',
      from: { path: '^web/src/(components|lib|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'server-lib-imports-above',
      severity: 'error',
      comment:
        'server/src/lib is the infrastructure every module uses: it imports no module, nor app-context.ts, app.ts, main.ts or the CLI (which import modules). Take the narrow type it needs (e.g. { db: Db }) instead.',
      from: { path: '^server/src/lib/' },
      to: { path: '^server/src/((modules|cli)/|(app-context|app|main)\\.ts$)' },
    },
    {
      name: 'server-db-imports-above',
      severity: 'error',
      comment: 'server/src/db (the client, dialect and schema) sits below lib and every module: it imports neither.',
      from: { path: '^server/src/db/', pathNot: SERVER_TEST },
      to: { path: '^server/src/', pathNot: '^server/src/(db|config)/' },
    },
    {
      name: 'migration-imports-src',
      severity: 'error',
      comment:
        'A landed migration must run the same way forever, so it imports nothing that may change: only kysely, node built-ins and db/dialect.ts (whose isPostgres, withId and notNull are frozen for the migrations, checked by scripts/check-boundaries.ts). Copy what it needs into the migration.',
      from: { path: '^server/src/db/migrations/' },
      to: { path: '^server/src/', pathNot: '^server/src/db/(migrations/|dialect\\.ts$)' },
    },
    {
      name: 'sql-outside-queries',
      severity: 'error',
      comment:
        'SQL lives only in *.queries.ts files (and server/src/db: the client, schema and migrations): elsewhere in server/src nothing imports kysely (its `sql` tag, its builders or their types). Move the query into the module\u2019s queries.',
      from: { path: '^server/src/', pathNot: `(\\.queries\\.ts$|^server/src/db/|${SERVER_TEST})` },
      to: { path: '(^|/)node_modules/kysely/' },
    },
    {
      name: 'module-imports-module-internals',
      severity: 'error',
      comment:
        'A server module uses another only through its public face, <module>/index.ts (what the module chose to offer); its files, and above all its *.queries.ts, stay private. Export what you need from that index.ts.',
      from: { path: MODULE, pathNot: SERVER_TEST },
      to: { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'module-imports-own-index',
      severity: 'error',
      comment:
        'Inside a module, files import each other directly: going through the module\u2019s own index.ts loads every export and makes ESM import cycles.',
      from: { path: MODULE, pathNot: '/index\\.ts$' },
      to: { path: '^server/src/modules/$1/index\\.ts$' },
    },
    {
      name: 'module-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Server modules import each other without a cycle, so each can be read, tested and changed knowing only the ones below it: move what both need into the lower one, or into server/src/lib.',
      from: { path: '^server/src/modules/[^/]+' },
      to: { path: '^server/src/modules/[^/]+', circular: true },
    },
    {
      name: 'package-imports-other-package',
      severity: 'error',
      comment: 'server/ and web/ meet only through @mm/contract; the contract imports neither.',
      from: { path: '^(server|web|contract)/' },
      to: { path: '^(server|web)/', pathNot: '^$1/' },
    },
    {
      name: 'not-resolvable',
      severity: 'error',
      comment: 'A relative import that does not resolve to a file cannot be checked (and will not run).',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    // Server tests are excepted from every server rule (see above); leaving them out also keeps their set-up imports
    // (a test of search runs the catalog import) out of the module-cycle graph.
    exclude: { path: `^server/(.*\\.test\\.ts$|test/|bench/)` },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Folder-level rules (module-cycle) need the folder graph, which dependency-cruiser derives with the metrics.
    metrics: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
