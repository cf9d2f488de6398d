import 'server-only';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { getReadableMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Locale, Market } from '../schemas/common';
import { withMediaUrls } from '../core/media-urls';
import { collectionProductIds, loadProductEntries } from './product-entries';
import type { DecorationBlock, StorefrontDecoration } from './schemas';

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
  const row = await ctx.db.storefrontDecorationVersion.findFirst({
    where: { merchantId: merchant.id },
    orderBy: { version: 'desc' },
  });
  if (!row) throw new ServiceError('decoration_not_published');

  const locale = input.locale ?? (row.locale as Locale);
  const market = row.market as Market;
  // Validated when published, and the row cannot change since (see the migration's trigger).
  const stored = row.blocks as DecorationBlock[];
  const catalog = await loadProductEntries(ctx.db, merchant.id, collectionProductIds(stored), { locale, market });
  const blocks = stored.map((b) =>
    b.type === 'product_collection' ? { ...b, products: b.products.flatMap((p) => catalog.get(p.id) ?? []) } : b,
  );
  return {
    versionId: row.id,
    version: row.version,
    tenant: { slug: merchant.slug, displayName: merchant.displayName },
    locale,
    market,
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
