import 'server-only';
import { withMediaUrls } from '../core/media-urls';
import type { ServiceContext } from '../core/context';
import { type ExportProduct, writeProductCsv } from './csv-format';
import { csvStore } from './csv-import';
import { readExportProducts } from './data';
import type { ProductExport } from './import-schemas';
import { readOwnStoreOrThrow } from './product-admin';

/**
 * Every product of the store, whatever its status, as Shopify's product CSV (lib/catalog/csv-format.ts)
 * in handle order: the file the import reads back to the same catalog. `Variant Inventory Qty` is
 * the units on hand (held by open checkouts included), what the import sets; `Image Src` the
 * absolute URL of each image (an import of the store's own file recognises its images and adds none);
 * `Variant Image` the URL of the image a variant was pointed at.
 */
export async function exportProducts(ctx: ServiceContext, input: { merchantId: string }): Promise<ProductExport> {
  const store = await readOwnStoreOrThrow(ctx, input.merchantId);
  const products: ExportProduct[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await readExportProducts(ctx.db, store.id, after, 1_000);
    for (const p of page) {
      const images = withMediaUrls(ctx, p.media ?? []).filter((m) => m.kind === 'image');
      const urlOf = new Map(images.map((m) => [m.id, m.url]));
      products.push({
        handle: p.slug,
        status: p.status,
        title: p.title,
        description: p.description,
        kind: p.kind,
        vendor: p.vendor,
        productType: p.productType,
        tags: p.tags,
        seo: { title: p.seoTitle, description: p.seoDescription },
        options: (p.options ?? []).map((o) => ({ key: o.key, name: o.name, values: o.values.map((value) => ({ value, name: o.valueNames?.[value] ?? { 'zh-CN': value, 'en-US': value } })) })),
        variants: p.skus.map((s) => ({
          code: s.code,
          optionValues: s.optionValues,
          prices: s.prices,
          barcode: s.barcode,
          weightGrams: s.weightGrams,
          stock: s.onHand,
          imageUrl: (s.imageId && urlOf.get(s.imageId)) || null,
        })),
        media: images.map((m) => ({ url: m.url, alt: m.alt })),
      });
    }
    if (page.length < 1_000) break;
    after = page[page.length - 1]!.slug;
  }
  const csv = writeProductCsv(products, csvStore(store));
  return { filename: `${store.slug}-products.csv`, products: products.length, rows: products.reduce((n, p) => n + Math.max(p.variants.length, p.media.length), 0), csv };
}
