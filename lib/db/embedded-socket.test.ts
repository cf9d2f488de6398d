import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { serveOverSocket } from './embedded';

let pglite: PGlite;
let stop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  pglite = await openPglite();
  await pglite.exec('CREATE TABLE sock_t (id int PRIMARY KEY)');
  dir = mkdtempSync(path.join(tmpdir(), 'sc-socket-'));
  stop = await serveOverSocket(pglite, dir);
});
afterAll(async () => {
  await stop();
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () => new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });

describe('the embedded database on its unix socket', () => {
  it('rolls back a transaction its client left open by disconnecting, and lets the owner run again', async () => {
    const c = client();
    await c.connect();
    await c.query('BEGIN');
    await c.query('INSERT INTO sock_t VALUES (1)');
    c.on('error', () => {}); // "Connection terminated unexpectedly": this test cut it
    (c as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
    // The owner's next statement waits for the socket's transaction, which the server rolled back.
    const { rows } = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM sock_t');
    expect(rows).toEqual([{ n: 0 }]);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('commits what a client commits', async () => {
    const c = client();
    await c.connect();
    await c.query('BEGIN');
    await c.query('INSERT INTO sock_t VALUES (2)');
    await c.query('COMMIT');
    await c.end();
    expect((await pglite.query('SELECT id FROM sock_t')).rows).toEqual([{ id: 2 }]);
  });
});
