/** Applies pending migrations to the configured database: DATABASE_URL, or the embedded PGlite. */
import pg from 'pg';
import { openPglite, pgliteDataDir } from '../lib/db/client';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgliteRunner, pgRunner } from '../lib/db/sql-runner';

const migrations = await readMigrations();
const url = process.env.DATABASE_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const done = await applyMigrations(pgRunner(pool), migrations);
  await pool.end();
  report(done, new URL(url).pathname.slice(1));
} else {
  const db = await openPglite(pgliteDataDir());
  const done = await applyMigrations(pgliteRunner(db), migrations);
  await db.close();
  report(done, pgliteDataDir());
}

function report(done: string[], where: string) {
  console.log(done.length ? `Applied ${done.length} migration(s) to ${where}:\n  ${done.join('\n  ')}` : `${where} is up to date.`);
}
