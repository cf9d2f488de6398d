import { expectAxeClean } from './axe';
import { orders } from './orders-cli';
import { expect, type Page, test } from './test';
import { buyByTestCard } from './shopper';
import { screenshot } from './screenshots';

/**
 * The shopper's order page, reached from the checkout confirmation's signed link: cancel a paid
 * order (desktop, English); and a delivered order (the merchant's steps through the operator
 * command) -> after-sales request -> the operator approves and refunds -> the page shows the
 * refund (phone, Chinese). Every state is screenshotted and checked with axe.
 */

async function shot(page: Page, name: string) {
  await screenshot(page, test.info().outputPath(`${name}.png`));
}

/** Product page -> cart with a US address -> hosted checkout paid by test card -> the order page link. */
async function buyAndOpenOrderPage(page: Page): Promise<string> {
  const orderNumber = await buyByTestCard(page, 'avery.quinn@example.com');
  await page.getByTestId('co-order-page').click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  await expect(page.getByTestId('op-number')).toHaveText(orderNumber);
  // The link may be shared: the e-mail shows masked.
  await expect(page.getByTestId('op-email')).toHaveText('Receipt e-mail: a***@example.com');
  return orderNumber;
}

test('en-US desktop: checkout -> order page -> cancel; the refund shows, the cancel form is gone', async ({ page, baseURL }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== new URL(baseURL!).origin) external.push(r.url());
  });
  await buyAndOpenOrderPage(page);
  await expect(page.getByTestId('op-state')).toHaveText('Paid');
  await expect(page.getByText('After-sales requests open once the order is delivered.')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'order-paid-en');

  // Cancelling asks first: "Cancel order" opens the form, its button confirms.
  await page.getByTestId('op-cancel-open').click();
  await page.getByLabel('Reason').selectOption('ordered_by_mistake');
  await page.getByRole('button', { name: 'Yes, cancel this order' }).click();
  await expect(page.getByRole('status')).toHaveText('Your order is cancelled.');
  await expect(page.getByTestId('op-state')).toHaveText('Cancelled');
  const total = await page.locator('.op-grand dd').textContent();
  await expect(page.getByTestId('op-refunded')).toHaveText(total!);
  await expect(page.getByTestId('op-cancel-open')).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'order-cancelled-en');

  // An altered link opens nothing.
  const url = new URL(page.url());
  url.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -2)}xx`);
  const res = await page.goto(url.pathname + url.search);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link does not open an order' })).toBeVisible();
  await expectAxeClean(page);
  expect(external).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('zh-CN: delivered via the operator command -> after-sales request -> operator approves and refunds -> the page shows the refund', async ({ page, baseURL }) => {
    const orderNumber = await buyAndOpenOrderPage(page);
    const orderUrl = new URL(page.url());
    orderUrl.searchParams.set('lang', 'zh-CN');
    for (const step of [['fulfil'], ['ship', '--carrier', 'SF Express', '--tracking', 'SF1234567890'], ['deliver']]) orders(baseURL!, step[0]!, orderNumber, ...step.slice(1));

    await page.goto(orderUrl.pathname + orderUrl.search);
    await expect(page.getByTestId('op-state')).toHaveText('已签收');
    await expect(page.getByTestId('op-tracking')).toContainText('SF Express · SF1234567890');
    await expect(page.getByTestId('op-cancel-open')).toHaveCount(0);
    await expectAxeClean(page);
    await shot(page, 'order-delivered-zh-phone');

    await page.getByText('退货、退款或换货').click();
    await page.getByLabel('仅退款').check();
    await page.getByLabel('原因').selectOption('damaged');
    await page.getByLabel('问题描述（选填）').fill('外壳有裂痕');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByRole('status')).toHaveText('申请已提交，商家会尽快处理。');
    await expect(page.getByTestId('op-request')).toContainText('等待商家处理');
    await expect(page.getByText('该商品的售后申请正在处理中。')).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'order-after-sales-requested-zh-phone');

    const requestId = /after-sales:\n\s+([0-9a-f-]{36})/.exec(orders(baseURL!, 'show', orderNumber))![1]!;
    expect(orders(baseURL!, 'approve', requestId)).toContain('refund_only approved');
    expect(orders(baseURL!, 'refund', requestId)).toContain('refund_only refunded');

    await page.reload();
    await expect(page.getByTestId('op-request')).toContainText('已退款');
    await expect(page.getByTestId('op-refunded')).toBeVisible();
    // One unit of the order's one line: the refund is exactly what the line cost, its tax included
    // (the line shows its pre-tax amount, which the subtotal adds up from; shipping is not refunded).
    const cents = async (testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/[^0-9]/g, ''));
    expect(await page.getByTestId('op-line').count()).toBe(1);
    expect(await cents('op-refunded')).toBe((await cents('op-subtotal')) + (await cents('op-tax')));
    await expectAxeClean(page);
    await shot(page, 'order-refunded-zh-phone');
  });
});
