import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { marketCurrency } from '../schemas/common';
import { type DemoCategory, demoCategories, demoMerchants, demoSeries, demoTemplates } from './catalog-data';
import { seededRandom, stableUuid } from './ids';
import { demoProductMedia } from './media';

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** CNY price from a USD price: 7.2x, ending in 9 fen-yuan style (e.g. 424.00 -> 429.00). */
function cnyFromUsd(usdCents: number): number {
  const yuan = Math.round((usdCents * 7.2) / 100);
  return (Math.floor(yuan / 10) * 10 + 9) * 100;
}

export type CategoryRow = { id: string; slug: string; parentId: string | null; name: object; position: number; depth: number; path: string };

/** Category rows in depth-first order (parents first), with stable ids, depth and materialized path. */
export function flattenCategories(nodes: DemoCategory[], parent: CategoryRow | null = null, out: CategoryRow[] = []): CategoryRow[] {
  nodes.forEach((node, position) => {
    const row: CategoryRow = {
      id: stableUuid(`category:${node.slug}`),
      slug: node.slug,
      parentId: parent?.id ?? null,
      name: node.name,
      position,
      depth: parent ? parent.depth + 1 : 0,
      path: parent ? `${parent.path}/${node.slug}` : node.slug,
    };
    out.push(row);
    if (node.children) flattenCategories(node.children, row, out);
  });
  return out;
}

/** The demo store categories of lumen-audio: its own tree beside the shared taxonomy. */
export const demoStoreCategoryId = (key: string) => stableUuid(`store-category:lumen-audio:${key}`);

/**
 * lumen-audio's own categories (Listening > True wireless, Speakers, Studio software; Gift ideas
 * empty), and which of its products each holds: by their marketplace category.
 */
function demoStoreCategories() {
  const merchantId = stableUuid('merchant:lumen-audio');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const at = new Date(Date.UTC(2026, 0, 1));
  const node = (key: string, name: { 'zh-CN': string; 'en-US': string }, position: number, parent: string | null = null) => ({
    id: demoStoreCategoryId(key),
    merchantId,
    parentId: parent && demoStoreCategoryId(parent),
    name,
    position,
    createdAt: at,
    updatedAt: at,
  });
  const categories = [
    node('listening', l('聆听', 'Listening'), 0),
    node('true-wireless', l('真无线', 'True wireless'), 0, 'listening'),
    node('speakers', l('音箱', 'Speakers'), 1),
    node('studio-software', l('录音室软件', 'Studio software'), 2),
    node('gift-ideas', l('礼物推荐', 'Gift ideas'), 3),
  ];
  const byTaxonomy: Record<string, string> = { headphones: 'listening', speakers: 'speakers', software: 'studio-software', ebooks: 'studio-software' };
  const filed = (rows: { id: string; merchantId: string; categoryId: string | null }[]) =>
    rows.flatMap((p) => {
      if (p.merchantId !== merchantId) return [];
      const key = Object.entries(byTaxonomy).find(([slug]) => stableUuid(`category:${slug}`) === p.categoryId)?.[1];
      return key ? [{ productId: p.id, categoryId: demoStoreCategoryId(key) }] : [];
    });
  return { categories, filed };
}

export type SeedSummary = { merchants: number; categories: number; products: number; skus: number };

/**
 * Writes the demo catalog. Deterministic (stable ids, seeded randomness) and idempotent:
 * rows that already exist are left as they are.
 */
export async function seedDemoCatalog(db: Db): Promise<SeedSummary> {
  const categories = flattenCategories(demoCategories, null, []);
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));

  const merchantRows = demoMerchants.map((m) => ({
    id: stableUuid(`merchant:${m.slug}`),
    slug: m.slug,
    displayName: m.displayName,
    tagline: m.tagline,
    defaultLocale: m.defaultLocale,
    defaultMarket: m.defaultMarket,
    markets: m.markets,
    contact: m.contact,
    logoUrl: `/media/stores/${m.slug}.svg`,
    accentColor: m.accent,
    accessMode: m.password ? ('protected' as const) : ('open' as const),
  }));

  const products: Prisma.ProductCreateManyInput[] = [];
  const skus: { id: string; productId: string; code: string; optionValues: object; stock: number; maxPerOrder: number; position: number }[] = [];
  const prices: { skuId: string; currency: string; amount: number; compareAtAmount: number | null }[] = [];

  const base = Date.UTC(2026, 0, 1);
  for (const merchant of demoMerchants) {
    const merchantId = stableUuid(`merchant:${merchant.slug}`);
    const templates = demoTemplates[merchant.slug] ?? [];
    const seriesCount = merchant.slug === 'maison-atelier' ? 6 : demoSeries.length;
    const rand = seededRandom(merchant.slug.length * 7919);
    let n = 0;
    for (let s = 0; s < seriesCount; s++) {
      for (const t of templates) {
        const series = demoSeries[s]!;
        const title = { 'zh-CN': `${t.title['zh-CN']} ${series['zh-CN']}`, 'en-US': `${t.title['en-US']} ${series['en-US']}` };
        const slug = slugify(title['en-US']);
        const productId = stableUuid(`product:${merchant.slug}:${slug}`);
        const media = demoProductMedia(t, title, productId);
        products.push({
          id: productId,
          merchantId,
          slug,
          title,
          description: t.description,
          kind: t.kind,
          status: 'active',
          categoryId: categoryId.get(t.category) ?? null,
          media,
          options: (t.options ?? []).map(({ key, name, values, valueNames }) => ({ key, name, values, ...(valueNames && { valueNames }) })),
          createdAt: new Date(base + (n * 37 + s * 3) * 3_600_000),
        });
        // SKUs: the cartesian product of the first option's values (capped at 3), or one SKU.
        const first = t.options?.[0];
        const combos = first ? first.values.slice(0, 3).map((v) => ({ [first.key]: v })) : [{}];
        const factor = 1 + (s % 4) * 0.15;
        combos.forEach((optionValues, position) => {
          const code = `${slug.slice(0, 24).toUpperCase()}-${position + 1}`;
          const skuId = stableUuid(`sku:${productId}:${position}`);
          const soldOut = rand() < 0.08;
          skus.push({
            id: skuId,
            productId,
            code,
            optionValues,
            stock: t.kind === 'digital' ? 100000 : soldOut ? 0 : 5 + Math.floor(rand() * 120),
            maxPerOrder: t.kind === 'digital' ? 5 : 20,
            position,
          });
          const usd = Math.round((t.usd * factor) / 100) * 100 - 1;
          for (const market of merchant.markets) {
            const currency = marketCurrency[market];
            const amount = currency === 'USD' ? usd : cnyFromUsd(usd);
            const onSale = rand() < 0.2;
            prices.push({ skuId, currency, amount, compareAtAmount: onSale ? Math.round(amount * 1.25) : null });
          }
        });
        n++;
      }
    }
  }

  await db.$transaction(async (tx) => {
    await tx.merchant.createMany({ data: merchantRows, skipDuplicates: true });
    // Parents first: rows are already in depth-first order.
    await tx.category.createMany({ data: categories, skipDuplicates: true });
    await tx.product.createMany({ data: products, skipDuplicates: true });
    await tx.sku.createMany({ data: skus, skipDuplicates: true });
    await tx.skuPrice.createMany({ data: prices, skipDuplicates: true });
    const storeCategories = demoStoreCategories();
    await tx.storeCategory.createMany({ data: storeCategories.categories, skipDuplicates: true });
    await tx.productStoreCategory.createMany({
      data: storeCategories.filed(products.map((p) => ({ id: p.id!, merchantId: p.merchantId, categoryId: p.categoryId ?? null }))),
      skipDuplicates: true,
    });
    // Databases seeded before the pictures were redrawn, or before stores had brand colours.
    await tx.$executeRaw`
      UPDATE "Product" p SET "media" = x."media"
      FROM unnest(${products.map((p) => p.id)}::uuid[], ${products.map((p) => JSON.stringify(p.media))}::jsonb[]) AS x("id", "media")
      WHERE p."id" = x."id" AND p."media" IS DISTINCT FROM x."media"`;
    await tx.$executeRaw`
      UPDATE "Merchant" m SET "accentColor" = x."accentColor"
      FROM unnest(${merchantRows.map((m) => m.slug)}::text[], ${merchantRows.map((m) => m.accentColor)}::text[]) AS x("slug", "accentColor")
      WHERE m."slug" = x."slug" AND m."accentColor" IS NULL`;
  }, { timeout: 120_000 });

  return { merchants: merchantRows.length, categories: categories.length, products: products.length, skus: skus.length };
}
