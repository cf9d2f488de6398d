import type { SqlClient } from '../db/rows';

/**
 * The orders' SQL: the row lock every order change takes first. Two changes of one order (a
 * cancel and a ship, twenty retries of one cancel) queue here, and each sees the state the one
 * before it left, so exactly one of two conflicting moves wins.
 */
export async function lockOrderRow(db: SqlClient, orderId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM "Order" WHERE id = ${orderId}::uuid FOR UPDATE`;
  return rows.length === 1;
}
