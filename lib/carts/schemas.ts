import { z } from 'zod';
import { Currency, Locale, MAX_SAFE, Market, Money } from '../schemas/common';
import { cartLimits } from './limits';
import { cartStates } from './states';

const Uuid = z.uuid().meta({ example: '7d1e4b9a-3c52-4f0e-9a61-2b8c5d7e9f10' });

export const CartIdParams = z.strictObject({
  cartId: z.string().min(1).max(200).meta({
    description: 'Cart id (a UUID). An id that is not a UUID answers 404 cart_not_found, like an unknown one.',
    format: 'uuid',
  }),
});

export const CartItemParams = CartIdParams.extend({
  skuId: z.string().min(1).max(200).meta({
    description: 'SKU id of the line (a UUID). An id the cart holds no line for answers 404 cart_item_not_found.',
    format: 'uuid',
  }),
});

const Quantity = z
  .int()
  .min(1)
  .max(cartLimits.lineQuantityMax)
  .meta({ description: `Units, 1 to ${cartLimits.lineQuantityMax}. A SKU's maxPerOrder may lower the bound.` });

const ExpectedVersion = z
  .int()
  .min(1)
  .max(MAX_SAFE)
  .optional()
  .meta({
    description:
      'The cart version the client last saw. When given and the cart has moved on, the change is refused with 409 cart_version_conflict; when omitted the change applies to the current version.',
  });

export const CartItemInput = z.strictObject({
  skuId: Uuid.meta({ description: 'SKU to add, from the store’s product detail (`skus[].id`).' }),
  quantity: Quantity,
});

export const PublicCartCreateRequest = z
  .strictObject({
    market: Market.optional().meta({
      description: 'One of the store’s markets; the store default when omitted. Another market is 400 `validation_failed` with `details.markets`.',
    }),
    locale: Locale.optional().meta({
      description: 'Locale of line titles; the store default locale in its default market, else the market’s locale.',
    }),
    currency: Currency.optional().meta({
      description: 'Optional check: must be the market’s currency (CN: CNY, US: USD), else 400.',
    }),
    items: z
      .array(CartItemInput)
      .max(cartLimits.linesMax)
      .optional()
      .meta({ description: 'Lines to start with; the same SKU twice is merged into one line.' }),
  })
  .meta({ id: 'PublicCartCreateRequest' });
export type PublicCartCreateRequest = z.infer<typeof PublicCartCreateRequest>;

export const PublicCartItemMutationRequest = CartItemInput.extend({ expectedVersion: ExpectedVersion }).meta({
  id: 'PublicCartItemMutationRequest',
});
export type PublicCartItemMutationRequest = z.infer<typeof PublicCartItemMutationRequest>;

export const PublicCartQuantityUpdateRequest = z
  .strictObject({
    quantity: Quantity.meta({ description: 'The new quantity of the line, 1 to 99. To remove a line, DELETE it.' }),
    expectedVersion: ExpectedVersion,
  })
  .meta({ id: 'PublicCartQuantityUpdateRequest' });
export type PublicCartQuantityUpdateRequest = z.infer<typeof PublicCartQuantityUpdateRequest>;

export const PublicCartTransitionRequest = z
  .strictObject({ expectedVersion: ExpectedVersion })
  .meta({ id: 'PublicCartTransitionRequest', description: 'A change with no payload of its own; `{}` is a valid body.' });
export type PublicCartTransitionRequest = z.infer<typeof PublicCartTransitionRequest>;

const Text = (max: number, description: string) => z.string().max(max).meta({ description });

export const CnAddressInput = z
  .strictObject({
    country: z.literal('CN'),
    recipient: Text(200, 'Recipient name, 1 to 50 characters after trimming.'),
    phone: Text(40, 'Mainland mobile number, 11 digits starting 13-19; spaces, dashes and a +86 prefix are accepted and removed.'),
    province: Text(40, 'Province-level division, official name, short name or pinyin ("广东省", "广东", "Guangdong").'),
    city: Text(200, 'City, 1 to 40 characters.'),
    district: Text(200, 'District or county, 1 to 40 characters.'),
    detail: Text(400, 'Street, building and room, 2 to 120 characters.'),
    postalCode: Text(20, '6-digit postal code; optional.').optional(),
  })
  .meta({ id: 'PublicCartCnAddressInput' });

export const UsAddressInput = z
  .strictObject({
    country: z.literal('US'),
    recipient: Text(200, 'Recipient name, 1 to 100 characters after trimming.'),
    line1: Text(200, 'Street address, 1 to 100 characters.'),
    line2: Text(200, 'Apartment, suite or unit; up to 100 characters.').optional(),
    city: Text(200, 'City, 1 to 60 characters.'),
    state: Text(20, 'Two-letter USPS state code (50 states and DC), any case.'),
    postalCode: Text(20, 'ZIP code: 5 digits or ZIP+4 (12345-6789).'),
    phone: Text(40, 'Optional 10-digit US phone number; punctuation and a +1 prefix are accepted.').optional(),
  })
  .meta({ id: 'PublicCartUsAddressInput' });

export const AddressInput = z.discriminatedUnion('country', [CnAddressInput, UsAddressInput]);
export type AddressInput = z.infer<typeof AddressInput>;
export type CnAddressInput = z.infer<typeof CnAddressInput>;
export type UsAddressInput = z.infer<typeof UsAddressInput>;

export const PublicCartAddressSetRequest = z
  .strictObject({
    address: AddressInput.meta({ description: 'The shipping address; its country must be the cart market.' }),
    expectedVersion: ExpectedVersion,
  })
  .meta({ id: 'PublicCartAddressSetRequest' });
export type PublicCartAddressSetRequest = z.infer<typeof PublicCartAddressSetRequest>;

export const CnAddress = z
  .strictObject({
    country: z.literal('CN'),
    recipient: z.string(),
    phone: z.string(),
    province: z.string(),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'PublicCartCnAddress' });

export const UsAddress = z
  .strictObject({
    country: z.literal('US'),
    recipient: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'PublicCartUsAddress' });

export const NormalizedAddress = z
  .discriminatedUnion('country', [CnAddress, UsAddress])
  .meta({ id: 'PublicCartNormalizedAddress', description: 'An address as stored: trimmed, NFKC-normalized, canonical forms.' });
export type NormalizedAddress = z.infer<typeof NormalizedAddress>;
export type CnAddress = z.infer<typeof CnAddress>;
export type UsAddress = z.infer<typeof UsAddress>;

export const AddressSummary = z
  .strictObject({
    country: Market,
    region: z.string().meta({ description: 'Province (CN) or state code (US).' }),
    city: z.string(),
    postalCode: z.string().nullable(),
    tokenExpiresAt: z.iso.datetime().meta({ description: 'When the address token expires; set the address again after it.' }),
  })
  .meta({ id: 'PublicCartAddressSummary', description: 'Where the cart ships, without the recipient’s personal details.' });
export type AddressSummary = z.infer<typeof AddressSummary>;

export const cartWarningCodes = ['insufficient_stock', 'address_required', 'cart_empty'] as const;

export const CartWarning = z
  .strictObject({
    code: z.enum(cartWarningCodes),
    message: z.string(),
    skuId: z.uuid().optional(),
    requestedQuantity: z.int().min(0).optional(),
    availableQuantity: z.int().min(0).optional(),
  })
  .meta({
    id: 'PublicCartWarning',
    description:
      '`insufficient_stock`: the line was clamped to the stock (on a write) or exceeds it now (on a quote). `address_required`: US tax needs the shipping state. `cart_empty`: nothing to check out.',
  });
export type CartWarning = z.infer<typeof CartWarning>;

const ProductKind = z.enum(['physical', 'digital']);

export const PublicCartLine = z
  .strictObject({
    skuId: z.uuid(),
    productSlug: z.string(),
    title: z.string().meta({ description: 'Product title in the cart locale.' }),
    optionValues: z.record(z.string(), z.string()),
    kind: ProductKind,
    quantity: z.int().min(1),
    unitPrice: Money.meta({ description: 'Price of one unit when the line was last changed.' }),
    lineTotal: Money,
  })
  .meta({ id: 'PublicCartLine' });
export type PublicCartLine = z.infer<typeof PublicCartLine>;

export const PublicCart = z
  .strictObject({
    id: z.uuid(),
    merchant: z.string().meta({ description: 'Store slug.' }),
    market: Market,
    locale: Locale,
    currency: Currency,
    state: z.enum(cartStates).meta({
      description: '`active` (items and address may change), `checking_out`, `completed`, `abandoned` (expired).',
    }),
    version: z.int().min(1).meta({ description: 'Grows by one with every change.' }),
    lines: z.array(PublicCartLine),
    itemCount: z.int().min(0).meta({ description: 'Units across all lines.' }),
    subtotal: Money.meta({ description: 'Sum of the line totals at the snapshotted prices; the quote re-prices.' }),
    address: AddressSummary.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().meta({ description: 'When the cart is abandoned unless changed again.' }),
    warnings: z.array(CartWarning).meta({ description: 'What this change adjusted, e.g. a quantity clamped to stock.' }),
  })
  .meta({ id: 'PublicCart' });
export type PublicCart = z.infer<typeof PublicCart>;

export const PublicCartAddressToken = z
  .strictObject({
    cartId: z.uuid(),
    cartVersion: z.int().min(1),
    addressToken: z.string().meta({
      description: 'Opaque token bound to this cart and this address; a new address or its expiry makes it stale.',
    }),
    expiresAt: z.iso.datetime(),
    address: NormalizedAddress,
  })
  .meta({ id: 'PublicCartAddressToken' });
export type PublicCartAddressToken = z.infer<typeof PublicCartAddressToken>;

export const PublicCartQuoteLine = z
  .strictObject({
    skuId: z.uuid(),
    productSlug: z.string(),
    title: z.string(),
    optionValues: z.record(z.string(), z.string()),
    kind: ProductKind,
    quantity: z.int().min(1),
    unitPrice: Money.meta({ description: 'Current price of one unit.' }),
    subtotal: Money,
    tax: Money.meta({ description: 'Included in the price when taxInclusive, else added on top.' }),
    total: Money.meta({ description: 'What the line adds to the total: subtotal, plus tax when not taxInclusive.' }),
  })
  .meta({ id: 'PublicCartQuoteLine' });

export const PriceChange = z
  .strictObject({ skuId: z.uuid(), previousUnitPrice: Money, currentUnitPrice: Money })
  .meta({ id: 'PublicCartPriceChange', description: 'A line whose current price differs from the price snapshotted on it.' });

export const PublicCartCheckoutQuote = z
  .strictObject({
    cartId: z.uuid(),
    cartVersion: z.int().min(1),
    merchant: z.string(),
    market: Market,
    locale: Locale,
    currency: Currency,
    taxInclusive: z.boolean().meta({ description: 'CN prices include VAT (true); US sales tax is added (false).' }),
    taxEstimated: z.boolean().meta({ description: 'True when tax could not be computed yet (a US cart without an address).' }),
    lines: z.array(PublicCartQuoteLine),
    subtotal: Money,
    discountTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    total: Money.meta({
      description:
        'US: subtotal - discountTotal + shippingTotal + taxTotal. CN: subtotal - discountTotal + shippingTotal, with taxTotal inside it.',
    }),
    priceChanges: z.array(PriceChange),
    warnings: z.array(CartWarning),
    address: AddressSummary.nullable(),
    quotedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().meta({ description: 'Prices are promised until then (15 minutes, or earlier if the address token expires).' }),
  })
  .meta({ id: 'PublicCartCheckoutQuote' });
export type PublicCartCheckoutQuote = z.infer<typeof PublicCartCheckoutQuote>;
