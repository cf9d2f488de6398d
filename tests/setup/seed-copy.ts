import type { PGlite } from '@electric-sql/pglite';

/**
 * A test worker runs file after file on one embedded database and puts it back to the seeded state
 * between them: much cheaper than loading the snapshot again (a PostgreSQL boot each time). The
 * global setup keeps a copy of every table's rows and every sequence's position in schema
 * `test_seed`, inside the snapshot; `restoreSeed` empties the tables and copies the rows back in one
 * transaction, with triggers off (the rows are restored as they were, version counters included).
 */
const COPY = 'test_seed';

type Table = { name: string; columns: string[] };

async function publicTables(db: PGlite): Promise<Table[]> {
  const { rows } = await db.query<{ table: string; columns: string[] }>(`
    SELECT c.relname AS table, array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
    GROUP BY c.relname ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.table, columns: r.columns }));
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Global setup, after the seed and before the snapshot is taken. */
export async function keepSeedCopy(db: PGlite): Promise<void> {
  const tables = await publicTables(db);
  await db.exec(`CREATE SCHEMA ${COPY}`);
  for (const t of tables) await db.exec(`CREATE TABLE ${COPY}.${ident(t.name)} AS TABLE public.${ident(t.name)}`);
  await db.exec(`CREATE TABLE ${COPY}.sequences AS SELECT sequencename AS name, last_value, start_value FROM pg_sequences WHERE schemaname = 'public'`);
}

const scripts = new WeakMap<PGlite, Promise<string>>();

/** The seed's tables (those in the copy), with their columns as public has them. */
async function seededTables(db: PGlite): Promise<Table[]> {
  const seeded = new Set((await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = '${COPY}' AND tablename <> 'sequences'`)).rows.map((r) => r.name));
  return (await publicTables(db)).filter((t) => seeded.has(t.name));
}

async function restoreScript(db: PGlite): Promise<string> {
  const tables = await seededTables(db);
  const { rows: sequences } = await db.query<{ name: string; last_value: string | null; start_value: string }>(`SELECT name, last_value::text, start_value::text FROM ${COPY}.sequences`);
  return [
    `TRUNCATE ${tables.map((t) => `public.${ident(t.name)}`).join(', ')}`,
    ...tables.map((t) => `INSERT INTO public.${ident(t.name)} (${t.columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${t.columns.join(', ')} FROM ${COPY}.${ident(t.name)}`),
    ...sequences.map((s) =>
      s.last_value === null ? `SELECT setval('public.${ident(s.name)}', ${s.start_value}, false)` : `SELECT setval('public.${ident(s.name)}', ${s.last_value}, true)`,
    ),
  ].join(';\n');
}

/**
 * Puts every table and sequence back as the seed left them, and drops the tables a test made
 * (the seed has none of them). On any failure the transaction is rolled back and the error thrown:
 * the caller then loads the snapshot afresh.
 */
export async function restoreSeed(db: PGlite): Promise<void> {
  let script = scripts.get(db);
  if (!script) scripts.set(db, (script = restoreScript(db)));
  const { rows: made } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
     AND tablename NOT IN (SELECT tablename FROM pg_tables WHERE schemaname = '${COPY}')`,
  );
  try {
    await db.exec(
      [
        // A test that failed mid-transaction may have left one open.
        'ROLLBACK',
        'BEGIN',
        'SET LOCAL session_replication_role = replica',
        ...made.map((t) => `DROP TABLE public.${ident(t.name)} CASCADE`),
        await script,
        'COMMIT',
        // Session settings a test changed (statement_timeout, ...) go back to their defaults too.
        'RESET ALL',
      ].join(';\n'),
    );
  } catch (err) {
    await db.exec('ROLLBACK').catch(() => {});
    throw err;
  }
}
