import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { config } from '../platform/config';
import { processWide } from '../platform/process-wide';
import { Prisma } from '../generated/prisma/client';
import { isConnectionError, postgresError } from './errors';
import { retryStatement } from './resilience';
import type { SqlClient } from './rows';

/** Runs one statement with numbered parameters and returns its rows; `prepared` asks for a named statement where the driver keeps them. */
export type DriverRun = (text: string, values: unknown[], prepared: boolean) => Promise<unknown[]>;

type DirectClients = { plain: SqlClient; prepared: SqlClient };

/** Per process, not per bundled copy of this module (`processWide`): the first copy to open the database registers it. */
const directByClient = processWide('direct-drivers', () => new WeakMap<object, DirectClients>());

/**
 * The statements on the request path that matter most (authentication, the idempotency claim,
 * a cart's read and its one write, a checkout's start) are raw SQL already; run through Prisma,
 * each still pays its client machinery (about 1.5 to 2 ms of CPU per statement under load, see
 * bench/README.md). Those go to the driver under the Prisma client instead: the same pg pool, or
 * the same PGlite, so the connections and the embedded database's one-at-a-time rule are shared.
 */
export function registerDriver(prisma: object, run: DriverRun): void {
  directByClient.set(prisma, { plain: driverClient(run, false), prepared: driverClient(run, true) });
}

/**
 * DATABASE_PREPARED_STATEMENTS=off sends every statement unnamed: for a pooler in transaction mode
 * that cannot keep a connection's named statements (PgBouncer before 1.21, or with
 * max_prepared_statements = 0).
 */
export function preparedStatementsEnabled(): boolean {
  return config().DATABASE_PREPARED_STATEMENTS === 'on';
}

export function pgDriver(pool: Pool, prepare = preparedStatementsEnabled()): DriverRun {
  return async (text, values, prepared) => {
    const name = prepared && prepare ? statementName(text) : undefined;
    // Outside any transaction: once more after a connection error when that is safe (lib/db/resilience.ts).
    return retryStatement(text, async () => (await pool.query(name ? { text, values, name } : { text, values })).rows as unknown[]);
  };
}

/**
 * The pg driver for connections that share one session: the embedded database's socket
 * (lib/db/pglite-serve.mjs), where every connection's named statements live in PGlite's one
 * session. Each connection names its statements with a suffix of its own, so two connections
 * never parse the same name; a connection the pool replaces takes a new suffix. An SQL error
 * keeps the connection (pg's `pool.query` would drop it, and its statements would stay behind in
 * the session); a connection error drops it.
 */
export function sharedSessionDriver(pool: Pool, prepare = preparedStatementsEnabled()): DriverRun {
  const suffixes = new WeakMap<object, number>();
  let connections = 0;
  return (text, values, prepared) => retryStatement(text, () => runShared(text, values, prepared));
  async function runShared(text: string, values: unknown[], prepared: boolean): Promise<unknown[]> {
    const name = prepared && prepare ? statementName(text) : undefined;
    if (!name) return (await pool.query({ text, values })).rows as unknown[];
    const client = await pool.connect();
    let suffix = suffixes.get(client);
    if (suffix === undefined) suffixes.set(client, (suffix = connections++));
    try {
      const { rows } = await client.query({ text, values, name: `${name}_${suffix}` });
      client.release();
      return rows as unknown[];
    } catch (err) {
      client.release(postgresError(err) && !isConnectionError(err) ? undefined : (err as Error));
      throw err;
    }
  }
}

/**
 * The client a hot path runs its raw statement with: the driver itself when `db` is a process's
 * database client, and `db` unchanged otherwise: a transaction's statements must run on its
 * connection, and tests may hand in anything with `$queryRaw`. Rows come back as the driver
 * parses them (timestamptz as Date, json as objects, int4 as number; int8 differs between
 * drivers, so hot statements cast counts to int), and every caller parses them with zod.
 */
export function direct(db: SqlClient, mode: 'plain' | 'prepared' = 'plain'): SqlClient {
  return directByClient.get(db)?.[mode] ?? db;
}

/**
 * At most this many distinct statement texts are prepared per process (each connection of the
 * pool keeps those it ran); past it, statements run unnamed. The hot statements are a few dozen
 * texts (a cart change's write differs by kind of change, a checkout's start by line count).
 */
export const MAX_PREPARED_STATEMENTS = 256;
const statementNames = processWide('statement-names', () => new Map<string, string>());

/**
 * `prepared` statements go to PostgreSQL as named statements: each connection parses and
 * analyses one the first time it runs it, then only binds and executes it (and, once PostgreSQL
 * judges a generic plan as good as the custom ones, skips planning too). The name is the text's
 * hash, so a name never stands for two texts. Only for statements whose plan does not hinge on
 * their values (key lookups and writes): search, whose best plan depends on the words, stays
 * unnamed. PGlite keeps them too (lib/db/pglite-driver.ts).
 */
export function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_PREPARED_STATEMENTS) return known;
  const name = `sc_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
  statementNames.set(text, name);
  return name;
}

function driverClient(run: DriverRun, prepared: boolean): SqlClient {
  const $queryRaw = (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
    const statement = first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values);
    return run(statement.text, statement.values.map(parameter), prepared);
  };
  return { $queryRaw } as unknown as SqlClient;
}

/** Dates go as UTC ISO text, as Prisma sends them, whatever the process's time zone. */
function parameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
