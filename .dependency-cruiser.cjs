// The boundary rule: which code may import which. `npm run lint` runs it (after ESLint) over every
// .ts, .tsx and .mjs file of app/, components/, lib/, scripts/ and the root modules, counting static,
// dynamic (`import()`) and type-only imports alike. docs/ARCHITECTURE.md draws the same layers, and
// tests/boundary-rule.test.ts plants a forbidden import of each kind to prove each is caught.

/**
 * Layers from the bottom up. A module may import its own layer and any layer below it, never one
 * above. The domains are layers of their own, in the order they may build on each other: a lower
 * domain that must react to a higher one emits an event or takes a function its caller passes in.
 */
const layers = [
  ['platform', '^lib/platform/'],
  ['db', '^lib/(db|generated)/'],
  ['core', '^lib/core/'],
  ['schemas', '^lib/schemas/'],
  ['events', '^lib/events/'],
  ['audit', '^lib/audit/'],
  ['credentials', '^lib/credentials/'],
  ['oauth', '^lib/oauth/'],
  ['merchant-users', '^lib/merchant-users/'],
  ['catalog', '^lib/catalog/'],
  ['media', '^lib/media/'],
  ['store-access', '^lib/store-access/'],
  ['search', '^lib/search/'],
  ['decoration', '^lib/decoration/'],
  ['carts', '^lib/carts/'],
  ['orders', '^lib/orders/'],
  ['checkout', '^lib/checkout/'],
  ['webhooks', '^lib/webhooks/'],
  ['notifications', '^lib/notifications/'],
  ['jobs', '^lib/jobs/'],
  ['demo', '^lib/demo/'],
  ['operations', '^lib/operations/'],
  ['http', '^lib/http/'],
  ['openapi', '^lib/openapi/'],
  ['storefront', '^lib/storefront/'],
  ['components', '^components/'],
  ['app', '^(app/|proxy\\.ts$|instrumentation\\.ts$|next\\.config\\.ts$)'],
];

const layerRules = layers.slice(0, -1).map(([name, from], i) => ({
  name: `layer-${name}`,
  comment: `${name} sits below ${layers.slice(i + 1).map(([n]) => n).join(', ')}: it imports none of them (docs/ARCHITECTURE.md, "Layers").`,
  severity: 'error',
  from: { path: from },
  to: { path: layers.slice(i + 1).map(([, p]) => `(${p})`).join('|') },
}));

/** Where the app's own code lives: what ships, as opposed to tests, benchmarks and operator scripts. */
const shipped = '^(app|components|lib)/|^(proxy|instrumentation|next\\.config)\\.ts$';

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'demo-is-seed-data',
      comment:
        'The demo seed serves scripts and tests; the app reads its stores from the database. The OpenAPI examples alone name demo ids: they are requests that work on the demo data.',
      severity: 'error',
      from: { path: shipped, pathNot: '^lib/demo/|^lib/openapi/examples\\.ts$' },
      to: { path: '^lib/demo/' },
    },
    {
      name: 'shipped-code-imports-no-tooling',
      comment: 'The app never imports operator scripts, tests, browser tests or benchmarks.',
      severity: 'error',
      from: { path: shipped },
      to: { path: '^(scripts|tests|e2e|bench)/' },
    },
    {
      name: 'scripts-stay-below-pages',
      comment: 'Operator scripts call services (lib/), never pages, components or the request pipeline.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^(app|components)/|^lib/(http|storefront)/|^proxy\\.ts$' },
    },
    {
      name: 'services-are-framework-free',
      comment: 'Services, the contract and the layers below them never import Next or React: pages call them, not the reverse.',
      severity: 'error',
      // lib/notifications/templates/ are e-mail templates (React Email), rendered to strings by the
      // worker: React as a markup language, never Next, and nothing of a page.
      from: { path: '^lib/', pathNot: '^lib/(http|openapi|storefront)/|^lib/notifications/templates/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'], path: '^node_modules/(next|react|react-dom)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between files, type-only imports included.',
      severity: 'error',
      from: { pathNot: '^lib/generated/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every relative or aliased import names a file that exists.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(node:|bun:)' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^lib/generated/'] },
    exclude: { path: ['^lib/generated/', '^\\.next', '^public/', '^packages/.*/dist/'] },
    includeOnly: { path: ['^(app|components|lib|scripts|tests|e2e|bench)/', '^node_modules/(next|react|react-dom)/', '^(proxy|instrumentation|next\\.config)\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.d.mts', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types', 'react-server'],
    },
    moduleSystems: ['es6', 'cjs'],
    detectJSDocImports: false,
  },
};
