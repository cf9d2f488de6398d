import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';
import { stockReasons } from './schemas';

/**
 * Store events. A store's settings belong to the store, not to one app: the event goes to the
 * endpoints of every installation on the store that subscribe to it. Payloads name what changed,
 * never a secret (a new store password is "password", not its value).
 */

export const StoreSettingsSection = z.enum(['profile', 'access', 'shipping', 'inventory']);
export type StoreSettingsSection = z.output<typeof StoreSettingsSection>;

export const StoreSettingsChangedPayload = z.strictObject({
  section: StoreSettingsSection,
  market: z.enum(['CN', 'US']).nullable().meta({ description: 'The market of a shipping rule; null for the other sections.' }),
  changed: z.array(z.string().max(64)).max(16).meta({ description: 'The settings that changed, by name (e.g. freeOverAmount, password).' }),
  changedAt: z.iso.datetime(),
});
export type StoreSettingsChangedPayload = z.input<typeof StoreSettingsChangedPayload>;

export const storeSettingsChanged = defineEventKind({
  type: 'store.settings_changed',
  description:
    'A merchant changed the store’s settings in the console or through the API: its profile, how shoppers unlock it, a market’s shipping rule and free-shipping notice, or its low-stock threshold (same transaction as the change).',
  stability: 'candidate',
  subjectType: 'store',
  payload: StoreSettingsChangedPayload,
  example: { section: 'shipping', market: 'US', changed: ['freeOverAmount'], changedAt: '2026-11-25T16:30:00.000Z' },
});

export const storeEventKinds = [storeSettingsChanged] as const;

/*
 * Inventory events. Stock belongs to the store: like the settings event, they go to the
 * endpoints of every installation on the store that subscribe to them.
 */

const StockCounts = {
  onHand: z.int().min(0).meta({ description: 'Units on hand once the change was made (available + reserved).' }),
  reserved: z.int().min(0).meta({ description: 'Units held by open hosted checkout sessions.' }),
  available: z.int().min(0).meta({ description: 'Units left to sell.' }),
};

export const InventoryAdjustedPayload = z.strictObject({
  skuId: z.string(),
  skuCode: z.string(),
  productId: z.string(),
  adjustmentId: z.string().meta({ description: 'The history entry of the change.' }),
  kind: z.enum(['adjust', 'set']),
  delta: z.int(),
  reason: z.enum(stockReasons),
  ...StockCounts,
  version: z.int().min(1),
  adjustedAt: z.iso.datetime(),
});
export type InventoryAdjustedPayload = z.input<typeof InventoryAdjustedPayload>;

export const inventoryAdjusted = defineEventKind({
  type: 'inventory.adjusted',
  description: 'A SKU’s stock on hand was adjusted or set by its merchant (console or API), with the reason (same transaction as the change and its history entry).',
  stability: 'candidate',
  subjectType: 'sku',
  payload: InventoryAdjustedPayload,
  example: {
    skuId: '5b0d6a8e-2f3c-4a71-9e46-1c8b7d2e9f03',
    skuCode: 'AWE-PRO-BLK',
    productId: '0c1f9a4e-7d2b-4c85-a3e6-9b8d1f2e7a40',
    adjustmentId: '8e2a4c6f-1b3d-4e5f-9a7c-2d4e6f8a0b1c',
    kind: 'adjust',
    delta: 24,
    reason: 'received',
    onHand: 60,
    reserved: 2,
    available: 58,
    version: 3,
    adjustedAt: '2026-11-28T01:20:00.000Z',
  },
});

export const InventoryLowPayload = z.strictObject({
  skuId: z.string(),
  skuCode: z.string(),
  productId: z.string(),
  ...StockCounts,
  lowStockThreshold: z.int().min(0),
  adjustmentId: z.string().meta({ description: 'The change that brought the stock down.' }),
  at: z.iso.datetime(),
});
export type InventoryLowPayload = z.input<typeof InventoryLowPayload>;

export const inventoryLow = defineEventKind({
  type: 'inventory.low',
  description:
    'A change brought a SKU’s available stock from above the store’s low-stock threshold to at or below it: once per crossing, not again while it stays low (same transaction as the change).',
  stability: 'candidate',
  subjectType: 'sku',
  payload: InventoryLowPayload,
  example: {
    skuId: '5b0d6a8e-2f3c-4a71-9e46-1c8b7d2e9f03',
    skuCode: 'AWE-PRO-BLK',
    productId: '0c1f9a4e-7d2b-4c85-a3e6-9b8d1f2e7a40',
    onHand: 6,
    reserved: 2,
    available: 4,
    lowStockThreshold: 5,
    adjustmentId: '8e2a4c6f-1b3d-4e5f-9a7c-2d4e6f8a0b1c',
    at: '2026-11-28T01:20:00.000Z',
  },
});

export const inventoryEventKinds = [inventoryAdjusted, inventoryLow] as const;

/*
 * Product events: a merchant (console, API, operator) created, changed, archived or deleted a
 * product of the store. Like store settings they belong to the store: every installation on it
 * that subscribes receives them. The payload names the product and what changed, not the whole
 * product: read it with getMerchantProduct.
 */

export const ProductChangedPayload = z.strictObject({
  productId: z.uuid(),
  handle: z.string().meta({ description: 'The product’s handle after the change (before it, for a deletion).' }),
  status: z.enum(['draft', 'active', 'archived']),
  version: z.int().min(1).meta({ description: 'The product’s version after the change (the last one, for a deletion).' }),
  changed: z.array(z.string().max(64)).max(32).meta({ description: 'The fields that changed, by name (`title`, `variants`, `status`...); empty for a creation or a deletion.' }),
  changedAt: z.iso.datetime(),
});
export type ProductChangedPayload = z.input<typeof ProductChangedPayload>;

const productExample = (changed: string[], status: 'draft' | 'active' | 'archived', version: number): ProductChangedPayload => ({
  productId: '5f0c1a52-8d2b-4f1e-9a57-2c8f1b0e6d41',
  handle: 'aurora-earbuds',
  status,
  version,
  changed,
  changedAt: '2026-11-28T01:00:00.000Z',
});

const productKind = (type: string, description: string, example: ProductChangedPayload) =>
  defineEventKind({ type, description, stability: 'candidate', subjectType: 'product', payload: ProductChangedPayload, example });

export const productCreated = productKind('product.created', 'A product was created in the store (same transaction as the product, its variants and prices).', productExample([], 'draft', 1));
export const productUpdated = productKind(
  'product.updated',
  'A product’s texts, handle, status (draft, active, or back from archived), options, variants, prices or categories changed; `changed` names what.',
  productExample(['title', 'variants'], 'active', 3),
);
export const productArchived = productKind('product.archived', 'A product was archived: shoppers no longer see it, and cart lines holding it cannot be checked out.', productExample(['status'], 'archived', 4));
export const productDeleted = productKind('product.deleted', 'A product that was never ordered was deleted with its variants (carts lose their lines of it).', productExample([], 'draft', 2));

export const productEventKinds = [productCreated, productUpdated, productArchived, productDeleted] as const;
