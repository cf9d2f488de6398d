import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Handle, openPglite, prismaForPostgres, prismaForSocket } from '../lib/db/client';
import { serveOverSocket } from '../lib/db/pglite-serve.mjs';
import { serialTransaction } from '../lib/db/serial-transactions';

describe('serialTransaction', () => {
  it('runs a transaction’s statements one at a time, in the order issued, and survives a failed one', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const statement = async (name: string, fail = false) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(name);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
    const tx = serialTransaction({
      queryRaw: (q: { sql: string }) => statement(q.sql, q.sql === 'bad'),
      executeRaw: (q: { sql: string }) => statement(q.sql).then(() => 1),
      commit: () => statement('commit').then(() => undefined),
      rollback: () => statement('rollback').then(() => undefined),
    } as never) as unknown as Record<'queryRaw' | 'executeRaw' | 'commit', (q?: { sql: string }) => Promise<unknown>>;
    const results = await Promise.allSettled([tx.queryRaw({ sql: 'a' }), tx.queryRaw({ sql: 'bad' }), tx.executeRaw({ sql: 'b' }), tx.commit()]);
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'bad', 'b', 'commit']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});

// The pg driver paths: PostgreSQL when the integration run gives one, else the embedded database
// served to the pg driver over its socket (the way `npm start` and the operator commands reach it).
describe('a transaction whose statements are issued side by side, through the pg driver', () => {
  let handle: Handle;
  let scratch: string | undefined;
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);

  beforeAll(async () => {
    process.on('warning', onWarning);
    const url = process.env.TEST_ACTIVE_DATABASE_URL;
    if (url) {
      const prisma = prismaForPostgres(url);
      handle = { prisma, close: () => prisma.$disconnect() };
    } else {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'sc-serial-'));
      const pglite = await openPglite(path.join(scratch, 'pglite'));
      const stop = await serveOverSocket(pglite, path.join(scratch, 'sock'));
      const prisma = prismaForSocket(path.join(scratch, 'sock'));
      handle = {
        prisma,
        close: async () => {
          await prisma.$disconnect();
          await stop();
          await pglite.close();
        },
      };
    }
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await handle?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('answers each, and pg never sees a query while another runs on the client (no DeprecationWarning)', async () => {
    const answers = await handle.prisma.$transaction(async (tx) =>
      Promise.all([1, 2, 3, 4].map((n) => tx.$queryRaw<{ n: number }[]>`SELECT ${n}::int AS n, pg_sleep(0.01)::text AS s`)),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4]);
    await new Promise((r) => setTimeout(r, 10));
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });
});
