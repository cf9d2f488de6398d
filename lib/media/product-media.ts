import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ProductMediaRow } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { mediaUrl } from '../core/media-urls';
import { UPLOADED_MEDIA_PATH } from '../core/media-variants';
import type { Prisma } from '../generated/prisma/client';
import { appendEvent } from '../events/append-event';
import type { AssetRow } from './data';
import { type MediaChange, productMediaChanged } from './events';
import type { z } from 'zod';
import { MAX_MEDIA_PER_PRODUCT, type ProductMediaItem, type ProductMediaList } from './schemas';

/** The store a credential acts for (its installation's merchant): another store's product does not exist for it. */
export function storeOf(ctx: ServiceContext): string {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  return ctx.principal.merchantId;
}

/** A stored file's URL on this host, root-relative (as Product.media holds URLs). */
export function fileUrl(key: string): string {
  return `${UPLOADED_MEDIA_PATH}${key}`;
}

/** The product's media as the merchant API and the console show them: in order, with each upload's files. */
export function mediaList(ctx: ServiceContext, product: ProductMediaRow, assets: readonly AssetRow[]): ProductMediaList {
  const byId = new Map(assets.map((a) => [a.id, a]));
  const items: ProductMediaItem[] = product.media.map((m, position) => {
    const asset = byId.get(m.id);
    const variants = (asset?.files ?? [])
      .slice(1)
      .filter((f) => f.format === 'avif' || f.format === 'webp')
      .map((f) => ({ width: f.width, format: f.format as 'avif' | 'webp', url: mediaUrl(ctx, fileUrl(f.key)) }));
    return {
      id: m.id,
      position,
      kind: m.kind,
      url: mediaUrl(ctx, m.url),
      thumbnailUrl: m.thumbnailUrl && mediaUrl(ctx, m.thumbnailUrl),
      alt: { 'zh-CN': m.alt['zh-CN'] ?? '', 'en-US': m.alt['en-US'] ?? '' },
      width: m.width,
      height: m.height,
      uploaded: asset !== undefined,
      format: asset?.format ?? null,
      variants,
      skuIds: product.skus.filter((s) => s.imageId === m.id).map((s) => s.id),
    };
  });
  return { productId: product.id, maxItems: MAX_MEDIA_PER_PRODUCT, items };
}

/** The audit entry and `product.media_changed` of a change, in its transaction. */
export async function recordMediaChange(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  merchantId: string,
  productId: string,
  change: z.output<typeof MediaChange>,
  after: { mediaId: string | null; skuId?: string | null; mediaIds: string[]; details?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(tx, ctx.actor, {
    merchantId,
    action: `product.media.${change}`,
    subjectType: 'product',
    subjectId: productId,
    occurredAt: ctx.now,
    details: { mediaId: after.mediaId, ...(after.skuId ? { skuId: after.skuId } : {}), ...after.details },
  });
  await appendEvent(tx, productMediaChanged, {
    merchantId,
    installationId: null,
    subjectId: productId,
    occurredAt: ctx.now,
    payload: { productId, change, mediaId: after.mediaId, skuId: after.skuId ?? null, mediaIds: after.mediaIds, changedAt: ctx.now.toISOString() },
  });
}

/** The product's entry for this media id, or 404 `media_not_found`. */
export function mediaIndexOrThrow(product: ProductMediaRow, mediaId: string): number {
  const index = product.media.findIndex((m) => m.id === mediaId);
  if (index < 0) throw new ServiceError('media_not_found');
  return index;
}
