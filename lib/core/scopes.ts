/**
 * Every scope a credential can hold: the spec's four, plus those the extensions need. A key or
 * OAuth grant holds a subset; an operation declares the ones it requires in the table.
 *
 * `catalog:read` covers what shoppers see (the public catalog, carts, their orders);
 * `products:read` / `products:write` are the merchant's catalog: drafts and archived products,
 * exact stock, SKU codes, and every change to products, variants and the store's categories.
 */
export const scopes = ['catalog:read', 'checkout:quote', 'webhooks:read', 'webhooks:write', 'checkout:write', 'orders:read', 'orders:write', 'decoration:read', 'decoration:write', 'inventory:read', 'inventory:write', 'products:read', 'products:write'] as const;
export type Scope = (typeof scopes)[number];
