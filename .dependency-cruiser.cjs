/**
 * What may import what (README, "Layout"). `npm run lint` and `npm test` run it; a rule broken fails both.
 * Each rule names the folders it governs; `comment` says why, in the words a reviewer would use.
 */
module.exports = {
  forbidden: [
    // --- Shared below both: contracts/ holds what app/ and server/ agree on, and imports neither.
    {
      name: 'contracts-stand-alone',
      comment: 'contracts/ is shared by the shop pages and the server: it may not import either.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(app|server|scripts|tests)/' },
    },
    // --- The demo shop's pictures: drawn by demo-art/ from plain values, and only the seed draws them.
    {
      name: 'demo-art-stand-alone',
      comment:
        "demo-art/ draws the demo shop's pictures from plain values: it may not import the shop's code.",
      severity: 'error',
      from: { path: '^demo-art/' },
      to: { path: '^(app|server|contracts|scripts|tests|bench)/' },
    },
    {
      name: 'demo-art-only-in-the-seed',
      comment:
        'The demo pictures belong to the seed: the rest of the server and the shop pages never draw them.',
      severity: 'error',
      from: { path: '^(app|server|contracts)/', pathNot: '^server/db/seed/' },
      to: { path: '^demo-art/' },
    },
    // --- Server rules.
    {
      name: 'server-never-imports-app',
      comment:
        'server/ runs without the pages: what both need (texts, the i18n core, the load context) lives in contracts/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^app/' },
    },
    {
      name: 'storefront-not-console',
      comment:
        'A storefront module does not lean on the staff console: a helper both use lives in server/lib or server/http.',
      severity: 'error',
      // server/modules/index.ts lists every module under /api/v1, the console's among them.
      from: { path: '^server/modules/(?!admin/)', pathNot: '^server/modules/index\\.ts$' },
      to: { path: '^server/modules/admin/' },
    },
    {
      name: 'tables-have-one-owner',
      comment:
        'Each table is defined in, read and written by the module that owns it (server/modules/<name>/tables.ts, ' +
        "docs/decisions/113): another module reaches it through the owner's service. A table file may name " +
        "another's table for a foreign key.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/', pathNot: ['/tables\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^server/modules/[^/]+/tables\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'modules-not-through-the-schema',
      comment:
        "server/db/schema.ts gathers every module's tables for drizzle, the seed, scripts and tests: a module " +
        'imports its own tables.ts instead, so a foreign table cannot slip in by the back door.',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/db/schema\\.ts$' },
    },
    {
      name: 'app-never-imports-server',
      comment:
        'app/ reaches the server only through the load context (contracts/load-context.ts) and the API.',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
    // --- Front-end rules: routes, then features, then components/ and lib/, then contracts/.
    {
      name: 'features-apart',
      comment:
        "A feature folder may not import another feature's files: what two features share moves down to " +
        'app/components/ or app/lib/, and a page that shows several features composes them in app/routes/.',
      severity: 'error',
      from: { path: '^app/features/([^/]+)/' },
      to: { path: '^app/features/', pathNot: '^app/features/$1/' },
    },
    {
      name: 'shared-ui-below-features',
      comment:
        'app/components/ and app/lib/ are shared by every page (the header and footer among them): they may ' +
        'not import a feature or a route; what they need from one is handed in by the route or the layout.',
      severity: 'error',
      from: { path: '^app/(components|lib)/' },
      to: { path: '^app/(features|routes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|data|\\.react-router)/' },
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
