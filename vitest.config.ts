import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests use the SDK by its package name, from its sources (the packed build has its own test).
      '@storefront-commerce/sdk': path.resolve(import.meta.dirname, 'packages/sdk/src/index.ts'),
      // Services are marked `import 'server-only'`; tests are server code, so they get the
      // marker's react-server export (empty), as Next's server bundles and `tsx --conditions=react-server` do.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Tests speak as the one proxy in front of the app: x-forwarded-for is the client address.
    // Tests change the database directly and read it back at once: the public-read cache checks
    // the version row before every read (tests/public-read-cache.test.ts sets its own bound).
    env: { TRUSTED_PROXY_HOPS: '1', PUBLIC_READ_CACHE_CHECK_MS: '0', CREDENTIAL_CACHE_CHECK_MS: '0' },
  },
});
