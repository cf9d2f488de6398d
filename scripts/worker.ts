/** `npm run worker`: webhook delivery and the sweeps, for self-hosted deployments. Stops cleanly on SIGTERM/SIGINT. */
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
const idleMs = config().WORKER_IDLE_MS;
try {
  await runWorker({ db: await commandDb(), log: logger, idleMs, signal: controller.signal });
  await closeDb();
} catch (err) {
  logger.error({ err }, 'worker failed');
  await closeDb().catch(() => undefined);
  process.exit(1);
}
