import { type Page, expect, extendBudget, test } from './test';

// Pages render and run under their Content-Security-Policy: no violation, headers in place.
/** Records every CSP violation the page reports, from its first script on; read it with `cspViolations`. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return async () => [...violations, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

function expectStrictHeaders(h: Record<string, string>) {
  expect(h['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

for (const path of ['/', '/stores/lumen-audio', '/stores/maison-atelier/access', '/merchant/sign-in', '/oauth/authorize?client_id=nobody']) {
  test(`${path} loads under its CSP without violations`, async ({ page }) => {
    const cspViolations = await watchCsp(page);
    const res = await page.goto(path, { waitUntil: 'networkidle' });
    expect(res!.status()).toBe(200);
    expectStrictHeaders(res!.headers());
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });
}

/**
 * The API reference renders the whole OpenAPI document in the browser (well over 100 operations and
 * their examples), the most expensive page to load here: one load checks it all. It runs under its
 * CSP, resolves every reference, labels the webhooks section once, and takes its fonts (and everything
 * else) from the app.
 */
test('/docs loads under its CSP, resolves every reference and loads its fonts from the app', async ({ page }) => {
  const cspViolations = await watchCsp(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/invalid reference|could not resolve/i.test(m.text())) problems.push(m.text());
  });
  const fonts: string[] = [];
  const otherHosts = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'font') fonts.push(url.pathname);
    if (!['data:', 'blob:'].includes(url.protocol) && url.host !== new URL(test.info().project.use.baseURL!).host) otherHosts.add(url.href);
  });
  const res = await page.goto('/docs', { waitUntil: 'networkidle' });
  expect(res!.status()).toBe(200);
  expectStrictHeaders(res!.headers());
  // In one fresh-clone CI run the title took longer than the 15 s expect timeout.
  extendBudget();
  await expect(page.getByText('Storefront Commerce').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.scalar-app').first()).toBeVisible();
  await expect(page.getByText('Webhook endpoints').first()).toBeVisible();
  expect(await page.getByText(/invalid reference/i).count()).toBe(0);
  expect(problems).toEqual([]);
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f).toMatch(/^\/vendor\/fonts\/.+\.woff2$/);
  expect(await cspViolations()).toEqual([]);
  expect([...otherHosts]).toEqual([]);
});

test('/favicon.ico is the app icon (browsers ask for it whatever the page links)', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await res.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
