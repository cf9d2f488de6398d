import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/setup/sequencer';

/**
 * Files that start processes (CLIs, `next`, a packed SDK install, worker threads holding the embedded
 * database), or wait on real clocks for seconds: `npm test` leaves them to `npm run test:all` and
 * `npm run test:integration`, which CI runs, so nothing goes untested.
 */
const slow = [
  'tests/boundary-rule.test.ts', // runs the linters over planted imports
  'tests/config-at-start.test.ts', // starts the CLIs and the worker with bad values
  'tests/db-connection-loss.test.ts', // ends every PostgreSQL session of its database under load, for seconds
  'tests/dev-launcher.test.ts', // npm run dev, then SIGTERM to npm
  'tests/embedded-lock.test.ts', // two processes on one embedded database
  'tests/install-scripts.test.ts', // npm install-scripts ls
  'tests/keys-command.test.ts',
  'tests/next-config.test.ts', // starts next dev, build and start
  'tests/oauth-command.test.ts',
  'tests/operator-commands.test.ts',
  'tests/sdk-package.test.ts', // npm pack, then installs the tarball into a scratch project
  'tests/stack-launcher.test.ts', // npm run stack (nginx, an instance, a worker), then SIGTERM to npm
  'tests/serial-transactions.test.ts',
  'tests/server-only.test.ts',
  'tests/topology.test.ts', // nginx, two instances and workers
  'tests/topology-config.test.ts',
  'tests/upstream-keepalive.test.ts', // nginx and an instance, with idle gaps of seconds
  'tests/webhooks-delivery.test.ts', // SIGKILL and SIGTERM to worker processes
  'lib/db/direct.test.ts',
  'lib/db/embedded-socket.test.ts',
  'lib/db/pglite-driver.test.ts',
  'lib/db/pglite-worker.test.ts',
];

const all = ['lib/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts'];

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
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    // The longest files first, whatever their project (tests/setup/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves one core to itself (one worker on a 2-core machine); the main
    // process mostly waits on the workers, so every core runs a worker.
    maxWorkers: os.availableParallelism(),
    // Tests speak as the one proxy in front of the app: x-forwarded-for is the client address.
    // Tests change the database directly and read it back at once: the public-read cache checks
    // the version row before every read (tests/public-read-cache.test.ts sets its own bound).
    env: { TRUSTED_PROXY_HOPS: '1', PUBLIC_READ_CACHE_CHECK_MS: '0', CREDENTIAL_CACHE_CHECK_MS: '0' },
    projects: [
      {
        extends: true,
        // One process per core runs file after file with its modules loaded once; each file still
        // gets its own database and starts from a new process's state (tests/setup/per-file.ts).
        test: { name: 'fast', include: all, exclude: [...configDefaults.exclude, ...slow], isolate: false },
      },
      { extends: true, test: { name: 'slow', include: slow } },
    ],
  },
});
