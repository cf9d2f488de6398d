import { readFileSync } from 'node:fs';
import { expectAxeClean } from './axe';
import { e2eServerLog } from './demo-file';
import { configureStripe, fakeStripe, payments, removeStripe } from './fake-stripe';
import { merchantUser } from './merchant';
import { orders } from './orders-cli';
import { openCheckoutSession } from './sessions';
import { type APIRequestContext, type BrowserContext, type Page, expect, test } from './test';

/**
 * Stripe without the internet (issue #41, items 5 and 6): the lane server's Stripe API is the
 * strict fake beside it (scripts/e2e-server.ts, tests/helpers/fake-stripe.ts), the official SDK
 * talking to it; lumen-audio's Stripe test account holds the fake's keys for these journeys only
 * (`npm run payments`, sealed as Settings -> Payments seals them), so the other journeys keep the
 * test card as the first method. What the browser cannot do offline is load Stripe.js and its
 * Payment Element: these journeys prove the page degrades, and drive the payment's outcome as
 * Stripe would, by signed webhooks. The test card end to end is e2e/checkout.spec.ts's.
 */

const STORE = 'lumen-audio';
const text = {
  en: {
    stripe: 'Card, Apple Pay or Google Pay (Stripe)',
    card: 'Card',
    manual: 'Bank transfer or pay on delivery',
    stripeNote: 'You enter your card or choose Apple Pay or Google Pay on the next page, in Stripe’s secure form. Nothing is charged until you pay there.',
    continueToStripe: 'Continue to secure payment',
    unavailable:
      'The secure payment form from Stripe could not load (no connection to Stripe, or it is blocked). Nothing was charged. Check your connection and reload, or go back and choose another payment method.',
    back: 'Back to the payment methods',
    providerDown: 'The card payment service is not answering right now. Nothing was charged. Try again in a moment, or choose another payment method.',
  },
  zh: {
    stripe: '银行卡、Apple Pay 或 Google Pay（Stripe）',
    stripeNote: '您将在下一页 Stripe 的安全表单中填写银行卡或选择 Apple Pay、Google Pay。在那里付款之前不会产生任何扣款。',
    continueToStripe: '继续安全付款',
    unavailable: '无法加载 Stripe 的安全付款表单（无法连接 Stripe 或被拦截）。未产生任何扣款。请检查网络后刷新，或返回选择其他付款方式。',
    back: '返回选择付款方式',
  },
};

let notificationUrl: string;

test.beforeAll(async ({ baseURL }) => {
  await configureStripe(baseURL!, STORE);
  // The URL Settings -> Payments shows the merchant to register with Stripe: where the journeys send its events.
  const listed = /notifications: (\S+)/.exec(payments(baseURL!, ['list', STORE]))?.[1];
  expect(listed).toMatch(/\/api\/payments\/stripe\/[0-9a-f-]{36}$/);
  notificationUrl = listed!;
});

test.afterAll(async ({ baseURL }) => {
  // The other journeys of this lane pay by test card first, as a store without Stripe does.
  removeStripe(baseURL!, STORE);
});

test.afterEach(async ({ baseURL }) => {
  await fakeStripe(baseURL!).outage(null);
});

/**
 * Records every request of the context that is not for the lane server and fails it as an offline
 * machine would (no request leaves this machine): what was asked for, of which kind, from which page.
 */
async function offline(context: BrowserContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const external: { url: string; type: string; page: string }[] = [];
  await context.route(
    (url) => url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin,
    async (route) => {
      const r = route.request();
      external.push({ url: r.url(), type: r.resourceType(), page: r.frame()?.page().url() ?? '' });
      await route.abort('internetdisconnected');
    },
  );
  return external;
}

/** The hosts a page's CSP allows, by the kind of request they are for. */
function cspSources(csp: string) {
  const directive = (name: string) => (csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name) ?? []).slice(1).filter((s) => /^https?:\/\//.test(s));
  return { script: directive('script-src'), connect: directive('connect-src'), frame: directive('frame-src') };
}

/** From the checkout page's review step (the session has an e-mail) to its payment step, Stripe offered first. */
async function toPaymentStep(page: Page, sessionId: string, continueToPayment = 'Continue to payment') {
  await page.goto(`/checkout/${sessionId}`);
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  await page.getByRole('button', { name: continueToPayment }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
}

/** On the payment step, Stripe chosen (the first method): on to the Stripe page; its response's CSP. */
async function toStripePage(page: Page, sessionId: string, t: { stripe: string; stripeNote: string; continueToStripe: string }) {
  await expect(page.getByRole('radio', { name: t.stripe })).toBeChecked();
  await expect(page.getByTestId('co-method-note')).toHaveText(t.stripeNote);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === `/checkout/${sessionId}/stripe` && r.request().resourceType() === 'document');
  await page.getByRole('button', { name: t.continueToStripe }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${sessionId}/stripe$`));
  return (await (await response).allHeaders())['content-security-policy'] ?? '';
}

/** The Stripe page as an offline browser sees it: Stripe.js fails to load, the page says so and offers the way back. */
async function expectDegraded(page: Page, t: { unavailable: string; back: string }) {
  await expect(page.locator('main[data-state="stripe_unavailable"]')).toBeVisible();
  await expect(page.getByTestId('stripe-unavailable')).toHaveText(t.unavailable);
  await expect(page.getByRole('button', { name: /Pay|支付/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: t.back })).toBeVisible();
  await expectAxeClean(page);
}

/** Every request that left for another host was one the Stripe page's CSP allows for its kind, and was made by that page. */
function expectOnlyCspAllowed(external: { url: string; type: string; page: string }[], csp: string, sessionId: string) {
  const allowed = cspSources(csp);
  expect(allowed.script).toContain('https://js.stripe.com');
  // The page did try: Stripe.js was asked for, and failed.
  expect(external.some((r) => new URL(r.url).origin === 'https://js.stripe.com' && r.type === 'script')).toBe(true);
  for (const r of external) {
    expect(new URL(r.page).pathname, r.url).toBe(`/checkout/${sessionId}/stripe`);
    const sources = r.type === 'script' ? allowed.script : r.type === 'fetch' || r.type === 'xhr' ? allowed.connect : r.type === 'document' ? allowed.frame : [];
    expect(sources, `${r.type} ${r.url}`).toContain(new URL(r.url).origin);
  }
}

/** A session on its payment step through the browser steps' API, its Stripe PaymentIntent created (what the page's button does). */
async function stripeSessionViaApi(request: APIRequestContext, baseURL: string) {
  const sessionId = await openCheckoutSession(request, baseURL, 'US');
  const review = await request.post(`/api/v1/hosted/checkout/${sessionId}/continue`, { data: { step: 'review' } });
  expect(review.status()).toBe(200);
  const pay = await request.post(`/api/v1/hosted/checkout/${sessionId}/continue`, { data: { step: 'payment', paymentMethod: 'stripe' } });
  expect(pay.status()).toBe(200);
  expect((await pay.json()).data.payment.status).toBe('processing');
  const [intent] = await fakeStripe(baseURL).intents(sessionId);
  return { sessionId, intent: intent! };
}

async function sendEvent(request: APIRequestContext, event: { payload: string; signature: string | null }) {
  return request.post(notificationUrl, { headers: { 'content-type': 'application/json', ...(event.signature ? { 'stripe-signature': event.signature } : {}) }, data: event.payload });
}

const orderCount = (baseURL: string) => orders(baseURL, 'list', '--limit', '1000').trim().split('\n').filter((l) => /^\S+\s+[0-9a-f-]{36}\s/.test(l)).length;

test('en-US: Stripe.js cannot load offline, the Stripe page says so, only CSP-allowed hosts were tried, and the shopper pays by another method', async ({ page, context, request, baseURL }) => {
  const fake = fakeStripe(baseURL!);
  const external = await offline(context, baseURL!);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  const sessionId = await openCheckoutSession(request, baseURL!, 'US');
  await toPaymentStep(page, sessionId);
  await expect(page.getByRole('radio')).toHaveCount(3);
  const csp = await toStripePage(page, sessionId, text.en);
  await expectDegraded(page, text.en);
  expectOnlyCspAllowed(external, csp, sessionId);
  expect(errors).toEqual([]);

  // One PaymentIntent at the fake, for the session's total, keyed by the session id.
  const intents = await fake.intents(sessionId);
  expect(intents).toHaveLength(1);
  const creates = (await fake.requestsOfSession(sessionId)).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  expect(creates.length).toBeGreaterThanOrEqual(1);
  for (const c of creates) expect(c.idempotencyKey).toBe(sessionId);

  // Back to the methods: the test card pays, and the order is placed.
  await page.getByRole('link', { name: text.en.back }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await expect(page.getByRole('radio', { name: text.en.manual })).toBeVisible();
  await page.getByRole('radio', { name: text.en.card, exact: true }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  await expect(page.getByTestId('co-payment')).toHaveText('Paid with Visa •••• 4242');
  // Nothing left for another host outside the Stripe page.
  expectOnlyCspAllowed(external, csp, sessionId);
});

test('zh-CN: the Stripe page degrades in Chinese, axe clean, and tries only the hosts its CSP allows', async ({ page, context, request, baseURL }) => {
  const external = await offline(context, baseURL!);
  const sessionId = await openCheckoutSession(request, baseURL!, 'CN', { email: 'wang.xiaoming@example.com' });
  await toPaymentStep(page, sessionId, '去付款');
  await expectAxeClean(page);
  const csp = await toStripePage(page, sessionId, text.zh);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expectDegraded(page, text.zh);
  expectOnlyCspAllowed(external, csp, sessionId);
  expect((await fakeStripe(baseURL!).intents(sessionId))[0]).toMatchObject({ currency: 'cny' });
});

test('a US shopper closes the tab on the Stripe page; the signed webhook places the order once; the confirmation and order pages show it paid', async ({ page, context, request, baseURL }) => {
  const fake = fakeStripe(baseURL!);
  await offline(context, baseURL!);
  const sessionId = await openCheckoutSession(request, baseURL!, 'US');
  await toPaymentStep(page, sessionId);
  await toStripePage(page, sessionId, text.en);
  await expect(page.locator('main[data-state="stripe_unavailable"]')).toBeVisible();
  const [intent] = await fake.intents(sessionId);
  expect((await fake.requestsOfSession(sessionId)).filter((r) => r.path === '/v1/payment_intents').every((r) => r.idempotencyKey === sessionId)).toBe(true);
  await page.close();

  // The shopper paid on Stripe's side (3-D Secure in another window, say); Stripe tells the store.
  const before = orderCount(baseURL!);
  await fake.succeed(intent!.id);
  const event = await fake.signedEvent('payment_intent.succeeded', intent!.id);
  const first = await sendEvent(request, event);
  expect(first.status()).toBe(200);
  expect((await first.json()).data).toEqual({ received: true, duplicate: false, handled: true });
  // Stripe delivers at least once: the same event again changes nothing.
  const again = await sendEvent(request, event);
  expect(again.status()).toBe(200);
  expect((await again.json()).data).toMatchObject({ duplicate: true });
  expect(orderCount(baseURL!)).toBe(before + 1);

  // The shopper comes back to the checkout link: completed, paid by card through Stripe.
  const shopper = await context.newPage();
  await shopper.goto(`/checkout/${sessionId}`);
  await expect(shopper.locator('main[data-state="completed"]')).toBeVisible();
  await expect(shopper.getByTestId('co-payment')).toHaveText('Paid with Visa •••• 4242');
  const number = (await shopper.getByTestId('co-order-number').textContent())!;
  await expectAxeClean(shopper);
  await shopper.getByTestId('co-order-page').click();
  await expect(shopper.getByTestId('op-number')).toHaveText(number);
  await expect(shopper.getByTestId('op-state')).toHaveText('Paid');
  await expect(shopper.getByTestId('op-payment')).toHaveText('Paid with Visa •••• 4242');
  // The return after the webhook placed nothing more.
  expect(orderCount(baseURL!)).toBe(before + 1);
  const shown = orders(baseURL!, 'show', number);
  expect(shown.match(/^\s+charge stripe succeeded/gm)).toHaveLength(1);
});

test('a merchant refunds part of a Stripe order in the console; the refund reaches Stripe with its idempotency key and the order pages show it', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const fake = fakeStripe(baseURL!);
  const { sessionId, intent } = await stripeSessionViaApi(request, baseURL!);
  await fake.succeed(intent.id);
  expect((await sendEvent(request, await fake.signedEvent('payment_intent.succeeded', intent.id))).status()).toBe(200);

  // The shopper's order is delivered (the merchant's steps, through the operator command), and they ask for a refund.
  await page.goto(`/checkout/${sessionId}`);
  const number = (await page.getByTestId('co-order-number').textContent())!;
  orders(baseURL!, 'fulfil', number);
  orders(baseURL!, 'ship', number, '--carrier', 'UPS', '--tracking', '1Z999AA10123456784');
  orders(baseURL!, 'deliver', number);
  await page.getByTestId('co-order-page').click();
  await expect(page.getByTestId('op-state')).toHaveText('Delivered');
  const shopperUrl = page.url();
  await page.getByText('Return, refund or exchange').click();
  await page.getByLabel('Refund only').check();
  await page.getByLabel('Reason').selectOption('damaged');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('op-request')).toContainText('Waiting for the store');

  // The merchant approves it and refunds part of it.
  const user = merchantUser(baseURL!, STORE);
  await page.goto(`/merchant/${STORE}/orders`);
  await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/${STORE}/orders`));
  await page.goto(`/merchant/${STORE}/orders/${number}`);
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${number}`);
  const requestCard = page.getByTestId('after-sales-request');
  await requestCard.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Request approved.');
  await requestCard.getByText('Refund…').click();
  const dialog = page.getByTestId('refund-dialog');
  const amount = dialog.getByRole('textbox');
  const full = Math.round(Number(await amount.inputValue()) * 100);
  const part = Math.floor(full / 2);
  await amount.fill((part / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Refunded.');

  // The refund sweep sends it to Stripe: one refund of that amount, keyed by the refund's own id.
  await expect.poll(async () => (await fake.refunds(intent.id)).map((r) => ({ amount: r.amount, status: r.status })), { timeout: 30_000 }).toEqual([{ amount: part, status: 'succeeded' }]);
  const sent = (await fake.requestsOfIntent(intent.id)).filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  expect(sent.length).toBeGreaterThanOrEqual(1);
  expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
  expect(sent[0]!.idempotencyKey).toMatch(/^refund_[0-9a-f-]{36}$/);
  expect(sent[0]!.form).toMatchObject({ payment_intent: intent.id, amount: String(part) });
  // Stripe's charge.refunded is acknowledged; the refund was settled by its own status already.
  expect((await sendEvent(request, await fake.signedEvent('charge.refunded', intent.id))).status()).toBe(200);

  // The console shows the refund succeeded at Stripe; the shopper's page shows what was refunded.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-payments').locator('[data-kind="refund"]')).toContainText('succeeded · stripe', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAxeClean(page);
  await page.goto(shopperUrl);
  await expect(page.getByTestId('op-request')).toContainText('Refunded');
  await expect(page.getByTestId('op-refunded')).toHaveText(`$${(part / 100).toFixed(2)}`);
});

test('Stripe answers 500, then does not answer: the shopper sees a clear error, no PaymentIntent and no order; once it is back, the payment starts', async ({ page, context, request, baseURL }) => {
  test.setTimeout(90_000);
  const fake = fakeStripe(baseURL!);
  await offline(context, baseURL!);
  const sessionId = await openCheckoutSession(request, baseURL!, 'US');
  const before = orderCount(baseURL!);
  await toPaymentStep(page, sessionId);
  const alert = page.locator('.co-error[role="alert"]');
  for (const mode of ['500', 'timeout'] as const) {
    await fake.outage(mode);
    await page.getByRole('button', { name: text.en.continueToStripe }).click();
    // A new answer each time (the one before is cleared while the step runs).
    if (mode === 'timeout') await expect(alert).toHaveCount(0);
    await expect(alert).toHaveText(text.en.providerDown, { timeout: 30_000 });
    await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/checkout/${sessionId}$`));
    // The server did ask, keyed by the session; the fake created nothing, so nothing can be charged.
    expect((await fake.requestsOfSession(sessionId)).some((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === sessionId)).toBe(true);
    expect(await fake.intents(sessionId)).toEqual([]);
    if (mode === '500') await expectAxeClean(page);
  }
  expect(orderCount(baseURL!)).toBe(before);
  const projection = await request.post(`/api/v1/hosted/checkout/${sessionId}/projection`, { data: {} });
  expect((await projection.json()).data).toMatchObject({ state: 'open', step: 'payment', payment: { status: 'unpaid', action: null } });

  // Stripe is back: the same button starts one PaymentIntent.
  await fake.outage(null);
  await toStripePage(page, sessionId, text.en);
  expect(await fake.intents(sessionId)).toHaveLength(1);
});

test('a forged Stripe webhook is refused 400 and logged, and changes nothing', async ({ request, baseURL }) => {
  const fake = fakeStripe(baseURL!);
  const { sessionId, intent } = await stripeSessionViaApi(request, baseURL!);
  await fake.succeed(intent.id);
  const before = orderCount(baseURL!);
  const log = e2eServerLog(new URL(baseURL!).port);
  const refusalsBefore = readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('payment notification refused')).length;

  const forged = await fake.signedEvent('payment_intent.succeeded', intent.id, 'whsec_forgedforgedforgedforged0000');
  const refused = await sendEvent(request, forged);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe('payment_notification_invalid');
  const genuine = await fake.signedEvent('payment_intent.succeeded', intent.id);
  expect((await sendEvent(request, { payload: genuine.payload, signature: null })).status()).toBe(400);
  expect((await sendEvent(request, { payload: genuine.payload.replace(`"amount":${intent.amount}`, `"amount":${intent.amount - 1}`), signature: genuine.signature })).status()).toBe(400);

  // Logged, with the store and the reason; nothing moved.
  await expect
    .poll(() => readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('payment notification refused')).slice(refusalsBefore))
    .toHaveLength(3);
  const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('payment notification refused')).slice(refusalsBefore);
  expect(lines[0]).toContain('signature does not match');
  expect(lines[1]).toContain('no Stripe-Signature header');
  expect(lines[0]).toContain(new URL(notificationUrl).pathname.split('/').pop()!);
  const projection = await request.post(`/api/v1/hosted/checkout/${sessionId}/projection`, { data: {} });
  expect((await projection.json()).data).toMatchObject({ state: 'open', payment: { status: 'processing' } });
  expect(orderCount(baseURL!)).toBe(before);
});
