import 'server-only';
import { ServiceError } from '../core/errors';
import { type SqlClient } from '../db/rows';
import { type StockLevelCursor, type StockLevelRow, readLowStockThreshold } from './data';
import { DEFAULT_LOW_STOCK_THRESHOLD, type StockLevel } from './schemas';

/** What the inventory services share: a row as the API shows it, the store's threshold, the list cursors. */

/** The store's low-stock threshold: as set, or the default. */
export async function lowStockThreshold(db: SqlClient, merchantId: string): Promise<number> {
  return (await readLowStockThreshold(db, merchantId)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
}

export function toStockLevel(row: StockLevelRow, threshold: number): StockLevel {
  return {
    skuId: row.skuId,
    skuCode: row.skuCode,
    productId: row.productId,
    productSlug: row.productSlug,
    productTitle: row.productTitle,
    optionValues: row.optionValues,
    onHand: row.stock + row.reserved,
    reserved: row.reserved,
    available: row.stock,
    low: row.stock <= threshold,
    version: row.version,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

const invalidCursor = () => new ServiceError('validation_failed', { issues: [{ path: 'query.cursor', code: 'invalid_cursor', message: 'not a cursor this list gave' }] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque cursors, as the other merchant lists give them: where the page ended, as JSON in base64url. */
function encode(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function decode(cursor: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed)) throw invalidCursor();
    return parsed;
  } catch {
    throw invalidCursor();
  }
}

export function encodeStockLevelCursor(row: StockLevelRow): string {
  return encode([row.productSlug, row.position, row.skuId]);
}

export function decodeStockLevelCursor(cursor: string | undefined): StockLevelCursor | undefined {
  if (cursor === undefined) return undefined;
  const [productSlug, position, skuId, ...rest] = decode(cursor);
  if (rest.length || typeof productSlug !== 'string' || !Number.isSafeInteger(position) || typeof skuId !== 'string' || !UUID.test(skuId)) throw invalidCursor();
  return { productSlug, position: position as number, skuId };
}

export function encodeAdjustmentCursor(version: number): string {
  return encode([version]);
}

export function decodeAdjustmentCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const [version, ...rest] = decode(cursor);
  if (rest.length || !Number.isSafeInteger(version) || (version as number) < 1) throw invalidCursor();
  return version as number;
}
