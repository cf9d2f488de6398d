import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Read at run time by the embedded database's self-migration; next.config.ts traces the folder
// explicitly, so the bundler is told not to trace these dynamic paths (which would be the whole project).
export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'migrations');
export const SCHEMA_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'schema');

export type Migration = { name: string; sql: string; checksum: string };

/** Committed migrations in the order they apply (folder names start with a UTC timestamp). */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(/*turbopackIgnore: true*/ dir, name, 'migration.sql'), 'utf8');
      // Same checksum the Prisma CLI records, so a machine with the native CLI agrees.
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function readSchemaFiles(dir = SCHEMA_DIR): Promise<{ path: string; content: string }[]> {
  const names = (await readdir(/*turbopackIgnore: true*/ dir)).filter((n) => n.endsWith('.prisma')).sort();
  return Promise.all(
    names.map(async (name) => ({
      path: path.join(/*turbopackIgnore: true*/ dir, name),
      content: await readFile(path.join(/*turbopackIgnore: true*/ dir, name), 'utf8'),
    })),
  );
}

/** The `_prisma_migrations` table exactly as the Prisma CLI creates it. */
export const MIGRATIONS_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** A tiny SQL surface both PGlite and node-postgres satisfy. */
export type SqlRunner = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
};

/**
 * Applies pending migrations in order, each in its own transaction together with its
 * `_prisma_migrations` row. Refuses to run when an applied migration's file has changed.
 */
export async function applyMigrations(db: SqlRunner, migrations: Migration[]): Promise<string[]> {
  await db.exec(MIGRATIONS_TABLE_SQL);
  // One migrator at a time, also across app instances starting together.
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(724373101)');
    const { rows } = await tx.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.name);
      if (known !== undefined) {
        if (known !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
        continue;
      }
      await tx.exec(m.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES (gen_random_uuid()::text, $1, $2, now(), 1)`,
        [m.checksum, m.name],
      );
      done.push(m.name);
    }
    return done;
  });
}
