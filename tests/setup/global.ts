import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, prismaForPglite, prismaForPostgres } from '../../lib/db/client';
import { applyMigrations, readMigrations } from '../../lib/db/migrations';
import { pgliteRunner, pgRunner } from '../../lib/db/sql-runner';
import { seedDemo } from '../../lib/demo';
import { databaseUrl, serverUrl, uniqueName, withAdmin } from './databases';
import { keepSeedCopy } from './seed-copy';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; template: string };
  }
}

/** Builds the migrated, seeded database every test file starts from, once per run. */
export default async function setup(project: TestProject) {
  const migrations = await readMigrations();
  if (serverUrl) {
    const template = uniqueName('sc_tpl');
    await withAdmin((c) => c.query(`CREATE DATABASE "${template}"`));
    const pool = new pg.Pool({ connectionString: databaseUrl(template), max: 1 });
    await applyMigrations(pgRunner(pool), migrations);
    await pool.end();
    const prisma = prismaForPostgres(databaseUrl(template));
    await seedDemo(prisma);
    await prisma.$disconnect();
    project.provide('dbTemplate', { kind: 'postgres', template });
    return async () => {
      await withAdmin(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1`,
          [`${template}%`],
        );
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      });
    };
  }
  const db = await openPglite();
  await applyMigrations(pgliteRunner(db), migrations);
  const prisma = prismaForPglite(db);
  await seedDemo(prisma);
  await prisma.$disconnect();
  await keepSeedCopy(db);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sc-test-'));
  // Uncompressed (about 45 MB): every file that uses the database loads it, and a plain tar loads
  // in about half the time of a gzipped one.
  const snapshot = path.join(dir, 'seeded.tar');
  await writeFile(snapshot, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('dbTemplate', { kind: 'pglite', snapshot });
  return () => rm(dir, { recursive: true, force: true });
}
