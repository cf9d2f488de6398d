// Lint: typescript-eslint's recommended rules, and the layering the codebase is built on
// (STYLE.md): app -> lib/http -> lib/<domain> -> lib/core -> lib/db. An import against the
// arrows fails `npm run lint`, which CI runs.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const http = { group: ['**/http/*', '@/lib/http/*'], message: 'Services and their context never see HTTP: lib/http is the pipeline only (STYLE.md).' };
const pages = { group: ['next/*', 'react', 'react-dom', '**/storefront/*', '@/lib/storefront/*'], message: 'Services are framework-free: pages call them, not the reverse.' };
const domains = ['carts', 'catalog', 'checkout', 'credentials', 'decoration', 'demo', 'jobs', 'oauth', 'orders', 'search', 'store-access', 'webhooks', 'operations', 'openapi'];
const upward = {
  group: domains.flatMap((d) => [`**/${d}/*`, `@/lib/${d}/*`]),
  message: 'lib/core is what every domain shares: it imports no domain.',
};

const sqlMessage = 'SQL is written as a tagged template ($queryRaw`...`, Prisma.sql, Prisma.join), never as a string: values stay bound parameters.';
const rawSql = [
  { property: '$queryRawUnsafe', message: sqlMessage },
  { property: '$executeRawUnsafe', message: sqlMessage },
  { object: 'Prisma', property: 'raw', message: sqlMessage },
];

export default tseslint.config(
  { ignores: ['lib/generated/**', 'packages/*/dist/**', 'packages/sdk/src/generated/**', '.next/**', '.next-*/**', 'node_modules/**', 'public/**', 'test-results/**', 'next-env.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // SQL is tagged templates only (Prisma.sql, Prisma.join): values are always bound parameters.
      'no-restricted-properties': ['error', ...rawSql],
    },
  },
  {
    // Tests read untyped JSON bodies as a client would.
    files: ['tests/**', 'e2e/**', '**/*.test.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Domains: services, their schemas, SQL and errors. The operation table is declared here too.
    files: ['lib/**/*.ts'],
    ignores: ['lib/http/**', 'lib/storefront/**', 'lib/openapi/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [http, pages] }] },
  },
  {
    files: ['lib/core/**/*.ts', 'lib/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [http, pages, upward] }] },
  },
  {
    // The SDK runs on Node, Vercel functions and edge runtimes: Web APIs only (fetch, Web Crypto,
    // TextEncoder), so no Node module or global in its sources.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['packages/sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', ...builtinModules], message: 'The SDK uses Web APIs only (it runs on edge runtimes).' }] }],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({
          name,
          message: 'The SDK uses Web APIs only (it runs on edge runtimes).',
        })),
      ],
    },
  },
);
