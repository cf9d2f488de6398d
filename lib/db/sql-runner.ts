import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { SqlRunner } from './migrations';

export function pgliteRunner(db: PGlite | Transaction): SqlRunner {
  return {
    query: async (sql, params) => ({ rows: (await db.query(sql, params)).rows as never[] }),
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: async (fn) => {
      if (!('transaction' in db)) return fn(pgliteRunner(db));
      return db.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

export function pgRunner(pool: Pool | PoolClient): SqlRunner {
  return {
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      if (!('connect' in pool) || typeof (pool as Pool).totalCount !== 'number') return fn(pgRunner(pool));
      const client = await (pool as Pool).connect();
      try {
        await client.query('BEGIN');
        const out = await fn(pgRunner(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
