import 'server-only';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { listPublicCategories } from '@/lib/catalog/list-public-categories';
import type { CategoryNode } from '@/lib/catalog/schemas';
import { listStoreCategoryTree } from '@/lib/catalog/store-categories';
import { publicBaseUrl } from '@/lib/core/media-urls';
import { inLocale, marketCurrency } from '@/lib/schemas/common';
import type { ConsoleRequest } from '../console';
import { categoryLabel } from './labels';
import type { ProductEditor } from './product-editor';

type EditorProps = Parameters<typeof ProductEditor>[0];

/**
 * What the product editor needs besides the product, read the same way for a new product and an
 * existing one: the store's currencies (one per market it sells in), its own categories and the
 * marketplace taxonomy as indented labels in the console's language, and the site's origin for
 * the search-engine preview.
 */
export async function editorContext({ ctx, store, locale }: Pick<ConsoleRequest, 'ctx' | 'store' | 'locale'>): Promise<Omit<EditorProps, 'product' | 'submitLabel'>> {
  const [merchant, categories, taxonomy] = await Promise.all([
    getMerchantByIdOrThrow(ctx.db, store.merchantId),
    listStoreCategoryTree(ctx, { merchantId: store.merchantId }),
    listPublicCategories(ctx),
  ]);
  const flat = (nodes: readonly CategoryNode[]): { slug: string; label: string }[] =>
    nodes.flatMap((c) => [{ slug: c.slug, label: `${'— '.repeat(c.depth)}${inLocale(c.name, locale)}` }, ...flat(c.children)]);
  return {
    locale,
    storeSlug: store.slug,
    origin: publicBaseUrl().origin,
    currencies: merchant.markets.map((m) => marketCurrency[m]),
    categories: categories.data.map((c) => ({ id: c.id, label: categoryLabel(c, locale) })),
    taxonomy: flat(taxonomy.data),
  };
}
