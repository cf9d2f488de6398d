import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import * as categoriesRoute from '../app/api/v1/catalog/categories/route';
import nextConfig from '../next.config';
import { proxy } from '../proxy';
import { call } from './helpers/http';

const pages = ['/', '/stores/lumen-audio', '/stores/maison-atelier/access', '/docs', '/checkout/cs_x', '/orders/ord_x', '/merchant', '/oauth/authorize'];

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('security headers', () => {
  it.each(pages)('%s: a strict CSP with a fresh script nonce, passed to Next on the request', async (path) => {
    const [a, b] = [await proxy(new NextRequest(`http://localhost${path}`)), await proxy(new NextRequest(`http://localhost${path}`))];
    const csp = a.headers.get('content-security-policy')!;
    const d = directives(csp);
    const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(d.get('script-src')).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'"]));
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/https?:|\*/);
    // Next reads the nonce back from the request headers it forwards.
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(a.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(b.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('sends nosniff, a referrer policy and DENY framing on every path (next.config headers)', async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((r) => r.source === '/:path*')!;
    const h = Object.fromEntries(all.headers.map((x) => [x.key.toLowerCase(), x.value]));
    expect(h).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY' });
  });

  it('a store home with a decoration preview link may be framed by this origin only (the studio); nothing else', async () => {
    const framing = async (path: string) => directives((await proxy(new NextRequest(`http://localhost${path}`))).headers.get('content-security-policy')!).get('frame-ancestors');
    expect(await framing('/stores/lumen-audio?preview=abc')).toEqual(["'self'"]);
    for (const path of ['/stores/lumen-audio', '/stores/lumen-audio/products?preview=abc', '/merchant?preview=abc', '/?preview=abc']) expect(await framing(path)).toEqual(["'none'"]);
    const rules = await nextConfig.headers!();
    const preview = rules.find((r) => r.has?.some((h) => h.type === 'query' && h.key === 'preview'))!;
    expect(preview.source).toBe('/stores/:slug');
    expect(preview.headers).toEqual([{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }]);
    // The later rule wins for that page only; every other page keeps DENY from the first.
    expect(rules.indexOf(preview)).toBeGreaterThan(rules.findIndex((r) => r.source === '/:path*'));
  });

  it('API responses carry nosniff themselves, successes and errors alike', async () => {
    expect((await call(categoriesRoute.GET)).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(categoriesRoute.POST, { method: 'POST' })).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(categoriesRoute.OPTIONS, { method: 'OPTIONS' })).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the Stripe payment page’s policy', () => {
  const id = 'cs_9q3Xw2mVb7LkT4nR8pZc1sYh5JdG0aEu';
  it('allows Stripe’s hosts on /checkout/<session>/stripe only', async () => {
    const { contentSecurityPolicy: csp, thirdPartySources } = await import('../lib/http/security-headers');
    const stripe = csp('n0nce', false, [], "'none'", thirdPartySources(`/checkout/${id}/stripe`));
    expect(stripe).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic' https://js.stripe.com");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com");
    expect(stripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    for (const path of [`/checkout/${id}`, `/checkout/${id}/stripe/x`, '/checkout/cs_short/stripe', '/stores/lumen-audio']) {
      const page = csp('n0nce', false, [], "'none'", thirdPartySources(path));
      expect(page).not.toContain('stripe.com');
      expect(page).toContain("connect-src 'self';");
    }
  });
});
