import { expect, test } from './test';

// Public reads the cache holds are answered by proxy.ts before Next routes them
// (lib/http/cached-read.ts): the same answer as the route's, under the same headers.
const PRODUCT = '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro';

test('a cached public read is answered in front of the router with the route\'s body, ETag and headers', async ({ request }) => {
  const first = await request.get(PRODUCT);
  expect(first.status()).toBe(200);
  let hit = await request.get(PRODUCT);
  for (let i = 0; i < 5 && hit.headers()['x-cache'] !== 'hit'; i++) hit = await request.get(PRODUCT);
  const h = hit.headers();
  expect(h['x-cache']).toBe('hit');
  expect(await hit.text()).toBe(await first.text());
  expect(h['etag']).toBe(first.headers()['etag']);
  expect(h['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(h['content-type']).toBe('application/json; charset=utf-8');
  expect(h['x-request-id']).toMatch(/^req_/);
  expect(h['ratelimit-policy']).toMatch(/^"public";q=\d+;w=\d+$/);
  // next.config.ts's headers apply to the proxy's answers too.
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  // Next marks what its app router answered with `Vary: rsc, ...`; the proxy's answer has no such mark.
  expect(h['vary'] ?? '').not.toContain('rsc');

  // A write elsewhere (an earlier journey's checkout expiring on the server's timer) moves the
  // version and sends one read to the route: the next is answered from the cache again.
  let notModified = await request.get(PRODUCT, { headers: { 'if-none-match': h['etag']! } });
  for (let i = 0; i < 5 && notModified.headers()['x-cache'] !== 'hit'; i++) notModified = await request.get(PRODUCT, { headers: { 'if-none-match': h['etag']! } });
  expect(notModified.status()).toBe(304);
  expect(notModified.headers()['x-cache']).toBe('hit');
});

test('a read that presents store access goes to the route, past the cache', async ({ request }) => {
  await request.get(PRODUCT);
  const res = await request.get(PRODUCT, { headers: { 'x-store-access-token': 'not-a-token' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['x-cache']).toBeUndefined(); // rendered by the route, neither served from nor kept in the cache
  expect(await res.text()).toBe(await (await request.get(PRODUCT)).text()); // an invalid token opens nothing
});
