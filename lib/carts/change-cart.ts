import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type CartRecord, type LineRecord, type SkuState, isUuid, principalOf, toLineRecord } from './cart-records';
import { cartExpiry } from './limits';
import { type CartSnapshotRows, type LineWrite, bumpCart, readCartSnapshot, readCartSnapshotLocked } from './sql';
import { assertCartChangeable } from './states';

export type CartSnapshot = { cart: CartRecord; lines: LineRecord[]; sku: SkuState | null };

function toSnapshot(rows: CartSnapshotRows | undefined): CartSnapshot {
  if (!rows) throw new ServiceError('cart_not_found');
  return { cart: rows.cart, lines: rows.lines.map(toLineRecord), sku: rows.sku };
}

/**
 * A change to one cart, applied at most once and never over another: the change is computed
 * from a snapshot of the cart at version v and written only if the cart is still at v.
 *
 * The first attempt reads the cart, its lines and the SKU concerned in one statement, without
 * a lock. If another change won the race, the next attempt takes the row lock (waiting behind
 * the other writers) and reads the lines in a later statement, which sees what they committed;
 * holding the lock, its write cannot lose. So every change applies exactly once, contended or
 * not; a client that sent expectedVersion gets 409 cart_version_conflict instead of a retry.
 *
 * Any cart not of the caller's installation, and an id that is not a UUID, is 404
 * cart_not_found, so cart ids cannot be probed across installations.
 */
export async function changeCart<T>(
  ctx: ServiceContext,
  target: { cartId: string; skuId?: string; expectedVersion?: number },
  change: (snapshot: CartSnapshot) => { changes: CartChanges; result: (updated: CartRecord) => T },
): Promise<T> {
  const principal = principalOf(ctx);
  if (!isUuid(target.cartId)) throw new ServiceError('cart_not_found');
  const read = { principal, cartId: target.cartId, skuId: target.skuId && isUuid(target.skuId) ? target.skuId : undefined };
  return ctx.db.$transaction(async (db) => {
    for (const locked of [false, true]) {
      const snapshot = toSnapshot(locked ? await readCartSnapshotLocked(db, read) : await readCartSnapshot(db, read));
      assertCartChangeable(snapshot.cart, ctx.now, target.expectedVersion);
      const { changes, result } = change(snapshot);
      const updated = await writeChange(db, snapshot.cart, ctx.now, changes);
      if (updated) return result(updated);
    }
    throw new Error(`cart ${target.cartId} changed while locked`);
  });
}

export type CartChanges = Partial<Pick<CartRecord, 'address' | 'addressHash' | 'addressTokenExpiresAt'>> & { lines?: LineWrite };

/**
 * The next version, a fresh expiry, the fields the change sets and its line write, only if the
 * cart is still at the version the change was computed from. Null when it is not (another
 * change won).
 */
async function writeChange(
  db: Parameters<typeof bumpCart>[0],
  cart: CartRecord,
  now: Date,
  changes: CartChanges,
): Promise<CartRecord | null> {
  const { lines, ...fields } = changes;
  const next = { ...fields, version: cart.version + 1, updatedAt: now, expiresAt: cartExpiry(now) };
  const written = await bumpCart(db, {
    cartId: cart.id,
    fromVersion: cart.version,
    version: next.version,
    now,
    expiresAt: next.expiresAt,
    address:
      fields.address !== undefined
        ? { address: fields.address, addressHash: fields.addressHash ?? null, addressTokenExpiresAt: fields.addressTokenExpiresAt ?? null }
        : undefined,
    lines,
  });
  return written ? { ...cart, ...next } : null;
}
