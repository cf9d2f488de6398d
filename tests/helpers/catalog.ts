import { getDb } from '../../lib/db/client';

/** A sellable physical SKU of the demo store lumen-audio, set to `stock` units and at most `maxPerOrder` per order. */
export async function stockedSku(stock: number, maxPerOrder: number): Promise<string> {
  const db = await getDb();
  const sku = await db.sku.findFirstOrThrow({
    where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind: 'physical' }, stock: { gt: 0 } },
    orderBy: { id: 'desc' },
  });
  await db.sku.update({ where: { id: sku.id }, data: { stock, maxPerOrder } });
  return sku.id;
}
