// Lint: typescript-eslint's recommended rules and the SQL rule. The layering (which code may
// import which) is the boundary rule in .dependency-cruiser.cjs, which `npm run lint` runs next.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const sqlMessage = 'SQL is written as a tagged template ($queryRaw`...`, Prisma.sql, Prisma.join), never as a string: values stay bound parameters.';
const rawSql = [
  { property: '$queryRawUnsafe', message: sqlMessage },
  { property: '$executeRawUnsafe', message: sqlMessage },
  { object: 'Prisma', property: 'raw', message: sqlMessage },
];

// One data home per domain: queries run in lib/<domain>/data.ts (and lib/core/data.ts), nowhere
// else in the app. Services call its named functions; they may open a transaction and pass it on.
const dataHome = 'A query belongs in the data module of its domain (lib/<domain>/data.ts): call a named function of it.';
const prismaOnlyMethods = 'findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|createMany|createManyAndReturn|updateMany|upsert|deleteMany|aggregate|groupBy';
const queries = [
  { selector: "TaggedTemplateExpression[tag.property.name=/^\\$(queryRaw|executeRaw)$/]", message: dataHome },
  { selector: "CallExpression[callee.property.name=/^\\$(queryRaw|executeRaw)$/]", message: dataHome },
  { selector: `CallExpression[callee.property.name=/^(${prismaOnlyMethods})$/][callee.object.type='MemberExpression']`, message: dataHome },
  {
    selector: "CallExpression[callee.property.name=/^(create|update|delete|count)$/][callee.object.object.name=/^(db|tx|prisma|client)$/]",
    message: dataHome,
  },
  { selector: "CallExpression[callee.property.name=/^(create|update|delete|count)$/][callee.object.object.property.name='db']", message: dataHome },
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
    // The environment is read in one place, lib/platform/config.ts, which declares and checks every variable.
    files: ['app/**', 'components/**', 'lib/**', 'scripts/**', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'],
    ignores: ['lib/platform/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...rawSql,
        { object: 'process', property: 'env', message: 'Read configuration through config() (lib/platform/config.ts), where every variable is declared and checked.' },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies as a client would.
    files: ['tests/**', 'e2e/**', '**/*.test.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A journey's time budget grows with the pages it loads (e2e/test.ts): specs take `test` from there.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './test': its budget grows with the pages a journey loads." }] },
      ],
    },
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
  {
    files: ['lib/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'proxy.ts', 'instrumentation.ts'],
    // The data modules themselves; the driver layer; the demo seed (it writes fixtures directly);
    // the write-completion protocol, which runs a data module's own statements with the pipeline's
    // pieces around them; tests.
    ignores: ['**/data.ts', 'lib/db/**', 'lib/demo/**', 'lib/generated/**', 'lib/core/write-completion.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queries] },
  },
);
