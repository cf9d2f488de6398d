import {
  InventorySettings,
  InventorySkuParams,
  StockAdjustment,
  StockAdjustmentListQuery,
  StockAdjustmentRequest,
  StockChange,
  StockLevel,
  StockLevelListMeta,
  StockLevelListQuery,
  StockSetRequest,
} from '../catalog/schemas';
import { CursorListMeta } from '../orders/schemas';
import { dataEnvelope, listEnvelope } from '../schemas/common';
import { defineOperation } from './types';

/*
 * Extensions: the store's inventory. An installation with `inventory:read` reads, and with
 * `inventory:write` changes, the stock of the store it is installed on: the same services as the
 * console's inventory page. A SKU of another store does not exist for it (404 `sku_not_found`).
 */

const inventory = { tag: 'Inventory', stability: 'candidate', extension: true } as const;
const inventoryRead = { ...inventory, auth: { kind: 'apiKey', scopes: ['inventory:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const inventoryWrite = { ...inventory, auth: { kind: 'apiKey', scopes: ['inventory:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;
const counts =
  '`onHand` is what the store holds and has not sold to a placed order; open hosted checkout sessions hold `reserved` of it (a hold counts until its session is paid or cancelled, or expires and the sweep gives the units back); `available` = onHand - reserved is what is left to sell. ';
const storeSku = 'Another store’s SKU, or an unknown id, is 404 `sku_not_found`. ';
const changeRules =
  'A change that would leave fewer units on hand than open checkouts hold reserved is 409 `stock_below_reserved` with `details.reserved`, `details.onHand`, `details.available` and `details.requestedOnHand`; nothing changes. ' +
  'The change, its history entry, its audit entry and its events commit together: `inventory.adjusted`, and `inventory.low` when it brings `available` from above the store’s `lowStockThreshold` to at or below it (once per crossing). ' +
  'Concurrent changes of one SKU queue on its row and add up exactly. Replays with the same Idempotency-Key answer the first response and change nothing. ' +
  'Answers the SKU’s stock level after the change and the history entry it made (null when nothing changed).';

const InventorySettingsResponse = dataEnvelope(InventorySettings, 'InventorySettingsResponse');
const StockChangeResponse = dataEnvelope(StockChange, 'StockChangeResponse');

export const listInventoryLevels = defineOperation({
  ...inventoryRead,
  id: 'listInventoryLevels',
  method: 'GET',
  path: '/api/v1/open/merchant/inventory/levels',
  summary: 'List the store’s stock levels',
  description:
    'Extension. Every SKU of the store with its product, option values and stock, by product slug then SKU position; with `low=true` only those whose `available` is at or below the store’s `lowStockThreshold` (in `meta`). ' +
    counts +
    'Keyset pages: pass `meta.nextCursor` as `cursor` for the next one.',
  query: StockLevelListQuery,
  response: listEnvelope(StockLevel, StockLevelListMeta, 'StockLevelListResponse'),
  responseName: 'StockLevelListResponse',
  list: true,
  errors: [],
});

export const getInventoryLevel = defineOperation({
  ...inventoryRead,
  id: 'getInventoryLevel',
  method: 'GET',
  path: '/api/v1/open/merchant/inventory/levels/{skuId}',
  summary: 'Get a SKU’s stock level',
  description: `Extension. ${counts}\`version\` counts the SKU’s inventory changes (send it as \`expectedVersion\` when setting). ${storeSku}`,
  params: InventorySkuParams,
  response: dataEnvelope(StockLevel, 'StockLevelResponse'),
  responseName: 'StockLevelResponse',
  errors: ['sku_not_found'],
});

export const adjustInventoryLevel = defineOperation({
  ...inventoryWrite,
  id: 'adjustInventoryLevel',
  method: 'POST',
  path: '/api/v1/open/merchant/inventory/levels/{skuId}/adjust',
  summary: 'Adjust a SKU’s stock by a delta',
  description: `Extension. Adds \`delta\` units on hand (negative: takes them away) with a \`reason\` from the closed list and an optional \`note\`. ${storeSku}${changeRules}`,
  params: InventorySkuParams,
  body: StockAdjustmentRequest,
  requestName: 'StockAdjustmentRequest',
  response: StockChangeResponse,
  responseName: 'StockChangeResponse',
  errors: ['sku_not_found', 'stock_below_reserved'],
});

export const setInventoryLevel = defineOperation({
  ...inventoryWrite,
  id: 'setInventoryLevel',
  method: 'POST',
  path: '/api/v1/open/merchant/inventory/levels/{skuId}/set',
  summary: 'Set a SKU’s stock on hand',
  description:
    'Extension. Sets the units on hand to `onHand` (a count of the shelf: `reason` defaults to `cycle_count`); the history records the difference as its delta, and the same count again changes nothing. ' +
    'With `expectedVersion` (the level’s `version`) or `expectedOnHand` and a SKU that changed meanwhile, 409 `inventory_version_conflict` with `details.currentVersion` and `details.onHand`. ' +
    storeSku +
    changeRules,
  params: InventorySkuParams,
  body: StockSetRequest,
  requestName: 'StockSetRequest',
  response: StockChangeResponse,
  responseName: 'StockChangeResponse',
  errors: ['sku_not_found', 'stock_below_reserved', 'inventory_version_conflict'],
});

export const listInventoryAdjustments = defineOperation({
  ...inventoryRead,
  id: 'listInventoryAdjustments',
  method: 'GET',
  path: '/api/v1/open/merchant/inventory/levels/{skuId}/adjustments',
  summary: 'List a SKU’s inventory history',
  description:
    'Extension. Every change of the SKU’s stock on hand, newest first: its delta, what was on hand after, the reason and note, who made it (a merchant user, an app, the operator) and when. ' +
    `Keyset pages: pass \`meta.nextCursor\` as \`cursor\` for the next one. ${storeSku}`,
  params: InventorySkuParams,
  query: StockAdjustmentListQuery,
  response: listEnvelope(StockAdjustment, CursorListMeta, 'StockAdjustmentListResponse'),
  responseName: 'StockAdjustmentListResponse',
  list: true,
  errors: ['sku_not_found'],
});

export const getInventorySettings = defineOperation({
  ...inventoryRead,
  id: 'getInventorySettings',
  method: 'GET',
  path: '/api/v1/open/merchant/inventory/settings',
  summary: 'Get the store’s inventory settings',
  description: 'Extension. The store’s `lowStockThreshold`: available stock at or below it is low (the levels’ `low` flag and filter, `inventory.low`).',
  response: InventorySettingsResponse,
  responseName: 'InventorySettingsResponse',
  errors: [],
});

export const updateInventorySettings = defineOperation({
  ...inventoryWrite,
  id: 'updateInventorySettings',
  method: 'PUT',
  path: '/api/v1/open/merchant/inventory/settings',
  summary: 'Set the store’s low-stock threshold',
  description:
    'Extension. Sets `lowStockThreshold` (0 to 1,000,000), with its audit entry and `store.settings_changed` (section `inventory`); the same value again changes nothing. The console’s inventory page sets it too. ' +
    'SKUs already at or below a new threshold are low from now on; `inventory.low` waits for a change that crosses it.',
  body: InventorySettings,
  requestName: 'InventorySettings',
  response: InventorySettingsResponse,
  responseName: 'InventorySettingsResponse',
  errors: [],
});

export const inventoryOperations = {
  listInventoryLevels,
  getInventoryLevel,
  adjustInventoryLevel,
  setInventoryLevel,
  listInventoryAdjustments,
  getInventorySettings,
  updateInventorySettings,
} as const;
