import { Prisma } from '../generated/prisma/client';
import type { ServiceContext } from '../core/context';
import {
  type CartRecord,
  type LineRecord,
  type LineRow,
  type SkuState,
  type Tx,
  cartColumns,
  isUuid,
  linesColumn,
  linesQuery,
  ownCart,
  principalOf,
  skuColumn,
  toLineRecord,
} from './cart-records';
import { ServiceError } from '../core/errors';
import { cartExpiry } from './limits';
import { assertCartChangeable } from './states';

export type CartSnapshot = { cart: CartRecord; lines: LineRecord[]; sku: SkuState | null };

type SnapshotRow = CartRecord & { lines?: LineRow[]; sku?: SkuState | null };

function toSnapshot(row: SnapshotRow | undefined, lines?: LineRow[]): CartSnapshot {
  if (!row) throw new ServiceError('cart_not_found');
  const { lines: embedded, sku = null, ...cart } = row;
  return { cart, lines: (lines ?? embedded ?? []).map(toLineRecord), sku };
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
  const where = ownCart(principal, target.cartId);
  const sku = target.skuId && isUuid(target.skuId) ? Prisma.sql`, ${skuColumn(target.skuId)}` : Prisma.empty;
  return ctx.db.$transaction(async (db) => {
    for (const locked of [false, true]) {
      const snapshot = locked
        ? await lockedSnapshot(db, where, sku)
        : toSnapshot(
            (
              await db.$queryRaw<SnapshotRow[]>`
                SELECT ${cartColumns}, ${linesColumn} ${sku}
                FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId" WHERE ${where}`
            )[0],
          );
      assertCartChangeable(snapshot.cart, ctx.now, target.expectedVersion);
      const { changes, result } = change(snapshot);
      const updated = await writeChange(db, snapshot.cart, ctx.now, changes);
      if (updated) return result(updated);
    }
    throw new Error(`cart ${target.cartId} changed while locked`);
  });
}

async function lockedSnapshot(db: Tx, where: Prisma.Sql, sku: Prisma.Sql): Promise<CartSnapshot> {
  const [row] = await db.$queryRaw<SnapshotRow[]>`
    SELECT ${cartColumns} ${sku} FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId" WHERE ${where} FOR UPDATE OF c`;
  if (!row) throw new ServiceError('cart_not_found');
  const lines = await db.$queryRaw<LineRow[]>(linesQuery(Prisma.sql`${row.id}::uuid`, Prisma.sql`${row.currency}`));
  return toSnapshot(row, lines);
}

/** A line write, run only when the version bump succeeds; `bumped` is the cart row it returned. */
export type LineWrite = Prisma.Sql;

export function upsertLine(line: LineRecord, now: Date): LineWrite {
  return Prisma.sql`INSERT INTO "CartLine" ("cartId", "skuId", quantity, "unitAmount", "pricedAt", position)
    SELECT id, ${line.sku.skuId}::uuid, ${line.quantity}, ${line.unitAmount}, ${now}, ${line.position} FROM bumped
    ON CONFLICT ("cartId", "skuId") DO UPDATE
      SET quantity = EXCLUDED.quantity, "unitAmount" = EXCLUDED."unitAmount", "pricedAt" = EXCLUDED."pricedAt"`;
}

export function deleteLine(skuId: string): LineWrite {
  return Prisma.sql`DELETE FROM "CartLine" WHERE "cartId" IN (SELECT id FROM bumped) AND "skuId" = ${skuId}::uuid`;
}

export type CartChanges = Partial<Pick<CartRecord, 'address' | 'addressHash' | 'addressTokenExpiresAt'>> & { lines?: LineWrite };

/**
 * One statement: the next version, a fresh expiry, the fields the change sets and its line
 * write, only if the cart is still at the version the change was computed from. Null when it
 * is not (another change won).
 */
async function writeChange(db: Tx, cart: CartRecord, now: Date, changes: CartChanges): Promise<CartRecord | null> {
  const { lines, ...fields } = changes;
  const next = { ...fields, version: cart.version + 1, updatedAt: now, expiresAt: cartExpiry(now) };
  const address =
    fields.address !== undefined
      ? Prisma.sql`, address = ${JSON.stringify(fields.address)}::jsonb, "addressHash" = ${fields.addressHash},
          "addressTokenExpiresAt" = ${fields.addressTokenExpiresAt}`
      : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH bumped AS (
      UPDATE "Cart" SET version = ${next.version}, "updatedAt" = ${now}, "expiresAt" = ${next.expiresAt} ${address}
      WHERE id = ${cart.id}::uuid AND version = ${cart.version} RETURNING id
    )${lines ? Prisma.sql`, line_write AS (${lines})` : Prisma.empty}
    SELECT id::text AS id FROM bumped`;
  return rows.length ? { ...cart, ...next } : null;
}
