import { pendingOperation } from './pending';

export const quotePublicCartCheckout = pendingOperation({
  id: 'quotePublicCartCheckout',
  method: 'GET',
  path: '/api/v1/open/storefront/carts/{cartId}/checkout-quote',
  summary: 'Quote the checkout of a cart',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['checkout:quote'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  pathParams: ['cartId'],
  responseName: 'PublicCartCheckoutQuoteResponse',
});

export const updatePublicCartItemQuantity = pendingOperation({
  id: 'updatePublicCartItemQuantity',
  method: 'PATCH',
  path: '/api/v1/open/storefront/carts/{cartId}/items/{skuId}',
  summary: 'Change the quantity of a cart line',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['cartId', 'skuId'],
  hasBody: true,
  requestName: 'PublicCartQuantityUpdateRequest',
  responseName: 'PublicCartResponse',
});

export const addPublicCartItem = pendingOperation({
  id: 'addPublicCartItem',
  method: 'POST',
  path: '/api/v1/open/storefront/carts/{cartId}/items',
  summary: 'Add a SKU to a cart',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['cartId'],
  hasBody: true,
  requestName: 'PublicCartItemMutationRequest',
  responseName: 'PublicCartResponse',
});

export const removePublicCartItem = pendingOperation({
  id: 'removePublicCartItem',
  method: 'DELETE',
  path: '/api/v1/open/storefront/carts/{cartId}/items/{skuId}',
  summary: 'Remove a line from a cart',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['cartId', 'skuId'],
  hasBody: true,
  requestName: 'PublicCartTransitionRequest',
  responseName: 'PublicCartResponse',
});

export const setPublicCartAddress = pendingOperation({
  id: 'setPublicCartAddress',
  method: 'PUT',
  path: '/api/v1/open/storefront/carts/{cartId}/address',
  summary: 'Set the shipping address of a cart',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['checkout:quote'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['cartId'],
  hasBody: true,
  requestName: 'PublicCartAddressSetRequest',
  responseName: 'PublicCartAddressTokenResponse',
});

export const createPublicCart = pendingOperation({
  id: 'createPublicCart',
  method: 'POST',
  path: '/api/v1/open/storefront/carts',
  summary: 'Create a cart',
  tag: 'Carts',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  hasBody: true,
  requestName: 'PublicCartCreateRequest',
  responseName: 'PublicCartCreatedResponse',
});

export const cartOperations = {
  quotePublicCartCheckout,
  updatePublicCartItemQuantity,
  addPublicCartItem,
  removePublicCartItem,
  setPublicCartAddress,
  createPublicCart,
} as const;
