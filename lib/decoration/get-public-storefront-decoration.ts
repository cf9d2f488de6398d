import 'server-only';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { getReadableMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Locale } from '../schemas/common';
import { withMediaUrls } from '../core/media-urls';
import { readLiveDecoration } from './data';
import { withCurrentProductEntries } from './product-entries';
import type { StorefrontDecoration } from './schemas';

export type GetDecorationInput = {
  slug: string;
  /**
   * Locale of the single-language strings (product titles). The API always serves the
   * published locale; the storefront pages pass the shopper's choice.
   */
  locale?: Locale;
};

/**
 * The store's published decoration: its highest version. Product entries are resolved against
 * the catalog on every read (current title, image and price in the decoration's market);
 * products that are no longer active products of the store are left out.
 */
export async function getPublicStorefrontDecoration(
  ctx: ServiceContext,
  input: GetDecorationInput,
): Promise<StorefrontDecoration> {
  // A protected store's decoration is its data: 401 store_access_required without its token.
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const row = await readLiveDecoration(ctx.db, merchant.id);
  if (!row) throw new ServiceError('decoration_not_published');

  const locale = input.locale ?? row.locale;
  const blocks = await withCurrentProductEntries(ctx.db, merchant.id, row.blocks, { locale, market: row.market });
  return {
    versionId: row.id,
    version: row.version,
    tenant: { slug: merchant.slug, displayName: merchant.displayName },
    locale,
    market: row.market,
    blocks: withMediaUrls(ctx, blocks),
  };
}

/**
 * The ETag: the versionId, plus a digest of the product entries, which are resolved from the
 * catalog on read and so can change (price, title, a product withdrawn) within one version.
 */
export function decorationEtag(decoration: z.input<typeof StorefrontDecoration>): string {
  const products = decoration.blocks.flatMap((b) => (b.type === 'product_collection' ? b.products : []));
  const digest = createHash('sha256').update(JSON.stringify(products)).digest('base64url').slice(0, 16);
  return `${decoration.versionId}.${digest}`;
}
