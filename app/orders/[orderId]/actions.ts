'use server';

import { redirect } from 'next/navigation';
import { isServiceError } from '@/lib/core/errors';
import { getRateLimiter, policyFor, rateLimitKey } from '@/lib/http/rate-limit';
import { StorefrontAfterSalesRequest, StorefrontOrderTransitionRequest } from '@/lib/orders/schemas';
import { cancelShopperOrder, requestShopperAfterSales } from '@/lib/orders/shopper-order';
import { storefrontContext } from '@/lib/storefront/page-context';

/*
 * The order page's two actions: Server Actions (Next refuses a foreign Origin), plain forms that
 * work without JavaScript. The signed link's token travels as a hidden field; the services are
 * those of ops 10 and 11. Each answer comes back as a query parameter the page shows.
 */

function back(orderId: string, token: string, lang: string, outcome: Record<string, string>): never {
  const q = new URLSearchParams({ token, ...(lang ? { lang } : {}), ...outcome });
  redirect(`/orders/${encodeURIComponent(orderId)}?${q}`);
}

async function context(orderId: string) {
  const ctx = await storefrontContext();
  const policy = policyFor('storefront');
  const { allowed } = await getRateLimiter().limit(policy, rateLimitKey(policy.name, { address: ctx.clientAddress, params: { store: `order:${orderId}` } }));
  return { ctx, allowed };
}

function fields(form: FormData) {
  return { orderId: String(form.get('orderId') ?? ''), token: String(form.get('token') ?? ''), lang: String(form.get('lang') ?? '') };
}

export async function cancelFromPage(form: FormData): Promise<void> {
  const { orderId, token, lang } = fields(form);
  const body = StorefrontOrderTransitionRequest.safeParse({ reasonCode: form.get('reasonCode') });
  if (!body.success) back(orderId, token, lang, { error: 'invalid' });
  const { ctx, allowed } = await context(orderId);
  if (!allowed) back(orderId, token, lang, { error: 'rate_limited' });
  try {
    await cancelShopperOrder(ctx, { orderId, token, body: body.data });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    back(orderId, token, lang, { error: err.code });
  }
  back(orderId, token, lang, { done: 'cancelled' });
}

export async function requestAfterSalesFromPage(form: FormData): Promise<void> {
  const { orderId, token, lang } = fields(form);
  const note = String(form.get('note') ?? '').trim();
  const body = StorefrontAfterSalesRequest.safeParse({
    type: form.get('type'),
    lines: [{ orderLineId: form.get('orderLineId'), quantity: Number(form.get('quantity')) }],
    reasonCode: form.get('reasonCode'),
    ...(note && { note }),
  });
  if (!body.success) back(orderId, token, lang, { error: 'invalid' });
  const { ctx, allowed } = await context(orderId);
  if (!allowed) back(orderId, token, lang, { error: 'rate_limited' });
  try {
    await requestShopperAfterSales(ctx, { orderId, token, body: body.data });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    back(orderId, token, lang, { error: err.code });
  }
  back(orderId, token, lang, { done: 'requested' });
}
