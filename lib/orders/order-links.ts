import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { publicBaseUrl } from '../core/media-urls';
import { getServerSecret } from '../platform/server-secret';

/**
 * The shopper's order page link is a capability: `/orders/<id>?token=<expiry>.<mac>`, the MAC an
 * HMAC-SHA256 (server secret) over the order id and the expiry. It needs no account, names one
 * order only, cannot be altered to name another, and stops working at its expiry: 180 days after
 * the order was placed, longer than any after-sales window after a normal delivery.
 */
export const ORDER_LINK_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

function mac(orderId: string, expiresAtSeconds: number): string {
  return createHmac('sha256', getServerSecret()).update(`order-page:${orderId}:${expiresAtSeconds}`).digest('base64url');
}

export function orderPageToken(orderId: string, placedAt: Date): string {
  const expires = Math.floor((placedAt.getTime() + ORDER_LINK_DAYS * DAY_MS) / 1000);
  return `${expires.toString(36)}.${mac(orderId, expires)}`;
}

/** The order page of an order placed at `placedAt` (the same link every time it is shown). */
export function orderPagePath(orderId: string, placedAt: Date): string {
  return `/orders/${orderId}?token=${orderPageToken(orderId, placedAt)}`;
}

export function orderPageUrl(orderId: string, placedAt: Date): string {
  return new URL(orderPagePath(orderId, placedAt), publicBaseUrl()).href;
}

export type TokenCheck = 'valid' | 'invalid' | 'expired';

/** Whether `token` opens the page of `orderId` at `now`: a forged or altered token is invalid. */
export function checkOrderPageToken(orderId: string, token: string | null | undefined, now: Date): TokenCheck {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return 'invalid';
  const expires = parseInt(match[1]!, 36);
  const expected = Buffer.from(mac(orderId, expires));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now.getTime() >= expires * 1000 ? 'expired' : 'valid';
}
