'use server';

import { notFound, redirect } from 'next/navigation';
import type { FormState } from '@/components/merchant/console-form';
import { isServiceError } from '@/lib/core/errors';
import type { AfterSalesAction } from '@/lib/orders/after-sales-states';
import { decideStoreAfterSales } from '@/lib/orders/decide-store-after-sales';
import { moveStoreOrder } from '@/lib/orders/move-store-order';
import { readStoreOrder } from '@/lib/orders/read-store-order';
import { type OrderAction, orderActions } from '@/lib/orders/states';
import { instantOfWallTime } from '@/lib/storefront/format';
import { consoleRequest } from '../../console';
import { ordersText } from '../text';

/**
 * The order page's forms (Server Actions: Next refuses a foreign Origin, which is the console's
 * CSRF protection). Each validates on the server and answers field errors next to their fields;
 * once the service has run (or refused the step for the order's state), it goes back to the
 * order page, which shows the outcome over the order as it is now.
 */

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const TRACKING = /^[A-Za-z0-9-]{4,40}$/;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const decisions = ['approve', 'reject', 'receive', 'refund', 'exchange'] as const satisfies readonly AfterSalesAction[];

function back(store: string, order: string, outcome: Record<string, string>): never {
  redirect(`/merchant/${encodeURIComponent(store)}/orders/${encodeURIComponent(order)}?${new URLSearchParams(outcome)}`);
}

/** A refusal the order's state (or a concurrent change) caused: back to the order as it is now, saying so. */
function refusal(err: unknown): Record<string, string> | null {
  if (!isServiceError(err)) return null;
  const state = typeof err.details?.state === 'string' ? err.details.state : '';
  if (err.code === 'order_version_conflict') return { error: 'stale' };
  if (err.code === 'order_state_conflict' || err.code === 'order_not_cancellable') return { error: 'conflict', state };
  if (err.code === 'after_sales_state_conflict') return { error: 'after_sales_conflict', state };
  return null;
}

/** Mark paid, fulfil, ship (carrier + tracking number), deliver (optionally when), close, cancel (reason, confirmed). */
export async function orderMoveAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(text(form, 'store'));
  const t = ordersText(locale);
  const orderId = text(form, 'orderId');
  const number = text(form, 'orderNumber') || orderId;
  const action = text(form, 'action') as OrderAction;
  if (!orderActions.includes(action)) return { message: t.errors.other };
  const version = Number(text(form, 'expectedVersion'));
  const expectedVersion = Number.isInteger(version) && version > 0 ? version : undefined;
  const values = Object.fromEntries(['carrier', 'trackingNumber', 'deliveredAt', 'reason'].map((k) => [k, text(form, k)]));
  const errors: Record<string, string> = {};
  let shipment: { carrier: string; trackingNumber: string } | undefined;
  let deliveredAt: string | undefined;
  let reason: string | undefined;
  if (action === 'ship') {
    if (!values.carrier) errors.carrier = t.errors.required;
    else if (values.carrier.length > 60) errors.carrier = t.errors.tooLong;
    if (!values.trackingNumber) errors.trackingNumber = t.errors.required;
    else if (!TRACKING.test(values.trackingNumber)) errors.trackingNumber = t.errors.tracking;
    shipment = { carrier: values.carrier!, trackingNumber: values.trackingNumber! };
  }
  if (action === 'deliver' && values.deliveredAt) {
    // The field is a wall-clock time in the store's zone, the one the page shows times in (and names).
    const at = LOCAL_TIME.test(values.deliveredAt) ? instantOfWallTime(values.deliveredAt, store.timeZone) : null;
    if (!at) errors.deliveredAt = t.errors.date;
    else deliveredAt = at.toISOString();
  }
  if (action === 'cancel') {
    if (!values.reason) errors.reason = t.errors.required;
    else if (values.reason.length > 200) errors.reason = t.errors.tooLong;
    reason = values.reason;
    if (text(form, 'confirm') !== 'yes') return { message: t.errors.confirm, errors, values };
  }
  if (Object.keys(errors).length) return { errors, values };
  let outcome: Record<string, string>;
  try {
    await moveStoreOrder(ctx, { merchantId: store.merchantId, orderId, action, expectedVersion, shipment, deliveredAt, reason });
    outcome = { done: action };
  } catch (err) {
    if (isServiceError(err) && err.code === 'order_not_found') notFound();
    if (isServiceError(err) && err.code === 'validation_failed' && err.issues?.some((i) => i.path === 'body.deliveredAt')) return { errors: { deliveredAt: t.errors.deliveredAt }, values };
    const refused = refusal(err);
    if (!refused) throw err;
    outcome = refused;
  }
  back(store.slug, number, outcome);
}

/** Parses a money amount as typed ("12.34", "12,34", "12") into minor units; null when it is not one. */
function minorUnits(typed: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.replace(/\s/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Approve, reject (reason, confirmed), receive, refund (an amount per line, up to what it was priced at; confirmed), exchange. */
export async function afterSalesAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(text(form, 'store'));
  const t = ordersText(locale);
  const orderId = text(form, 'orderId');
  const number = text(form, 'orderNumber') || orderId;
  const requestId = text(form, 'requestId');
  const action = text(form, 'action') as (typeof decisions)[number];
  if (!decisions.includes(action)) return { message: t.errors.other };
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && (k === 'reason' || k.startsWith('amount-'))) values[k] = v.trim();
  const errors: Record<string, string> = {};
  const reason = values.reason || undefined;
  if (action === 'reject' && !reason) errors.reason = t.errors.required;
  if (reason && reason.length > 200) errors.reason = t.errors.tooLong;
  let refundLines: { orderLineId: string; amount: number }[] | undefined;
  if (action === 'refund') {
    // What each line may refund comes from the request as it is now, not from the form.
    const order = await readStoreOrder(ctx, { merchantId: store.merchantId, orderId }).catch((err: unknown) => {
      if (isServiceError(err) && err.code === 'order_not_found') notFound();
      throw err;
    });
    const request = order.afterSales.find((r) => r.id === requestId);
    if (!request) notFound();
    const lines = request.lines.map((l) => {
      const field = `amount-${l.orderLineId}`;
      const amount = minorUnits(values[field] ?? '');
      if (amount === null || amount > l.refundAmount.amount) errors[field] = t.errors.amount;
      return { orderLineId: l.orderLineId, amount: amount ?? 0 };
    });
    // All of it: the request's own amount, without lines.
    refundLines = lines.every((l, i) => l.amount === request.lines[i]!.refundAmount.amount) ? undefined : lines;
  }
  if ((action === 'reject' || action === 'refund') && text(form, 'confirm') !== 'yes') return { message: t.errors.confirm, errors, values };
  if (Object.keys(errors).length) return { errors, values };
  let outcome: Record<string, string>;
  try {
    await decideStoreAfterSales(ctx, { merchantId: store.merchantId, requestId, action, reason, refundLines });
    outcome = { done: action };
  } catch (err) {
    if (isServiceError(err) && err.code === 'after_sales_request_not_found') notFound();
    if (isServiceError(err) && err.code === 'refund_exceeds_remaining') return { message: t.errors.exceeds, values };
    const refused = refusal(err);
    if (!refused) throw err;
    outcome = refused;
  }
  back(store.slug, number, outcome);
}
