import { createHmac, timingSafeEqual } from 'node:crypto';
import { publicBaseUrl } from '../core/media-urls';
import { getServerSecret } from '../platform/server-secret';
import type { MessageKind } from './kinds';

/**
 * The unsubscribe link of a non-transactional message: names one store, one address and one
 * kind, signed (HMAC-SHA256, server secret) so it cannot be altered to name another address. It
 * unsubscribes nothing by itself being fetched (a mail scanner opening it): the page asks first,
 * and the one-click POST of RFC 8058 (List-Unsubscribe-Post) records it.
 */
export type UnsubscribeTarget = { merchantId: string; address: string; kind: MessageKind };

function mac(t: UnsubscribeTarget): string {
  return createHmac('sha256', getServerSecret()).update(`unsubscribe:${t.merchantId}:${t.address.toLowerCase()}:${t.kind}`).digest('base64url');
}

export function unsubscribeUrl(t: UnsubscribeTarget, locale: string): string {
  const url = new URL('/notifications/unsubscribe', publicBaseUrl());
  url.searchParams.set('m', t.merchantId);
  url.searchParams.set('a', t.address.toLowerCase());
  url.searchParams.set('k', t.kind);
  url.searchParams.set('l', locale);
  url.searchParams.set('t', mac(t));
  return url.href;
}

export function checkUnsubscribeMac(t: UnsubscribeTarget, given: string): boolean {
  const expected = Buffer.from(mac(t));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
