import 'server-only';
import type { ServiceContext } from '../core/context';
import { claimDeletedAssets, deleteAssetRows } from './data';
import { type MediaStorage, mediaStorage } from './providers';

const BATCH = 20;

/**
 * Removes the files of deleted images, then their rows: a background sweep, so a file goes only
 * after the deletion committed, and a storage that fails is tried again on the next pass (the row
 * stays until its files are gone). Any number of workers may run it at once (SKIP LOCKED).
 */
export async function sweepDeletedMedia(ctx: ServiceContext, storage: MediaStorage = mediaStorage()): Promise<{ deleted: number; files: number }> {
  return ctx.db.$transaction(
    async (tx) => {
      const assets = await claimDeletedAssets(tx, BATCH);
      let files = 0;
      for (const asset of assets) {
        await storage.delete(asset.files.map((f) => f.key));
        files += asset.files.length;
      }
      await deleteAssetRows(tx, assets.map((a) => a.id));
      return { deleted: assets.length, files };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
