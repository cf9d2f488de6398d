import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { Prisma, type PrismaClient } from '../generated/prisma/client';
import { openPglite, prismaForPglite } from './client';
import { direct } from './direct';
import { SQLSTATE, postgresError } from './errors';
import { queryRow } from './rows';
import { z } from 'zod';

let pglite: PGlite;
let prisma: PrismaClient;

beforeAll(async () => {
  pglite = await openPglite();
  await pglite.exec(`CREATE TABLE direct_t (id int PRIMARY KEY, at timestamptz(3) NOT NULL, n int NOT NULL CONSTRAINT direct_t_n_nonnegative CHECK (n >= 0))`);
  prisma = prismaForPglite(pglite);
});
afterAll(async () => {
  await prisma.$disconnect();
  await pglite.close();
});

describe('direct', () => {
  it('runs a process client’s statements on its driver, with the same rows Prisma gives', async () => {
    const client = direct(prisma);
    expect(client).not.toBe(prisma);
    const at = new Date('2026-11-23T09:30:00.123Z');
    await client.$queryRaw(Prisma.sql`INSERT INTO direct_t VALUES (${1}, ${at}, ${2}) RETURNING id`);
    const Row = z.object({ id: z.number(), at: z.date(), n: z.number(), ids: z.array(z.number()) });
    const statement = Prisma.sql`SELECT id, at, n, ARRAY[id, n] AS ids FROM direct_t WHERE at = ${at} AND id = ANY(${[1, 5]}::int[])`;
    const viaDriver = await queryRow(client, Row, statement);
    expect(viaDriver).toEqual({ id: 1, at, n: 2, ids: [1, 2] });
    expect(await queryRow(prisma, Row, statement)).toEqual(viaDriver);
  });

  it('leaves a transaction’s client alone: its statements must run on the transaction', async () => {
    await prisma.$transaction(async (tx) => {
      expect(direct(tx)).toBe(tx);
    });
  });

  it('reports a driver’s constraint violation by its SQLSTATE, as for Prisma’s', async () => {
    const statement = Prisma.sql`UPDATE direct_t SET n = n - 5 WHERE id = 1 RETURNING id`;
    const viaDriver = await direct(prisma).$queryRaw(statement).then(() => null, (err: unknown) => postgresError(err));
    const viaPrisma = await prisma.$queryRaw(statement).then(() => null, (err: unknown) => postgresError(err));
    expect(viaDriver?.code).toBe(SQLSTATE.checkViolation);
    expect(viaDriver?.message).toContain('direct_t_n_nonnegative');
    expect(viaPrisma).toEqual(viaDriver);
    expect(postgresError(new Error('not a database error'))).toBeNull();
  });
});
