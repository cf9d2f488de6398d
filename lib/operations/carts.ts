import {
  CartIdParams,
  CartItemParams,
  PublicCart,
  PublicCartAddressSetRequest,
  PublicCartAddressToken,
  PublicCartCheckoutQuote,
  PublicCartCreateRequest,
  PublicCartItemMutationRequest,
  PublicCartQuantityUpdateRequest,
  PublicCartTransitionRequest,
} from '../carts/schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

/** One schema object per component name: three operations answer with a PublicCartResponse. */
const PublicCartResponse = dataEnvelope(PublicCart, 'PublicCartResponse');

const cartRules =
  'Carts belong to the API key’s installation: another installation’s cart, or an id that is not a UUID, is 404 `cart_not_found`. ' +
  'Items and the address change only while the cart is `active` (else 409 `cart_not_active` with `details.state`); ' +
  'send `expectedVersion` to refuse the change if the cart moved on (409 `cart_version_conflict`). Every change adds one to `version`.';

const quantityRules =
  'A line holds 1 to 99 units (or the SKU’s `maxPerOrder` when lower), a cart at most 50 lines and 999 units: 409 `cart_limit_exceeded` with `details.limit`. ' +
  'Above the stock the line is clamped to what is in stock and an `insufficient_stock` warning says so; with nothing in stock the change is 409 `insufficient_stock`. ' +
  'The line is re-priced at the current price.';

export const quotePublicCartCheckout = defineOperation({
  id: 'quotePublicCartCheckout',
  method: 'GET',
  path: '/api/v1/open/storefront/carts/{cartId}/checkout-quote',
  summary: 'Quote the checkout of a cart',
  description:
    'Re-prices every line at the current price (differences from the snapshots are in `priceChanges`) and adds shipping (the store’s rule for the market; carts with only digital goods ship free) and tax. ' +
    'CN prices include VAT (13% goods, 6% digital, 9% shipping) and `taxTotal` reports the part inside: `total = subtotal - discountTotal + shippingTotal`. ' +
    'US sales tax is the state base rate of the shipping address, added per line, shipping untaxed: `total = subtotal - discountTotal + shippingTotal + taxTotal`; ' +
    'without an address it is 0 with `taxEstimated: true`. Tax is rounded half up per line, so line taxes add up to `taxTotal`. ' +
    'Refused with 409 `address_token_stale` once the cart’s address token has expired (set the address again), `sku_unavailable` when a line is no longer sold (remove it; `details.skuIds` with `details.reasons` per SKU: `product_archived`, `product_not_active` for a draft, `not_sold_in_market`), ' +
    'and `cart_not_active` for completed or abandoned carts. A malformed or foreign cart id is 404 `cart_not_found`.',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['checkout:quote'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  params: CartIdParams,
  response: dataEnvelope(PublicCartCheckoutQuote, 'PublicCartCheckoutQuoteResponse'),
  responseName: 'PublicCartCheckoutQuoteResponse',
  errors: ['cart_not_found', 'cart_not_active', 'address_token_stale', 'sku_unavailable'],
});

export const updatePublicCartItemQuantity = defineOperation({
  id: 'updatePublicCartItemQuantity',
  method: 'PATCH',
  path: '/api/v1/open/storefront/carts/{cartId}/items/{skuId}',
  summary: 'Change the quantity of a cart line',
  description: `Sets the line to \`quantity\` (0 is not accepted: DELETE the line). ${quantityRules} ${cartRules} A SKU the cart holds no line for is 404 \`cart_item_not_found\`.`,
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: CartItemParams,
  body: PublicCartQuantityUpdateRequest,
  requestName: 'PublicCartQuantityUpdateRequest',
  response: PublicCartResponse,
  responseName: 'PublicCartResponse',
  errors: ['cart_not_found', 'cart_item_not_found', 'cart_not_active', 'cart_version_conflict', 'sku_unavailable', 'insufficient_stock', 'cart_limit_exceeded'],
});

export const addPublicCartItem = defineOperation({
  id: 'addPublicCartItem',
  method: 'POST',
  path: '/api/v1/open/storefront/carts/{cartId}/items',
  summary: 'Add a SKU to a cart',
  description:
    `Adds \`quantity\` units of a SKU; a SKU already in the cart is merged into its line. A SKU of another store or unknown is 404 \`sku_not_found\`; ` +
    `one not sold in the cart market, or whose product is not active, is 409 \`sku_unavailable\` (\`details.reason\`: \`not_sold_in_market\`, \`product_archived\` or \`product_not_active\`). ${quantityRules} ${cartRules}`,
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: CartIdParams,
  body: PublicCartItemMutationRequest,
  requestName: 'PublicCartItemMutationRequest',
  response: PublicCartResponse,
  responseName: 'PublicCartResponse',
  errors: ['cart_not_found', 'sku_not_found', 'cart_not_active', 'cart_version_conflict', 'sku_unavailable', 'insufficient_stock', 'cart_limit_exceeded'],
});

export const removePublicCartItem = defineOperation({
  id: 'removePublicCartItem',
  method: 'DELETE',
  path: '/api/v1/open/storefront/carts/{cartId}/items/{skuId}',
  summary: 'Remove a line from a cart',
  description: `Removes the SKU’s line; \`{}\` is a valid body. A SKU the cart holds no line for is 404 \`cart_item_not_found\` (a retry with the same Idempotency-Key replays the first 200). ${cartRules}`,
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: CartItemParams,
  body: PublicCartTransitionRequest,
  requestName: 'PublicCartTransitionRequest',
  response: PublicCartResponse,
  responseName: 'PublicCartResponse',
  errors: ['cart_not_found', 'cart_item_not_found', 'cart_not_active', 'cart_version_conflict'],
});

export const setPublicCartAddress = defineOperation({
  id: 'setPublicCartAddress',
  method: 'PUT',
  path: '/api/v1/open/storefront/carts/{cartId}/address',
  summary: 'Set the shipping address of a cart',
  description:
    'Validates the address by the rules of the cart market and stores it normalized (trimmed, NFKC, official province names, upper-case state codes, ZIP+4 with a dash, bare mobile numbers). ' +
    'CN: recipient, mainland mobile number, province/city/district, detail, optional 6-digit postal code. US: recipient, street, optional unit, city, state code (50 states and DC), ZIP, optional phone. ' +
    'Broken fields are 400 `address_invalid`, all listed in `issues`; an address in another country than the market is 409 `address_market_mismatch`. ' +
    `Returns an opaque address token bound to this cart and this address, valid 24 hours; a new address makes older tokens stale. ${cartRules}`,
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['checkout:quote'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: CartIdParams,
  body: PublicCartAddressSetRequest,
  requestName: 'PublicCartAddressSetRequest',
  response: dataEnvelope(PublicCartAddressToken, 'PublicCartAddressTokenResponse'),
  responseName: 'PublicCartAddressTokenResponse',
  errors: ['address_invalid', 'cart_not_found', 'cart_not_active', 'cart_version_conflict', 'address_market_mismatch'],
});

export const createPublicCart = defineOperation({
  id: 'createPublicCart',
  method: 'POST',
  path: '/api/v1/open/storefront/carts',
  summary: 'Create a cart',
  description:
    'Opens a cart in the API key’s store, in one of its markets (the store default when omitted; another market is 400), with the market’s currency and a locale for line titles. ' +
    `Optional \`items\` start it like successive adds. The cart id is a random UUID. Carts untouched for 30 days are abandoned. ${quantityRules}`,
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  body: PublicCartCreateRequest,
  requestName: 'PublicCartCreateRequest',
  response: dataEnvelope(PublicCart, 'PublicCartCreatedResponse'),
  responseName: 'PublicCartCreatedResponse',
  errors: ['sku_not_found', 'sku_unavailable', 'insufficient_stock', 'cart_limit_exceeded'],
});

export const cartOperations = {
  quotePublicCartCheckout,
  updatePublicCartItemQuantity,
  addPublicCartItem,
  removePublicCartItem,
  setPublicCartAddress,
  createPublicCart,
} as const;
