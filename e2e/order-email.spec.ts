import { expect as baseExpect, type Page, test } from './test';
import { buyByTestCard } from './shopper';
import { expectAxeClean } from './axe';
import { merchantUser } from './merchant';

/**
 * Order e-mail (#42) as people meet it: a shopper buys; the confirmation arrives (read from the
 * development mailbox, the embedded default's letter_opener) and its link opens the order; the
 * merchant ships from the console and the shopper's "shipped" message carries the carrier's
 * tracking link. Then Settings -> Notifications: previews in both languages, the store's own
 * wording, and a test to the signed-in member, which lands in the mailbox.
 */

const STORE = 'lumen-audio';
const merchant = (baseURL: string) => merchantUser(baseURL, STORE);

const expect = baseExpect.configure({ timeout: 30_000 });

async function signIn(page: Page, baseURL: string) {
  const user = merchant(baseURL);
  await page.goto(`/merchant/${STORE}/orders`);
  await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/${STORE}/orders`));
  await page.waitForLoadState('load');
}

async function buy(page: Page): Promise<{ number: string; email: string }> {
  const email = `mail.${Date.now()}@example.com`;
  return { number: await buyByTestCard(page, email, STORE), email };
}

/** Opens the mailbox for one recipient until the message with this subject is there (the background work sends within seconds), then the message. */
async function openMail(page: Page, to: string, subject: string) {
  await expect(async () => {
    await page.goto(`/dev/mailbox?${new URLSearchParams({ to })}`);
    await expect(page.getByRole('link', { name: subject, exact: true })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: subject, exact: true }).click();
  await expect(page.getByTestId('mailbox-subject')).toHaveText(subject);
}

test('the confirmation e-mail’s link opens the order; the shipped e-mail carries the tracking link', async ({ page, baseURL }) => {
  const { number, email } = await buy(page);

  await openMail(page, email, `Order ${number} confirmed`);
  await expectAxeClean(page);
  await expect(page.getByTestId('mailbox-text')).toContainText('500 Market Street');
  await expect(page.getByTestId('mailbox-text')).toContainText('Total: $');
  await page.getByTestId('mailbox-links').getByRole('link', { name: /\/orders\/[0-9a-f-]{36}\?token=/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  await expect(page.getByTestId('op-state')).toHaveText('Paid');
  await expect(page.getByText(number).first()).toBeVisible();

  await signIn(page, baseURL!);
  await page.goto(`/merchant/${STORE}/orders/${number}`);
  await page.getByRole('button', { name: 'Start fulfilment', exact: true }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Fulfilment started.');
  const ship = page.getByTestId('ship-form');
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Shipped.');

  await openMail(page, email, `Order ${number} has shipped`);
  await expect(page.getByTestId('mailbox-text')).toContainText('Tracking number: 1Z999AA10123456784');
  await expect(page.getByTestId('mailbox-links').getByRole('link', { name: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })).toBeVisible();
});

test('Settings -> Notifications: previews in both languages, the store’s wording, a test to me', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto(`/merchant/${STORE}/settings/notifications?kind=order_shipped`);
  await expect(page.getByTestId('preview-en-US')).toContainText('Order SO-SAMPLE-000000 has shipped');
  await expect(page.getByTestId('preview-zh-CN')).toContainText('订单 SO-SAMPLE-000000 已发货');
  await expectAxeClean(page);

  const form = page.getByTestId('notification-texts-form');
  await form.getByLabel('Subject (English)').fill('On its way: {order}');
  await form.getByRole('button', { name: 'Save wording' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('preview-en-US')).toContainText('On its way: SO-SAMPLE-000000');

  await page.getByTestId('notification-test-form').getByRole('button', { name: 'Send in English' }).click();
  const me = merchant(baseURL!).email;
  await expect(page.getByText(`Test queued for ${me}.`, { exact: false })).toBeVisible();
  await openMail(page, me, '[TEST] On its way: SO-SAMPLE-000000');

  // Put the default back: other journeys on this server read the same store.
  await page.goto(`/merchant/${STORE}/settings/notifications?kind=order_shipped`);
  await page.getByTestId('notification-texts-form').getByLabel('Subject (English)').fill('');
  await page.getByTestId('notification-texts-form').getByRole('button', { name: 'Save wording' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
});
