/** Migrates and seeds the browser tests' database (DATABASE_URL or PGLITE_DATA_DIR from scripts/e2e-server.ts). */
import pg from 'pg';
import { closeDb, getDb } from '../lib/db/client';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgRunner } from '../lib/db/sql-runner';
import { seedDemo } from '../lib/demo';

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await applyMigrations(pgRunner(pool), await readMigrations());
  await pool.end();
}
// The embedded database migrates itself when opened.
const { counts } = await seedDemo(await getDb(), process.env.PUBLIC_BASE_URL);
await closeDb();
console.log(`e2e database ready: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
