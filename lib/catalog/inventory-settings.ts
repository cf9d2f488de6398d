import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { appendEvent } from '../events/append-event';
import { saveLowStockThreshold } from './data';
import { storeSettingsChanged } from './events';
import { InventorySettings } from './schemas';
import { lowStockThreshold } from './stock-levels';

/** The store's inventory settings: the low-stock threshold (the default until the merchant sets one). */
export async function getInventorySettings(ctx: ServiceContext, input: { merchantId: string }): Promise<InventorySettings> {
  return { lowStockThreshold: await lowStockThreshold(ctx.db, input.merchantId) };
}

/**
 * Sets the store's low-stock threshold, with its audit entry and `store.settings_changed`
 * (section `inventory`) in one transaction. Saving the same value writes nothing. SKUs already
 * at or below a new threshold are low from now on; `inventory.low` waits for a change that crosses it.
 */
export async function updateInventorySettings(ctx: ServiceContext, input: { merchantId: string; settings: unknown }): Promise<{ settings: InventorySettings; changed: string[] }> {
  const parsed = InventorySettings.safeParse(input.settings);
  if (!parsed.success) {
    throw new ServiceError('validation_failed', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) });
  }
  const next = parsed.data;
  const { merchantId } = input;
  return ctx.db.$transaction(async (tx) => {
    const current = await lowStockThreshold(tx, merchantId);
    if (current === next.lowStockThreshold) return { settings: next, changed: [] };
    await saveLowStockThreshold(tx, merchantId, next.lowStockThreshold, ctx.now);
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: 'store.inventory.update',
      subjectType: 'store',
      subjectId: merchantId,
      occurredAt: ctx.now,
      details: { lowStockThreshold: next.lowStockThreshold },
    });
    await appendEvent(tx, storeSettingsChanged, {
      merchantId,
      installationId: null,
      subjectId: merchantId,
      occurredAt: ctx.now,
      payload: { section: 'inventory', market: null, changed: ['lowStockThreshold'], changedAt: ctx.now.toISOString() },
    });
    return { settings: next, changed: ['lowStockThreshold'] };
  });
}
