'use server';

import { revalidatePath } from 'next/cache';
import type { FormState } from '@/components/merchant/console-form';
import { adjustStock } from '@/lib/catalog/change-stock';
import { updateInventorySettings } from '@/lib/catalog/inventory-settings';
import { type StockReason, stockReasons } from '@/lib/catalog/schemas';
import { isServiceError } from '@/lib/core/errors';
import { consoleRequest } from '../console';
import { type InventoryText, inventoryText } from './text';

/**
 * The inventory page's Server Actions (Next refuses a foreign Origin: the console's CSRF
 * protection). Each names its store in a hidden field and is checked against the session's
 * memberships like a page (another store is the 404); the services validate again, hold the
 * floor of what checkouts reserved, and record who did it. A refusal comes back with its
 * message next to its field and the values sent.
 */

const field = (form: FormData, name: string) => String(form.get(name) ?? '');
const WHOLE = /^[+-]?\d{1,10}$/;

function issueMessage(t: InventoryText, path: string, code: string): [string, string] {
  if (path === 'reason') return ['reason', t.errors.reason];
  if (path === 'note') return ['note', t.errors.note];
  return ['delta', code === 'too_big' ? t.errors.tooMany : t.errors.delta];
}

export async function adjustStockAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = inventoryText(locale);
  const skuId = field(form, 'skuId');
  const values = { delta: field(form, 'delta'), reason: field(form, 'reason'), note: field(form, 'note') };
  const errors: Record<string, string> = {};
  const delta = values.delta.trim();
  if (!delta) errors.delta = t.errors.required;
  else if (!WHOLE.test(delta) || Number(delta) === 0) errors.delta = t.errors.delta;
  if (!stockReasons.includes(values.reason as StockReason)) errors.reason = t.errors.reason;
  if (Object.keys(errors).length) return { errors, values };
  try {
    const { level } = await adjustStock(ctx, {
      merchantId: store.merchantId,
      skuId,
      change: { delta: Number(delta), reason: values.reason as StockReason, note: values.note.trim() || undefined },
    });
    revalidatePath(`/merchant/${store.slug}/inventory`, 'layout');
    return { notice: t.adjusted(level.onHand) };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'stock_below_reserved') {
      const d = err.details as { reserved: number; onHand: number };
      return { errors: { delta: d.reserved ? t.errors.belowReserved(d.reserved, d.onHand) : t.errors.belowZero(d.onHand) }, values };
    }
    if (err.code === 'sku_not_found') return { message: t.errors.gone, values };
    if (err.code !== 'validation_failed') throw err;
    for (const issue of err.issues ?? []) {
      const [name, message] = issueMessage(t, issue.path, issue.code);
      errors[name] ??= message;
    }
    return { errors, values };
  }
}

export async function saveThresholdAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = inventoryText(locale);
  const raw = field(form, 'lowStockThreshold').trim();
  const values = { lowStockThreshold: raw };
  if (!raw) return { errors: { lowStockThreshold: t.errors.required }, values };
  if (!/^\d{1,7}$/.test(raw)) return { errors: { lowStockThreshold: t.errors.threshold }, values };
  try {
    const { changed } = await updateInventorySettings(ctx, { merchantId: store.merchantId, settings: { lowStockThreshold: Number(raw) } });
    revalidatePath(`/merchant/${store.slug}/inventory`, 'layout');
    return { notice: changed.length ? t.saved : t.unchanged };
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    return { errors: { lowStockThreshold: t.errors.threshold }, values };
  }
}
