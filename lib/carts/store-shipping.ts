import 'server-only';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import { storeSettingsChanged } from '../catalog/events';
import type { ServiceContext } from '../core/context';
import { type ErrorIssue, ServiceError } from '../core/errors';
import type { SqlClient } from '../db/rows';
import { appendEvent } from '../events/append-event';
import { type Currency, type Market, marketCurrency } from '../schemas/common';
import { readStoreShippingRuleForUpdate, readStoreShippingRules, saveStoreShippingRule } from './data';
import { type ShippingRule, defaultShippingRules } from './shipping';

/** A store as its shipping settings need it: its id and the markets it sells in. */
export type ShippingStore = { id: string; markets: readonly Market[] };

/** One market's shipping as shoppers are charged and told it. */
export type MarketShipping = ShippingRule & {
  market: Market;
  currency: Currency;
  /** Whether the storefront announces the free-shipping threshold. */
  announceFreeShipping: boolean;
  /** False while the market's default applies (the store never set a rule of its own). */
  own: boolean;
  updatedAt: string | null;
};

/** What the storefront announces: the threshold of the rule it charges by, or nothing. */
export type FreeShippingNotice = { market: Market; currency: Currency; freeOverAmount: number; flatAmount: number; taxInclusive: boolean };

/** Largest flat fee and threshold a rule takes (minor units): a thousand and a million in the market's currency. */
export const shippingLimits = { maxFlatAmount: 100_000, maxFreeOverAmount: 100_000_000 } as const;

export const StoreShippingRuleInput = z.strictObject({
  market: z.enum(['CN', 'US']),
  flatAmount: z.int().min(0).max(shippingLimits.maxFlatAmount),
  freeOverAmount: z.int().min(1).max(shippingLimits.maxFreeOverAmount).nullable(),
  announceFreeShipping: z.boolean(),
});
export type StoreShippingRuleInput = z.output<typeof StoreShippingRuleInput>;

function marketShipping(market: Market, own: Awaited<ReturnType<typeof readStoreShippingRules>>[number] | undefined): MarketShipping {
  const rule = own ?? { ...defaultShippingRules[market], announceFreeShipping: true, updatedAt: null };
  return {
    market,
    currency: marketCurrency[market],
    flatAmount: rule.flatAmount,
    freeOverAmount: rule.freeOverAmount,
    announceFreeShipping: rule.announceFreeShipping,
    own: !!own,
    updatedAt: rule.updatedAt?.toISOString() ?? null,
  };
}

/** The store's shipping in each market it sells in: its own rule, or the market's default. */
export async function readStoreShipping(ctx: Pick<ServiceContext, 'db'>, store: ShippingStore): Promise<MarketShipping[]> {
  const rows = await readStoreShippingRules(ctx.db, store.id);
  return store.markets.map((m) => marketShipping(m, rows.find((r) => r.market === m)));
}

/**
 * The free-shipping notice of one market, written from the rule the cart is charged by (the
 * store's own, else the default): null when the rule never waives shipping or the store turned
 * the notice off. US thresholds compare the merchandise before sales tax, and say so.
 */
export function freeShippingNotice(shipping: MarketShipping): FreeShippingNotice | null {
  if (!shipping.announceFreeShipping || shipping.freeOverAmount === null) return null;
  return {
    market: shipping.market,
    currency: shipping.currency,
    freeOverAmount: shipping.freeOverAmount,
    flatAmount: shipping.flatAmount,
    taxInclusive: shipping.market === 'CN',
  };
}

/** The notice shoppers of `market` see, read from the store's rule (see freeShippingNotice). */
export async function readFreeShippingNotice(ctx: Pick<ServiceContext, 'db'>, store: { id: string }, market: Market): Promise<FreeShippingNotice | null> {
  const rows = await readStoreShippingRules(ctx.db, store.id);
  return freeShippingNotice(marketShipping(market, rows.find((r) => r.market === market)));
}

function validationError(issues: ErrorIssue[]): ServiceError {
  return new ServiceError('validation_failed', { issues });
}

/**
 * Sets the store's shipping rule in one of its markets: the flat fee, the free-shipping
 * threshold (null: never free) and whether the storefront announces it. One transaction with its
 * audit entry and `store.settings_changed`; a save that changes nothing writes nothing. A
 * market the store does not sell in is refused like any invalid field.
 */
export async function updateStoreShippingRule(ctx: ServiceContext, store: ShippingStore, input: StoreShippingRuleInput): Promise<{ shipping: MarketShipping; changed: string[] }> {
  const parsed = StoreShippingRuleInput.safeParse(input);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })));
  }
  const rule = parsed.data;
  if (!store.markets.includes(rule.market)) throw validationError([{ path: 'market', code: 'market_not_sold', message: 'The store does not sell in this market.' }]);
  return ctx.db.$transaction(async (tx) => {
    const before = marketShipping(rule.market, await readStoreShippingRuleForUpdate(tx as SqlClient, store.id, rule.market));
    const changed = (['flatAmount', 'freeOverAmount', 'announceFreeShipping'] as const).filter((k) => before[k] !== rule[k]);
    if (!changed.length) return { shipping: before, changed: [] };
    await saveStoreShippingRule(tx, { merchantId: store.id, ...rule, now: ctx.now });
    const details = Object.fromEntries(changed.flatMap((k) => [[`${k}Before`, before[k]], [k, rule[k]]]));
    await recordAudit(tx, ctx.actor, {
      merchantId: store.id,
      action: 'store.shipping_rule.update',
      subjectType: 'store',
      subjectId: store.id,
      occurredAt: ctx.now,
      details: { market: rule.market, currency: before.currency, ...details },
    });
    await appendEvent(tx, storeSettingsChanged, {
      merchantId: store.id,
      installationId: null,
      subjectId: store.id,
      occurredAt: ctx.now,
      payload: { section: 'shipping', market: rule.market, changed: [...changed], changedAt: ctx.now.toISOString() },
    });
    return { shipping: { ...before, ...rule, own: true, updatedAt: ctx.now.toISOString() }, changed: [...changed] };
  });
}
