import 'server-only';
import { randomUUID } from 'node:crypto';
import { type MerchantRecord, getMerchantOrThrow, getReadableMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { withMediaUrls } from '../core/media-urls';
import type { Locale, Market } from '../schemas/common';
import { deleteExpiredPreviews, insertPreview, readLivePreview } from './data';
import { collectionProductIds, withCurrentProductEntries } from './product-entries';
import { signPreviewToken, verifyPreviewToken } from './preview-token';
import { validateDecorationDraft } from './publish-decoration';
import type { DecorationBlock } from './schemas';

/** How long a preview link works by default, and at most. */
export const PREVIEW_TTL_SECONDS = { default: 24 * 3600, max: 7 * 24 * 3600 } as const;

export type DecorationPreviewLink = { token: string; path: string; expiresAt: string; blocks: number; products: number };

/**
 * Keeps a draft for previewing without publishing it: validated exactly as publishing would
 * (400 validation_failed listing every violation), stored apart from the published versions,
 * and reachable only through the signed, expiring link returned here. The store's expired
 * previews are removed on the way. `slug` names the store for the operator's command; the
 * console and the API pass the store they act on.
 */
export async function createDecorationPreview(
  ctx: ServiceContext,
  input: ({ slug: string } | { merchant: MerchantRecord }) & { draft: unknown; ttlSeconds?: number },
): Promise<DecorationPreviewLink> {
  const merchant = 'merchant' in input ? input.merchant : await getMerchantOrThrow(ctx.db, input.slug);
  const valid = await validateDecorationDraft(ctx, { merchant, draft: input.draft });
  const ttl = Math.min(Math.max(1, Math.floor(input.ttlSeconds ?? PREVIEW_TTL_SECONDS.default)), PREVIEW_TTL_SECONDS.max);
  // Whole seconds: the link carries the expiry in seconds and the row must agree with it.
  const expiresAt = new Date((Math.floor(ctx.now.getTime() / 1000) + ttl) * 1000);
  const previewId = randomUUID();
  await ctx.db.$transaction(async (tx) => {
    await deleteExpiredPreviews(tx, valid.merchant.id, ctx.now);
    await insertPreview(tx, { id: previewId, merchantId: valid.merchant.id, locale: valid.locale, market: valid.market, blocks: valid.stored, expiresAt });
  });
  const token = signPreviewToken(valid.merchant.slug, { previewId, expiresAt });
  return {
    token,
    path: `/stores/${encodeURIComponent(valid.merchant.slug)}?preview=${token}`,
    expiresAt: expiresAt.toISOString(),
    blocks: valid.blocks.length,
    products: collectionProductIds(valid.blocks).length,
  };
}

export type DecorationPreview = { locale: Locale; market: Market; blocks: DecorationBlock[]; expiresAt: string };

/**
 * The draft behind a preview link, resolved like the published decoration (current product
 * titles, images and prices; products no longer sold left out), or null when the link is not
 * valid for this store or has expired. A protected store still needs its store access.
 */
export async function getDecorationPreview(
  ctx: ServiceContext,
  input: { slug: string; token: string; locale?: Locale },
): Promise<DecorationPreview | null> {
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const claims = verifyPreviewToken(merchant.slug, input.token, ctx.now);
  if (!claims) return null;
  const row = await readLivePreview(ctx.db, merchant.id, claims.previewId, ctx.now);
  if (!row) return null;
  const locale = input.locale ?? row.locale;
  const blocks = await withCurrentProductEntries(ctx.db, merchant.id, row.blocks, { locale, market: row.market });
  return { locale, market: row.market, blocks: withMediaUrls(ctx, blocks), expiresAt: row.expiresAt.toISOString() };
}
