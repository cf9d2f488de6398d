import { type SqlClient, queryRow } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { type RecordInWrite, WriteResult } from '../core/write-completion';

/**
 * The hosted checkout's SQL on the request path: tagged templates only (every value a bound
 * parameter), rows parsed.
 */

export type CheckoutStart = {
  session: {
    id: string;
    merchantId: string;
    installationId: string;
    cartId: string;
    livemode: boolean;
    market: string;
    locale: string;
    currency: string;
    /** The pinned quote, as JSON text. */
    quote: string;
    total: number;
    returnUrl: string;
    cancelUrl: string;
    expiresAt: Date;
  };
  /** The cart version the quote was taken from: the cart moves only from it. */
  cartVersion: number;
  /** Units to reserve per SKU, in SKU id order (so racing sessions lock SKU rows in one order). */
  reservations: { skuId: string; quantity: number }[];
  now: Date;
  /** An idempotent request's record (lib/core/write-completion.ts), applied as `created`. */
  record: RecordInWrite;
};

/**
 * One statement starts a checkout: the cart moves to `checking_out` (only from the active
 * version quoted), every line's stock is taken, the session and its reservations are inserted,
 * and the idempotent outcome is recorded, all or nothing. A SKU with too few units left makes
 * the stock go below zero, which the `Sku_stock_nonnegative` CHECK refuses: the whole statement
 * fails (SQLSTATE 23514) and nothing is written. A racing session waits on the SKU row lock and
 * decrements what the winner left, so stock is never oversold. Not applied with `held` true: the
 * cart is no longer active at that version.
 */
export async function startCheckout(db: SqlClient, s: CheckoutStart): Promise<WriteResult> {
  const { session: x, record: r, now } = s;
  const skuIds = s.reservations.map((r) => r.skuId);
  const quantities = s.reservations.map((r) => r.quantity);
  const row = await queryRow(
    db,
    WriteResult,
    Prisma.sql`
      WITH ${r.before}moved AS (
        UPDATE "Cart" SET state = 'checking_out', version = version + 1, "updatedAt" = ${now}
        WHERE id = ${x.cartId}::uuid AND state = 'active' AND version = ${s.cartVersion} AND "expiresAt" > ${now}
          ${r.guard}
        RETURNING id
      ), taken AS (
        UPDATE "Sku" k SET stock = k.stock - r.q, "updatedAt" = ${now}
        FROM unnest(${skuIds}::uuid[], ${quantities}::int[]) AS r(id, q)
        WHERE k.id = r.id AND EXISTS (SELECT 1 FROM moved)
        RETURNING k.id
      ), created AS (
        INSERT INTO "CheckoutSession" (id, "merchantId", "installationId", "cartId", livemode, market, locale, currency, quote, total,
                                       "returnUrl", "cancelUrl", "createdAt", "updatedAt", "expiresAt")
        SELECT ${x.id}, ${x.merchantId}::uuid, ${x.installationId}::uuid, ${x.cartId}::uuid, ${x.livemode}, ${x.market}, ${x.locale},
               ${x.currency}, ${x.quote}::jsonb, ${x.total}, ${x.returnUrl}, ${x.cancelUrl}, ${now}, ${now}, ${x.expiresAt}
        FROM moved
        RETURNING id
      ), reserved AS (
        INSERT INTO "StockReservation" ("sessionId", "skuId", quantity, "createdAt")
        SELECT c.id, r.id, r.q, ${now} FROM created c CROSS JOIN unnest(${skuIds}::uuid[], ${quantities}::int[]) AS r(id, q)
      )${r.after}
      SELECT EXISTS (SELECT 1 FROM created) AS applied, ${r.held} AS held`,
  );
  return row!;
}
