import ipaddr from 'ipaddr.js';
import { type Config, config } from '../platform/config';

/**
 * The address every unproxied request shares. Next gives route handlers no socket peer address,
 * so without a declared proxy there is nothing trustworthy to tell clients apart: they share one
 * rate-limit budget and one store-access lockout until the deployment declares its proxy.
 */
export const UNPROXIED_ADDRESS = 'unproxied';

/**
 * THE client address, for rate limits, idempotency scoping and store-access lockouts. It is taken
 * only from headers the deployment's own proxy sets, never from what a client may send:
 * - on Vercel (VERCEL=1), `x-real-ip`, which Vercel's edge overwrites on every request;
 * - self-hosted, TRUSTED_PROXY_HOPS=N (0 to 16, default 0) says how many proxies in front of the app
 *   append to `x-forwarded-for`: the address is the entry the outermost of them appended, the
 *   N-th from the right. Entries further left are whatever the client sent, and ignored;
 * - with no proxy declared, UNPROXIED_ADDRESS. `x-real-ip` is never read outside Vercel.
 */
export function clientAddress(headers: Pick<Headers, 'get'>, settings: Pick<Config, 'VERCEL' | 'TRUSTED_PROXY_HOPS'> = config()): string {
  if (settings.VERCEL) return normalize(headers.get('x-real-ip')) ?? UNPROXIED_ADDRESS;
  const hops = settings.TRUSTED_PROXY_HOPS;
  if (hops === 0) return UNPROXIED_ADDRESS;
  const chain = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return normalize(chain[chain.length - hops] ?? chain[0]) ?? UNPROXIED_ADDRESS;
}

/** One spelling per address (IPv4-mapped IPv6 as IPv4, IPv6 compressed); other tokens are kept, capped. */
function normalize(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (ipaddr.isValid(v)) {
    const parsed = ipaddr.parse(v);
    return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address().toString()
      : parsed.toString();
  }
  return v.slice(0, 64);
}
