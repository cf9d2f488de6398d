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
