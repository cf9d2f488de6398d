import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { Prisma, type PrismaClient } from '../generated/prisma/client';
import { openPglite, prismaForPglite } from './client';
import { direct } from './direct';
import { pgliteDriver } from './pglite-driver';
import { SQLSTATE, postgresError } from './errors';
import { queryRow } from './rows';

let pglite: PGlite;
let prisma: PrismaClient;

beforeAll(async () => {
  pglite = await openPglite();
  await pglite.exec(`CREATE TABLE pd_t (id int PRIMARY KEY, at timestamptz(3) NOT NULL, n int NOT NULL CONSTRAINT pd_t_n_nonnegative CHECK (n >= 0),
    tags text[] NOT NULL DEFAULT '{}', doc jsonb, note text)`);
  prisma = prismaForPglite(pglite);
});
afterAll(async () => {
  await prisma.$disconnect();
  await pglite.close();
});

/** Named statements PGlite holds whose text is `text`. */
async function preparedCount(text: string): Promise<number> {
  const { rows } = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`, [text]);
  return rows[0]!.n;
}

const Row = z.object({ id: z.number(), at: z.date(), n: z.number(), tags: z.array(z.string()), doc: z.unknown(), note: z.string().nullable() });

describe('PGlite driver, prepared statements', () => {
  it('gives the rows Prisma gives, for dates, arrays, json and nulls', async () => {
    const at = new Date('2026-11-23T09:30:00.123Z');
    const insert = Prisma.sql`INSERT INTO pd_t (id, at, n, tags, doc, note)
      VALUES (${1}, ${at}, ${2}, ${['a', 'b']}::text[], ${JSON.stringify({ k: [1, 'é'] })}::jsonb, ${null}) RETURNING id`;
    await direct(prisma, 'prepared').$queryRaw(insert);
    const select = Prisma.sql`SELECT id, at, n, tags, doc, note FROM pd_t WHERE at = ${at} AND id = ANY(${[1, 5]}::int[]) AND (${null}::text IS NULL)`;
    const viaDriver = await queryRow(direct(prisma, 'prepared'), Row, select);
    expect(viaDriver).toEqual({ id: 1, at, n: 2, tags: ['a', 'b'], doc: { k: [1, 'é'] }, note: null });
    expect(await queryRow(prisma, Row, select)).toEqual(viaDriver);
    expect(await queryRow(direct(prisma), Row, select)).toEqual(viaDriver);
  });

  it('parses a statement once and then only binds it', async () => {
    const statement = Prisma.sql`SELECT n FROM pd_t WHERE id = ${1}`;
    const client = direct(prisma, 'prepared');
    expect(await preparedCount(statement.text)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await client.$queryRaw(statement)).toEqual([{ n: 2 }]);
    expect(await preparedCount(statement.text)).toBe(1);
    // The plain client leaves no named statement behind.
    const plain = Prisma.sql`SELECT n + 0 AS n FROM pd_t WHERE id = ${1}`;
    expect(await direct(prisma).$queryRaw(plain)).toEqual([{ n: 2 }]);
    expect(await preparedCount(plain.text)).toBe(0);
  });

  it('reports a failed execution by its SQLSTATE and keeps working after it', async () => {
    const statement = (by: number) => Prisma.sql`UPDATE pd_t SET n = n - ${by} WHERE id = 1 RETURNING n`;
    const client = direct(prisma, 'prepared');
    const failed = await client.$queryRaw(statement(5)).then(() => null, (err: unknown) => postgresError(err));
    expect(failed?.code).toBe(SQLSTATE.checkViolation);
    expect(failed?.message).toContain('pd_t_n_nonnegative');
    expect(await client.$queryRaw(statement(1))).toEqual([{ n: 1 }]);
    expect(await preparedCount(statement(1).text)).toBe(1);
  });

  it('parses a statement again when the session lost it (DEALLOCATE ALL from a socket client)', async () => {
    const statement = Prisma.sql`SELECT n, ${'x'}::text AS x FROM pd_t WHERE id = ${1}`;
    const client = direct(prisma, 'prepared');
    expect(await client.$queryRaw(statement)).toEqual([{ n: 1, x: 'x' }]);
    await pglite.exec('DEALLOCATE ALL');
    expect(await preparedCount(statement.text)).toBe(0);
    expect(await client.$queryRaw(statement)).toEqual([{ n: 1, x: 'x' }]);
    expect(await preparedCount(statement.text)).toBe(1);
  });

  it('keeps no statement that did not parse', async () => {
    const broken = Prisma.sql`SELEC n FROM pd_t WHERE id = ${1}`;
    for (let i = 0; i < 2; i++) {
      const failed = await direct(prisma, 'prepared').$queryRaw(broken).then(() => null, (err: unknown) => postgresError(err));
      expect(failed?.code).toBe('42601');
    }
    expect(await preparedCount(broken.text)).toBe(0);
    expect(await direct(prisma, 'prepared').$queryRaw(Prisma.sql`SELECT ${7}::int AS seven`)).toEqual([{ seven: 7 }]);
  });

  it('waits for a transaction another caller has open, and never runs inside it', async () => {
    const count = Prisma.sql`SELECT count(*)::int AS n FROM pd_t WHERE id >= ${100}`;
    const client = direct(prisma, 'prepared');
    expect(await client.$queryRaw(count)).toEqual([{ n: 0 }]);
    let seen: unknown;
    let read: Promise<void> | undefined;
    await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO pd_t (id, at, n) VALUES (100, now(), 1)`;
      read = client.$queryRaw(count).then((rows) => void (seen = rows));
      await sleep(50);
      expect(seen).toBeUndefined();
    });
    await read;
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('finds the driver from another bundled copy of lib/db/direct (Next gives each server chunk its own)', async () => {
    vi.resetModules();
    const otherCopy = await import('./direct');
    expect(otherCopy.direct).not.toBe(direct);
    const statement = Prisma.sql`SELECT n * ${1} AS n FROM pd_t WHERE id = ${1}`;
    expect(otherCopy.direct(prisma, 'prepared')).not.toBe(prisma);
    expect(await otherCopy.direct(prisma, 'prepared').$queryRaw(statement)).toEqual([{ n: 1 }]);
    expect(await preparedCount(statement.text)).toBe(1);
  });

  it('sends every statement unnamed with DATABASE_PREPARED_STATEMENTS=off', async () => {
    const run = pgliteDriver(pglite, false);
    const text = 'SELECT $1::int + 1 AS m';
    expect(await run(text, [41], true)).toEqual([{ m: 42 }]);
    expect(await preparedCount(text)).toBe(0);
  });
});
