import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { Prisma } from '../generated/prisma/client';
import type { SqlClient } from './rows';

/** Runs one statement with numbered parameters and returns its rows. */
export type DriverRun = (text: string, values: unknown[]) => Promise<unknown[]>;

const directByClient = new WeakMap<object, SqlClient>();

/**
 * The statements on the request path that matter most (authentication, the idempotency claim,
 * a cart's read and its one write, a checkout's start) are raw SQL already; run through Prisma,
 * each still pays its client machinery (about 1.5 to 2 ms of CPU per statement under load, see
 * bench/README.md). Those go to the driver under the Prisma client instead: the same pg pool, or
 * the same PGlite, so the connections and the embedded database's one-at-a-time rule are shared.
 */
export function registerDriver(prisma: object, run: DriverRun): void {
  directByClient.set(prisma, driverClient(run));
}

export function pgDriver(pool: Pool): DriverRun {
  return async (text, values) => (await pool.query({ text, values })).rows as unknown[];
}

/** PGlite's query() waits for any open transaction, as Prisma's own queries do. */
export function pgliteDriver(pglite: PGlite): DriverRun {
  return async (text, values) => (await pglite.query(text, values)).rows;
}

/**
 * The client a hot path runs its raw statement with: the driver itself when `db` is a process's
 * database client, and `db` unchanged otherwise: a transaction's statements must run on its
 * connection, and tests may hand in anything with `$queryRaw`. Rows come back as the driver
 * parses them (timestamptz as Date, json as objects, int4 as number; int8 differs between
 * drivers, so hot statements cast counts to int), and every caller parses them with zod.
 */
export function direct(db: SqlClient): SqlClient {
  return directByClient.get(db) ?? db;
}

function driverClient(run: DriverRun): SqlClient {
  const $queryRaw = (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
    const statement = first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values);
    return run(statement.text, statement.values.map(parameter));
  };
  return { $queryRaw } as unknown as SqlClient;
}

/** Dates go as UTC ISO text, as Prisma sends them, whatever the process's time zone. */
function parameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
