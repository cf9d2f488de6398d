import 'server-only';
import { randomUUID } from 'node:crypto';
import { lockProductMedia, readProductMedia, saveProductMedia } from '../catalog/data';
import type { CatalogMedia } from '../catalog/schemas';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { config } from '../platform/config';
import type { UploadedFile } from '../schemas/uploaded-file';
import { insertAsset, readProductAssets } from './data';
import { type ProcessedImage, processImage } from './process-image';
import { fileUrl, mediaList, recordMediaChange } from './product-media';
import { type MediaStorage, mediaStorage } from './providers';
import { MAX_MEDIA_PER_PRODUCT, type ProductMediaItem } from './schemas';

/** An upload checked and processed (processImage), before anything is stored: no database, no storage. */
export type PreparedUpload = { hash: string; bytes: number; image: ProcessedImage };

/**
 * The CPU part of an upload, run by the pipeline before the operation's transaction (`prepare`):
 * the file judged by its bytes and made into its files, in memory.
 */
export async function prepareUpload(file: UploadedFile): Promise<PreparedUpload> {
  const hash = file.sha256.slice(0, 16);
  return { hash, bytes: file.size, image: await processImage(file.bytes, hash, config().MEDIA_MAX_INPUT_PIXELS) };
}

export type UploadProductMediaInput = {
  merchantId: string;
  productId: string;
  upload: PreparedUpload;
  alt: { 'zh-CN': string; 'en-US': string };
  position?: number;
};

/**
 * Adds a prepared image to the store's product: its files written to the media storage under
 * content-addressed names, then in one transaction its place in the product's media, its row,
 * the audit entry and `product.media_changed`. Should the transaction fail, the files just
 * written are removed again.
 */
export async function uploadProductMedia(ctx: ServiceContext, input: UploadProductMediaInput, storage: MediaStorage = mediaStorage()): Promise<ProductMediaItem> {
  const id = randomUUID();
  const { hash, image } = input.upload;
  const prefix = `${input.merchantId}/${id}`;
  // Before any write: another store's product, or a full one, is refused.
  const found = await readProductMedia(ctx.db, input.merchantId, input.productId);
  if (!found) throw new ServiceError('product_not_found');
  if (found.media.length >= MAX_MEDIA_PER_PRODUCT) throw new ServiceError('media_limit_reached', { details: { maxItems: MAX_MEDIA_PER_PRODUCT } });

  const files = image.files.map((f) => ({ ...f, key: `${prefix}/${f.name}` }));
  const written: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.key, f.bytes, f.contentType);
      written.push(f.key);
    }
    return await ctx.db.$transaction(async (tx) => {
      const product = await lockProductMedia(tx, input.merchantId, input.productId);
      if (!product) throw new ServiceError('product_not_found');
      if (product.media.length >= MAX_MEDIA_PER_PRODUCT) throw new ServiceError('media_limit_reached', { details: { maxItems: MAX_MEDIA_PER_PRODUCT } });
      const thumbnail = files.find((f) => f.format === 'webp')!;
      const entry: CatalogMedia = {
        id,
        kind: 'image',
        url: fileUrl(files[0]!.key),
        thumbnailUrl: fileUrl(thumbnail.key),
        alt: input.alt,
        width: image.width,
        height: image.height,
        durationSeconds: null,
      };
      const at = Math.min(input.position ?? product.media.length, product.media.length);
      const media = [...product.media.slice(0, at), entry, ...product.media.slice(at)];
      await saveProductMedia(tx, product.id, media, ctx.now);
      await insertAsset(tx, {
        id,
        merchantId: input.merchantId,
        productId: product.id,
        contentHash: hash,
        format: image.format,
        sourceFormat: image.sourceFormat,
        width: image.width,
        height: image.height,
        storage: storage.kind,
        files: files.map((f) => ({ key: f.key, width: f.width, format: f.format, bytes: f.bytes.byteLength })),
        createdAt: ctx.now,
      });
      await recordMediaChange(tx, ctx, input.merchantId, product.id, 'added', {
        mediaId: id,
        mediaIds: media.map((m) => m.id),
        details: { format: image.sourceFormat, width: image.width, height: image.height, bytes: input.upload.bytes, position: at },
      });
      const list = mediaList(ctx, { ...product, media }, await readProductAssets(tx, input.merchantId, product.id));
      return list.items[at]!;
    });
  } catch (err) {
    await storage.delete(written).catch((cleanup: unknown) => ctx.log.warn({ err: cleanup, keys: written.length }, 'media files of a failed upload were not removed'));
    throw err;
  }
}
