import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { type Handle, openEmbedded } from './client';
import { direct } from './direct';
import { readLock } from './embedded';
import { SQLSTATE, postgresError } from './errors';
import { queryRow, queryRows } from './rows';

let dir: string;
let dataDir: string;
let server: Handle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sc-pglite-worker-'));
  dataDir = path.join(dir, 'pglite');
  server = await openEmbedded(dataDir, 'server');
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const Count = z.object({ n: z.number() });

describe("the server's embedded database on its worker thread", () => {
  it('is migrated and answers Prisma and the direct driver', async () => {
    const { n } = (await queryRow(server.prisma, Count, Prisma.sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'Product'`))!;
    expect(n).toBe(1);
    await server.prisma.$executeRaw`CREATE TABLE worker_t (id int PRIMARY KEY, n int NOT NULL CONSTRAINT worker_t_n_nonnegative CHECK (n >= 0))`;
    await server.prisma.$executeRaw`INSERT INTO worker_t VALUES (1, 5)`;
    const row = await queryRow(direct(server.prisma, 'prepared'), z.object({ id: z.number(), n: z.number() }), Prisma.sql`SELECT id, n FROM worker_t WHERE id = ${1}`);
    expect(row).toEqual({ id: 1, n: 5 });
  });

  it("names each connection's statements apart, and an SQL error keeps the connection and its statements", async () => {
    const db = direct(server.prisma, 'prepared');
    const take = (by: number) => db.$queryRaw(Prisma.sql`UPDATE worker_t SET n = n - ${by} WHERE id = ${1} RETURNING n`);
    // Concurrent runs spread over the pool's connections: each parses the statement under its own name.
    await Promise.all(Array.from({ length: 8 }, () => take(0)));
    const names = await queryRows(
      server.prisma,
      z.object({ name: z.string() }),
      Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'UPDATE worker_t%' ORDER BY name`,
    );
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names.map((r) => r.name.replace(/_\d+$/, ''))).size).toBe(1);
    // A check violation comes back by SQLSTATE; the same statement runs on afterwards.
    const err = await take(99).catch((e: unknown) => e);
    expect(postgresError(err)?.code).toBe(SQLSTATE.checkViolation);
    expect(await take(1)).toEqual([{ n: 4 }]);
    const after = await queryRows(server.prisma, z.object({ name: z.string() }), Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'UPDATE worker_t%'`);
    expect(after.length).toBe(names.length);
  });

  it('serves a command through the socket while it runs, and frees the directory when closed', async () => {
    const command = await openEmbedded(dataDir, 'command');
    expect((await queryRow(command.prisma, Count, Prisma.sql`SELECT n FROM worker_t WHERE id = ${1}`))!.n).toBe(4);
    await command.close();
    expect(readLock(dataDir)?.pid).toBe(process.pid);
    await server.close();
    expect(readLock(dataDir)).toBeNull();
    // Opened again (as the next server start would), it has what the worker wrote.
    server = await openEmbedded(dataDir, 'server');
    expect((await queryRow(server.prisma, Count, Prisma.sql`SELECT n FROM worker_t WHERE id = ${1}`))!.n).toBe(4);
  }, 120_000);
});
