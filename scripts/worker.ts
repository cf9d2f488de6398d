/**
 * `npm run worker`: webhook delivery and the sweeps (checkout expiry) on a clock, for self-hosted
 * deployments; any number may run beside any number of app instances. SIGTERM/SIGINT (to it or to
 * the npm that launched it) finish the item in progress, then exit 0.
 */
import { config, exitOnInvalidConfig } from '../lib/platform/config';
import { logger } from '../lib/platform/logger';
import { closeDb, commandDb } from '../lib/db/client';
import { runWorker } from '../lib/jobs/worker';

exitOnInvalidConfig();

if (!config().DATABASE_URL) {
  // One process at a time may open the embedded database, and the app holds it: there the app
  // runs the background work itself (after each write, and on a timer for retries).
  console.error('npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the app process delivers webhooks itself.');
  process.exit(2);
}
const controller = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'worker stopping after the current pass');
    controller.abort();
  });
}
// `npm run worker` execs node in place of npm's shell, so npm's SIGTERM reaches this process.
// Should the launcher die without passing a signal on (SIGKILL), stop as if told to, rather than
// run on as an orphan nobody supervises (under systemd the parent is pid 1 from the start).
const launcher = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid !== launcher && !controller.signal.aborted) {
    logger.info({ launcher }, 'worker stopping: its launcher exited');
    controller.abort();
  }
}, 1_000);
orphanWatch.unref();
const idleMs = config().WORKER_IDLE_MS;
try {
  await runWorker({ db: await commandDb(), log: logger, idleMs, signal: controller.signal });
  await closeDb();
} catch (err) {
  logger.error({ err }, 'worker failed');
  await closeDb().catch(() => undefined);
  process.exit(1);
}
