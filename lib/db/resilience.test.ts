import { describe, expect, it } from 'vitest';
import { isConnectionError, isNeverSent } from './errors';
import { isReadOnlyStatement, retryStatement } from './resilience';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** How Prisma reports a driver error (PrismaClientKnownRequestError's meta). */
const viaPrisma = (code: string) => Object.assign(new Error('Database error'), { code: 'P2039', meta: { driverAdapterError: { cause: { originalCode: code, originalMessage: 'x', kind: 'postgres' } } } });

describe('which failures are a lost connection', () => {
  it('knows the server ending the session, class 08 and node-postgres’ broken clients, however wrapped', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006'),
      pgError('08003'),
      viaPrisma('57P01'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('wrapped'), { cause: new Error('Connection terminated unexpectedly') }),
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    ]) {
      expect(isConnectionError(err), String(err)).toBe(true);
    }
  });

  it('leaves statement errors alone: a constraint, a deadlock, a bug', () => {
    for (const err of [pgError('23505'), pgError('40P01'), viaPrisma('23514'), new TypeError('x is undefined'), null, 'text']) {
      expect(isConnectionError(err), String(err)).toBe(false);
    }
  });

  it('is sure a statement never ran only when the client was already broken or no connection was made', () => {
    expect(isNeverSent(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isNeverSent(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isNeverSent(pgError('57P03'))).toBe(true);
    expect(isNeverSent(pgError('57P01'))).toBe(false);
    expect(isNeverSent(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

describe('which statements run again after a lost connection', () => {
  it('reads only: SELECT and WITH ... SELECT without a write, a lock or a sequence', () => {
    expect(isReadOnlyStatement('SELECT "id" FROM "Product" WHERE "slug" = $1')).toBe(true);
    expect(isReadOnlyStatement('  -- a read\n WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    for (const sql of [
      'INSERT INTO "Cart" VALUES ($1)',
      'UPDATE "Sku" SET stock = stock - 1',
      'WITH claim AS (INSERT INTO "IdempotencyRecord" VALUES ($1) RETURNING id) SELECT id FROM claim',
      'SELECT id FROM "Sku" WHERE id = $1 FOR UPDATE',
      "SELECT nextval('order_number')",
      'SELECT pg_advisory_xact_lock(1)',
      'DELETE FROM "IdempotencyRecord"',
    ]) {
      expect(isReadOnlyStatement(sql), sql).toBe(false);
    }
  });

  it('runs a read once more after a lost connection, a write never, a statement error never', async () => {
    const runs = (fail: unknown[]) => {
      let n = 0;
      return { run: async () => (n < fail.length ? Promise.reject(fail[n++]) : (n++, 'ok')), count: () => n };
    };
    const read = runs([pgError('57P01')]);
    await expect(retryStatement('SELECT 1', read.run)).resolves.toBe('ok');
    expect(read.count()).toBe(2);

    const write = runs([pgError('57P01')]);
    await expect(retryStatement('UPDATE "Cart" SET version = 2', write.run)).rejects.toMatchObject({ code: '57P01' });
    expect(write.count()).toBe(1);

    const unsent = runs([new Error('Client has encountered a connection error and is not queryable')]);
    await expect(retryStatement('UPDATE "Cart" SET version = 2', unsent.run)).resolves.toBe('ok');

    const twice = runs([pgError('57P01'), pgError('57P01')]);
    await expect(retryStatement('SELECT 1', twice.run)).rejects.toMatchObject({ code: '57P01' });
    expect(twice.count()).toBe(2);

    const refused = runs([pgError('23505')]);
    await expect(retryStatement('SELECT 1', refused.run)).rejects.toMatchObject({ code: '23505' });
    expect(refused.count()).toBe(1);
  });
});
