import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, expect, test } from './test';
import { Webhook } from 'standardwebhooks';
import { expectAxeClean } from './axe';
import { e2eDemoFile } from './demo-file';
import { screenshot } from './screenshots';

/**
 * The console's Developers section as a merchant uses it: an API key created and shown once, the
 * key working against the API; a webhook endpoint pointed at a receiver this test starts on the
 * loopback (the e2e server allows it), a test event sent and seen, signed, by the receiver and in
 * the delivery log; return origins validated; axe on every page, and screenshots of every page in
 * both languages at desktop (1280) and phone (390) width.
 */

type Demo = { merchantUsers: { store: string; email: string; password: string }[] };
const demo = (baseURL: string): Demo => JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as Demo;
const STORE = 'lumen-audio';
const dev = (path: string) => `/merchant/${STORE}/developers/${path}`;

async function signIn(page: Page, baseURL: string) {
  const user = demo(baseURL).merchantUsers.find((u) => u.store === STORE)!;
  await page.goto(dev('api-keys'));
  await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The console's sign-in comes back to the store's first section; then on to the Developers pages.
  await expect(page).toHaveURL(new RegExp(`/merchant/${STORE}/`), { timeout: 20_000 });
  await page.goto(dev('api-keys'));
}

async function setLanguage(page: Page, baseURL: string, lang: 'en-US' | 'zh-CN') {
  await page.context().addCookies([{ name: 'mc_lang', value: lang, url: baseURL }]);
}

/** Axe on the page, then its screenshot in both languages at desktop and phone width. */
async function checkAndShoot(page: Page, baseURL: string, path: string, name: string) {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    await setLanguage(page, baseURL, lang);
    for (const [width, height, label] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(path);
      await expect(page.locator('html')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'zh-CN' ? '开发者' : 'Developers');
      await expectAxeClean(page);
      await screenshot(page, `test-results/screenshots/merchant-developers-${name}-${lang === 'zh-CN' ? 'zh' : 'en'}-${label}.png`);
    }
  }
  await setLanguage(page, baseURL, 'en-US');
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.setTimeout(120_000);

test('a merchant creates an API key, sees it once, and the key calls the API', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Developers' }).first().waitFor();

  // A refused submit: no scope ticked, the error next to the field.
  const form = page.getByTestId('create-key-form');
  await form.getByLabel('Name').fill('ERP sync');
  await form.getByRole('checkbox', { name: /catalog:read/ }).uncheck();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByTestId('field-error')).toHaveText('Tick at least one scope.');
  await expect(form.getByLabel('Name')).toHaveValue('ERP sync');

  await form.getByRole('checkbox', { name: /catalog:read/ }).check();
  await form.getByRole('checkbox', { name: /orders:read/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const secret = form.getByTestId('revealed-secret');
  await expect(secret).toBeVisible();
  const key = await secret.getByRole('textbox').inputValue();
  expect(key).toMatch(/^sk_test_/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await secret.getByRole('button', { name: 'Copy' }).click();
  await expect(secret.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The list shows it; its plaintext is nowhere once the page is loaded again.
  const keyId = key.slice('sk_test_'.length, 'sk_test_'.length + 16);
  const card = page.locator(`[data-key-id="${keyId}"]`);
  await expect(card).toContainText('ERP sync');
  await expect(card).toContainText('orders:read');
  await page.reload();
  await expect(page.locator(`[data-key-id="${keyId}"]`)).toContainText('Active');
  expect(await page.content()).not.toContain(key);

  const identity = await page.request.get('/api/v1/open/installation/identity', { headers: { authorization: `Bearer ${key}` } });
  expect(identity.status()).toBe(200);

  // Revoke asks first; then the key is refused.
  const revoke = page.locator(`[data-key-id="${keyId}"]`).getByTestId('revoke-key');
  await revoke.locator('summary').click();
  await revoke.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.locator(`[data-key-id="${keyId}"]`)).toContainText('Revoked');
  expect((await page.request.get('/api/v1/open/installation/identity', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
});

type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on the loopback that records what it gets and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

test('a merchant creates a webhook endpoint and sends a test event, which the receiver verifies and the log shows', async ({ page, baseURL }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, baseURL!);
    await page.goto(dev('webhooks'));
    const form = page.getByTestId('create-endpoint-form');
    // The SSRF guard speaks next to the field.
    await form.getByLabel('URL').fill('http://10.0.0.8/hooks');
    await form.getByRole('checkbox', { name: 'order.created' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByTestId('field-error')).toHaveText('This address is not on the public internet.');

    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = form.getByTestId('revealed-secret');
    await expect(secretBox).toBeVisible();
    const secret = await secretBox.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_/);

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('Enabled');
    await endpoint.getByRole('link', { name: `Manage: ${receiver.url}` }).click();
    await expect(page.getByTestId('endpoint-url')).toHaveText(receiver.url);

    const test = page.getByTestId('test-event-form');
    await test.getByLabel('Event kind').selectOption('order.paid');
    await test.getByRole('button', { name: 'Send test event' }).click();
    await expect(test.getByRole('status')).toContainText('Test event queued');

    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const [got] = receiver.received;
    const message = new Webhook(secret).verify(got!.body, {
      'webhook-id': String(got!.headers['webhook-id']),
      'webhook-timestamp': String(got!.headers['webhook-timestamp']),
      'webhook-signature': String(got!.headers['webhook-signature']),
    }) as { type: string };
    expect(message.type).toBe('order.paid');

    await expect(async () => {
      await page.getByTestId('refresh-log').click();
      await expect(page.getByTestId('delivery').first()).toContainText('Succeeded', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const delivery = page.getByTestId('delivery').first();
    await expect(delivery).toContainText('order.paid');
    await expect(delivery.getByTestId('attempt').first()).toContainText('200');
    await expectAxeClean(page);
    await checkAndShoot(page, baseURL!, new URL(page.url()).pathname, 'webhook-endpoint');
  } finally {
    receiver.server.close();
  }
});

test('return origins: an http origin is refused next to the field; an https one is added and removed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto(dev('return-origins'));
  const form = page.getByTestId('add-origin-form');
  await form.getByLabel('Origin').fill('http://shop.example');
  await form.getByRole('button', { name: 'Add origin' }).click();
  await expect(form.getByTestId('field-error')).toContainText('https');
  await form.getByLabel('Origin').fill('https://Shop.Example/thanks');
  await form.getByRole('button', { name: 'Add origin' }).click();
  await expect(form.getByRole('status')).toHaveText('https://shop.example added.');
  const row = page.getByTestId('return-origin').filter({ hasText: 'https://shop.example' });
  await expect(row).toHaveCount(1);
  await row.locator('summary').click();
  await row.getByRole('button', { name: 'Remove origin' }).click();
  await expect(page.getByTestId('return-origin').filter({ hasText: 'https://shop.example' })).toHaveCount(0);
});

for (const name of ['api-keys', 'webhooks', 'apps', 'return-origins'] as const) {
  test(`the ${name} page passes axe and is photographed in both languages at both widths`, async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await checkAndShoot(page, baseURL!, dev(name), name);
  });
}

test('another store’s Developers pages are the designed 404', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  for (const path of ['/merchant/huaxia-digital/developers/api-keys', '/merchant/huaxia-digital/developers/webhooks', `/merchant/${STORE}/developers/webhooks/00000000-0000-4000-8000-000000000000`, `/merchant/${STORE}/developers/webhooks/not-an-id`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId('console-not-found')).toBeVisible();
  }
});
