import { z } from 'zod';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

/** The media domain's queries: the uploaded images' rows (MediaAsset). */

export const StoredFile = z.object({ key: z.string(), width: z.number(), format: z.string(), bytes: z.number() });
export type StoredFile = z.output<typeof StoredFile>;

const AssetRow = z.object({
  id: z.string(),
  merchantId: z.string(),
  productId: z.string(),
  contentHash: z.string(),
  format: z.enum(['jpeg', 'png', 'webp', 'avif']),
  sourceFormat: z.string(),
  width: z.number(),
  height: z.number(),
  storage: z.string(),
  files: z.array(StoredFile),
  createdAt: z.date(),
  deletedAt: z.date().nullable(),
});
export type AssetRow = z.output<typeof AssetRow>;

type AssetClient = Pick<Prisma.TransactionClient, 'mediaAsset'>;

export async function insertAsset(tx: AssetClient, row: Omit<AssetRow, 'deletedAt'>): Promise<void> {
  await tx.mediaAsset.create({ data: { ...row, files: row.files as Prisma.InputJsonValue } });
}

/** The product's uploaded images that are not deleted. */
export async function readProductAssets(db: Db | AssetClient, merchantId: string, productId: string): Promise<AssetRow[]> {
  const rows = await db.mediaAsset.findMany({ where: { merchantId, productId, deletedAt: null } });
  return rows.map((r) => AssetRow.parse(r));
}

/** Marks an image deleted: its files go in the background work (sweepDeletedMedia). */
export async function markAssetDeleted(tx: AssetClient, merchantId: string, id: string, now: Date): Promise<void> {
  await tx.mediaAsset.updateMany({ where: { id, merchantId, deletedAt: null }, data: { deletedAt: now } });
}

/**
 * Claims up to `limit` deleted images whose files are still to remove, locking their rows so that
 * two workers never take the same (SKIP LOCKED); call in a transaction that deletes them after.
 */
export async function claimDeletedAssets(tx: Prisma.TransactionClient, limit: number): Promise<AssetRow[]> {
  const ids = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "MediaAsset" WHERE "deletedAt" IS NOT NULL ORDER BY "deletedAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
  if (ids.length === 0) return [];
  const rows = await tx.mediaAsset.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  return rows.map((r) => AssetRow.parse(r));
}

export async function deleteAssetRows(tx: AssetClient, ids: readonly string[]): Promise<void> {
  await tx.mediaAsset.deleteMany({ where: { id: { in: [...ids] } } });
}
