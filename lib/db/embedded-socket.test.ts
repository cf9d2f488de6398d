import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { serveOverSocket } from './pglite-serve.mjs';

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

  it('keeps concurrent connections\' unnamed statements apart', async () => {
    const clients = [client(), client(), client()];
    await Promise.all(clients.map((c) => c.connect()));
    // Each extended-protocol statement is Parse, Bind, Execute, Sync on the session's one unnamed
    // statement: a Bind of another connection's Parse would return another connection's value.
    const answers = await Promise.all(
      clients.map(async (c, k) => {
        const wrong: string[] = [];
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ v: string }>(`SELECT $1::text || '-' || ${k} AS v`, [`${k}.${i}`]);
          if (rows[0]!.v !== `${k}.${i}-${k}`) wrong.push(rows[0]!.v);
        }
        return wrong;
      }),
    );
    expect(answers).toEqual([[], [], []]);
    await Promise.all(clients.map((c) => c.end()));
  });

  it('runs no other connection\'s statement inside a connection\'s open transaction', async () => {
    const a = client();
    const b = client();
    await Promise.all([a.connect(), b.connect()]);
    await a.query('BEGIN');
    await a.query('INSERT INTO sock_t VALUES (10)');
    const order: string[] = [];
    const bInsert = b.query('INSERT INTO sock_t VALUES (11)').then(() => order.push('b inserted'));
    await new Promise((r) => setTimeout(r, 100));
    order.push('a rolls back');
    await a.query('ROLLBACK');
    await bInsert;
    expect(order).toEqual(['a rolls back', 'b inserted']);
    // b's insert ran after a's rollback, in its own (implicit) transaction: it stays.
    expect((await pglite.query('SELECT id FROM sock_t WHERE id >= 10 ORDER BY id')).rows).toEqual([{ id: 11 }]);
    await Promise.all([a.end(), b.end()]);
  });

  it('answers an SSL request with N and closes a connection that sends a malformed message, serving the others', async () => {
    const net = await import('node:net');
    const raw = net.connect(path.join(dir, '.s.PGSQL.5432'));
    await new Promise((r) => raw.once('connect', r));
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80877103, 4);
    raw.write(ssl);
    expect((await new Promise<Buffer>((r) => raw.once('data', r))).toString()).toBe('N');
    // A startup message that claims to be 2 GB long.
    const bogus = Buffer.alloc(8);
    bogus.writeInt32BE(0x7fffffff, 0);
    bogus.writeInt32BE(196608, 4);
    raw.write(bogus);
    await new Promise((r) => raw.once('close', r));
    const c = client();
    await c.connect();
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await c.end();
  });
});
