import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { type Handle, closeDb, openPglite, pgliteHandle, prismaForPostgres, setDb, setDbFactory } from '../../lib/db/client';
import { stopBackgroundClock } from '../../lib/jobs/background-clock';
import { quiesceBackgroundKick } from '../../lib/jobs/kick-background-work';
import { processWide } from '../../lib/platform/process-wide';
import { databaseUrl, withAdmin } from './databases';
import { resetProcessState } from './process-state';
import { restoreSeed } from './seed-copy';

// One process runs many files (isolate: false): each starts as a new process would, with the
// environment the run began with (whatever the file before set), no rate-limit budget spent and
// no public read cached from another file's database.
resetProcessState();

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
  // Only files that use the database pay for it. A worker loads the snapshot once (a PostgreSQL
  // boot) and keeps it for the files it runs next, each starting from the seeded state again.
  setDbFactory(async () => {
    embedded.open ??= load(template.snapshot);
    let open = await embedded.open;
    if (open.used) {
      try {
        await restoreSeed(open.pglite);
      } catch (err) {
        // Something the seed copy cannot undo: this file gets a database loaded afresh instead.
        console.warn('restoring the seeded database failed; loading the snapshot again', err);
        await open.handle.close().catch(() => {});
        embedded.open = load(template.snapshot);
        open = await embedded.open;
      }
    }
    open.used = true;
    return { prisma: open.handle.prisma, close: async () => {} };
  });
});

afterAll(async () => {
  // Background work this file set going (a clock, a kick, its retry timer) ends with the file: in
  // the next file's database it would sweep beside that file's tests.
  stopBackgroundClock();
  await quiesceBackgroundKick();
  await closeDb();
});

async function load(snapshot: string) {
  const pglite = await openPglite(undefined, new Blob([await readFile(snapshot)]));
  return { pglite, handle: pgliteHandle(pglite), used: false };
}

/** This worker's embedded database, kept from file to file (closed with the worker). */
const embedded = processWide('test-embedded-db', () => ({ open: undefined as Promise<{ pglite: PGlite; handle: Handle; used: boolean }> | undefined }));
