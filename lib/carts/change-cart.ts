import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type CartRecord, type LineRecord, type SkuState, isUuid, principalOf, toLineRecord } from './cart-records';
import { cartExpiry } from './limits';
import { type CartBump, type CartSnapshotRows, type LineWrite, bumpCart, readCartSnapshot, readCartSnapshotLocked } from './data';
import type { SqlClient } from '../db/rows';
import { direct } from '../db/direct';
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
 * a lock and without a transaction: its write is one statement, conditional on the version, so
 * it is atomic on its own. If another change won the race, the next attempt opens a transaction,
 * takes the row lock (waiting behind the other writers) and reads the lines in a later
 * statement, which sees what they committed; holding the lock, its write cannot lose. So every
 * change applies exactly once, contended or not; a client that sent expectedVersion gets 409
 * cart_version_conflict instead of a retry.
 *
 * Run by an idempotent request (`ctx.completion`), the first read also takes the request's key and
 * the write records its outcome: uncontended, a change is still two statements in all.
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
  const attempt = async (db: SqlClient, locked: boolean): Promise<{ output: T } | null> => {
    // The first read also takes an idempotent request's key; a locked retry holds it already.
    const snapshot = toSnapshot(locked ? await readCartSnapshotLocked(db, read) : await readCartSnapshot(db, read, ctx.completion));
    assertCartChangeable(snapshot.cart, ctx.now, target.expectedVersion);
    const { changes, result } = change(snapshot);
    const { bump, updated } = nextVersion(snapshot.cart, ctx.now, changes);
    // The answer is known before the write (the write applies exactly this), so an idempotent
    // request's record can be part of the write.
    const output = result(updated);
    return (await bumpCart(db, bump, { completion: ctx.completion, output })) ? { output } : null;
  };
  const first = await attempt(direct(ctx.db, 'prepared'), false);
  if (first) return first.output;
  return ctx.db.$transaction(async (db) => {
    const locked = await attempt(db, true);
    if (locked) return locked.output;
    throw new Error(`cart ${target.cartId} changed while locked`);
  });
}

export type CartChanges = Partial<Pick<CartRecord, 'address' | 'addressHash' | 'addressTokenExpiresAt'>> & { lines?: LineWrite };

/** The write of a change (the next version, a fresh expiry, the fields it sets, its line write) and the cart it leaves. */
function nextVersion(cart: CartRecord, now: Date, changes: CartChanges): { bump: CartBump; updated: CartRecord } {
  const { lines, ...fields } = changes;
  const next = { ...fields, version: cart.version + 1, updatedAt: now, expiresAt: cartExpiry(now) };
  return {
    bump: {
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
    },
    updated: { ...cart, ...next },
  };
}
