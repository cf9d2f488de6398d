import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDb, openPglite, pgliteHandle, prismaForPostgres, setDb, setDbFactory } from '../../lib/db/client';
import { reloadConfig } from '../../lib/platform/config';
import { databaseUrl, withAdmin } from './databases';

// A test file starts from the environment as it stands, whatever a process that ran another file parsed.
reloadConfig();

/** Each test file gets its own copy of the seeded database, so files never see each other's writes. */
beforeAll(async () => {
  const template = inject('dbTemplate');
  if (template.kind === 'postgres') {
    const name = `${template.template}_f${Math.random().toString(36).slice(2, 10)}`;
    await withAdmin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`));
    const url = databaseUrl(name);
    process.env.TEST_ACTIVE_DATABASE_URL = url;
    setDb(prismaForPostgres(url));
    return;
  }
  // Loading a PGlite snapshot costs a second or two: only files that use the database pay it.
  setDbFactory(async () => pgliteHandle(await openPglite(undefined, new Blob([await readFile(template.snapshot)]))));
});

afterAll(async () => {
  await closeDb();
});
