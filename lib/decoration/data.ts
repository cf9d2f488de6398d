import type { SqlClient } from '../db/rows';

/** The decoration's SQL: what Prisma's typed queries cannot say. */

/** Serializes publishes of one store (inside their transaction), so each gets the next version number. */
export async function lockStoreForPublish(tx: SqlClient, merchantId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId}::uuid FOR UPDATE`;
}
