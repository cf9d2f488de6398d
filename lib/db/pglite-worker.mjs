// The embedded database's own thread (lib/db/client.ts, `serveFromWorker`): plain JavaScript,
// loaded by Node from this file rather than from the app's bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveOverSocket } from './pglite-serve.mjs';

/**
 * Opens the data directory and serves it on the unix socket; the app's thread connects to it as
 * to PostgreSQL. Messages: `{ ready: true }` or `{ error }` out once; then `close` in stops the
 * socket, closes the database and ends the thread.
 *
 * @type {{ dataDir: string; socketDir: string; postgresqlconf: string[] }}
 */
const { dataDir, socketDir, postgresqlconf } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

try {
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf });
  const stop = await serveOverSocket(pglite, socketDir);
  port.on('message', async (message) => {
    if (message !== 'close') return;
    await stop();
    await pglite.close();
    port.close();
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  port.close();
}
