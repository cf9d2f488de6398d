import { type Page, expect } from './test';

/** On a store's cart page: a US address saved, then on to the hosted checkout's review step. */
export async function usAddressAndCheckout(page: Page, store = 'lumen-audio') {
  await page.goto(`/stores/${store}/cart`);
  await page.getByLabel('Full name').fill('Avery Quinn');
  await page.getByLabel('Street address').fill('500 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State (two letters, e.g. CA)').fill('CA');
  await page.getByLabel('ZIP code').fill('94105');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('address-saved')).toBeVisible();
  await page.getByTestId('checkout').click();
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
}

/** Product page -> cart with a US address -> hosted checkout paid by the test card, receipt to `email`; the order number. */
export async function buyByTestCard(page: Page, email: string, store = 'lumen-audio'): Promise<string> {
  await page.goto(`/stores/${store}/products/aurora-wireless-earbuds-pro`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return payByTestCard(page, email, store);
}

/** What is in the cart -> a US address -> hosted checkout paid by the test card, receipt to `email`; the order number. */
export async function payByTestCard(page: Page, email: string, store = 'lumen-audio'): Promise<string> {
  await usAddressAndCheckout(page, store);
  await page.getByLabel('E-mail for your receipt').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  return (await page.getByTestId('co-order-number').textContent())!;
}
