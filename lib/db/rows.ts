import type { z } from 'zod';
import type { Prisma } from '../generated/prisma/client';

/** A client or a transaction: anything that runs a raw statement. */
export type SqlClient = { $queryRaw: Prisma.TransactionClient['$queryRaw'] };

/**
 * Runs one statement (a `Prisma.sql` tagged template: values are always bound parameters) and
 * parses each row it returns with `row`, so the shape a service works with is checked, not
 * asserted. A row that does not match is a bug between the SQL and its schema: it throws.
 */
export async function queryRows<S extends z.ZodType>(db: SqlClient, row: S, statement: Prisma.Sql): Promise<z.output<S>[]> {
  const rows = await db.$queryRaw<unknown[]>(statement);
  return rows.map((r) => row.parse(r));
}

/** The first row of `queryRows`, or undefined when there is none. */
export async function queryRow<S extends z.ZodType>(db: SqlClient, row: S, statement: Prisma.Sql): Promise<z.output<S> | undefined> {
  return (await queryRows(db, row, statement))[0];
}
