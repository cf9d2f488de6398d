import type { PrismaPg } from '@prisma/adapter-pg';
import { noteCommit, noteTransactionStatement, retryStatement } from './resilience';

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;

/**
 * A transaction holds one pg client, and a client runs one query at a time. Prisma's query
 * interpreter runs independent parts of one query side by side (a createMany's chunks, a
 * relation's reads) and our services may `Promise.all` reads on a transaction; pg 8 queues the
 * second query itself with a DeprecationWarning ("Calling client.query() when the client is
 * already executing a query") and pg 9 refuses it. So every statement of a transaction, and its
 * commit or rollback, waits for the one before: the same order pg 8 used, without relying on it.
 * Statements outside transactions take their own pooled client and stay concurrent.
 */
export function serialTransactions(factory: PrismaPg): PrismaPg {
  return new Proxy(factory, {
    get(target, prop, receiver) {
      if (prop === 'connect') return async () => serialAdapter(await target.connect());
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function serialAdapter(adapter: Adapter): Adapter {
  return new Proxy(adapter, {
    get(target, prop) {
      if (prop === 'startTransaction') return async (...args: Parameters<Adapter['startTransaction']>) => serialTransaction(await target.startTransaction(...args));
      // A statement outside a transaction runs once more after a connection error when that is
      // safe (lib/db/resilience.ts); one inside is retried with its whole transaction.
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        const run = (Reflect.get(target, prop, target) as (q: { sql: string }) => Promise<unknown>).bind(target);
        return (query: { sql: string }) => retryStatement(query.sql, () => run(query));
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const queued = new Set<PropertyKey>(['queryRaw', 'executeRaw', 'commit', 'rollback', 'createSavepoint', 'rollbackToSavepoint', 'releaseSavepoint']);

/** The transaction with its statements one after another, in the order they were issued. */
export function serialTransaction<T extends Pick<Transaction, 'queryRaw' | 'executeRaw' | 'commit' | 'rollback'>>(tx: T): T {
  let tail: Promise<unknown> = Promise.resolve();
  return new Proxy(tx, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!queued.has(prop)) return value.bind(target);
      return (...args: unknown[]) => {
        // Whether the COMMIT is in flight decides if a transaction whose connection failed may run again.
        if (prop === 'commit') noteCommit();
        else noteTransactionStatement((args[0] as { sql?: unknown } | undefined)?.sql);
        const run = tail.then(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        tail = run.catch(() => undefined);
        return run;
      };
    },
  });
}
