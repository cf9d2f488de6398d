/**
 * Applies pending migrations to the configured database: DATABASE_URL, or the embedded PGlite, and
 * names each one applied. `--brief` (`npm run dev`) says how many in one line instead, naming
 * them at LOG_LEVEL=debug or trace.
 */
import pg from 'pg';
import { openPglite, pgliteDataDir } from '../lib/db/client';
import { acquireLock, readLock } from '../lib/db/embedded';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgliteRunner, pgRunner } from '../lib/db/sql-runner';
import { config, exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const migrations = await readMigrations();
const url = config().DATABASE_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const done = await applyMigrations(pgRunner(pool), migrations);
  await pool.end();
  report(done, new URL(url).pathname.slice(1));
} else {
  const dataDir = pgliteDataDir();
  const holder = readLock(dataDir);
  if (holder?.socketDir) {
    // A running server owns the directory: migrate through its socket.
    const pool = new pg.Pool({ host: holder.socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
    const done = await applyMigrations(pgRunner(pool), migrations);
    await pool.end();
    report(done, `${dataDir} (through process ${holder.pid})`);
  } else {
    const lock = acquireLock(dataDir); // throws, naming the holder, when one is starting up
    try {
      const db = await openPglite(dataDir);
      const done = await applyMigrations(pgliteRunner(db), migrations);
      await db.close();
      report(done, dataDir);
    } finally {
      lock.release();
    }
  }
}

function report(done: string[], where: string) {
  const brief = process.argv.includes('--brief') && !['debug', 'trace'].includes(config().logLevel);
  if (!done.length) console.log(`Database ready: ${where} is up to date.`);
  else if (brief) console.log(`Database ready: ${done.length} migration(s) applied to ${where}.`);
  else console.log(`Applied ${done.length} migration(s) to ${where}:\n  ${done.join('\n  ')}`);
}
