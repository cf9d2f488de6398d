/**
 * The client address for rate limiting and idempotency scoping. Behind Vercel or another proxy
 * the platform sets x-forwarded-for / x-real-ip; TRUSTED_PROXY_HOPS says how many proxies
 * append to x-forwarded-for (default 1), so a client cannot pick its own address.
 */
export function clientAddress(headers: Headers): string {
  const realIp = headers.get('x-real-ip')?.trim();
  if (realIp) return realIp;
  const forwarded = headers.get('x-forwarded-for');
  if (forwarded) {
    const hops = Math.max(1, Number(process.env.TRUSTED_PROXY_HOPS ?? 1));
    const chain = forwarded.split(',').map((s) => s.trim()).filter(Boolean);
    const candidate = chain[Math.max(0, chain.length - hops)];
    if (candidate) return candidate;
  }
  return 'unknown';
}
