import 'server-only';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

type MediaEntry = { url?: unknown; kind?: unknown; alt?: { 'en-US'?: unknown } };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The picture of each SKU, for the lines of carts and checkout sessions: the first image of its
 * product whose (English) text names one of the SKU's option values as a word (the White
 * earbuds, not the Black ones), else the product's first image; root-relative as stored, or null.
 * The product page picks a variant's picture by the same rule.
 */
export async function skuImageUrls(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  if (!skuIds.length) return new Map();
  const skus = await db.sku.findMany({
    where: { id: { in: [...skuIds] } },
    select: { id: true, optionValues: true, product: { select: { media: true } } },
  });
  return new Map(
    skus.map((s) => {
      const media = (Array.isArray(s.product.media) ? (s.product.media as MediaEntry[]) : []).filter(
        (m) => typeof m?.url === 'string' && (m.kind === undefined || m.kind === 'image'),
      );
      const values = Object.values((s.optionValues ?? {}) as Record<string, unknown>).filter((v): v is string => typeof v === 'string');
      const words = values.map((v) => new RegExp(`\\b${escape(v)}\\b`, 'i'));
      const own = media.find((m) => {
        const alt = m.alt?.['en-US'];
        return typeof alt === 'string' && words.some((w) => w.test(alt));
      });
      const url = (own ?? media[0])?.url;
      return [s.id, typeof url === 'string' ? url : null];
    }),
  );
}
