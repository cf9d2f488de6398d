import { z } from 'zod';
import { NormalizedAddress } from '../carts/schemas';
import { Currency, Locale, MAX_SAFE, Market, Money, PAGE_MAX, PAGE_SIZE_MAX, intQuery } from '../schemas/common';
import { EMAIL_MAX } from '../schemas/email';
import { afterSalesStates, afterSalesTypes } from './after-sales-states';
import { orderActions, orderStates } from './states';

const OrderId = z.string().min(1).max(200).meta({
  description: 'Order id (a UUID). An unknown id, or another installation’s order, is 404 order_not_found.',
  example: '3f6c2a1e-8b4d-4e7a-9c15-0d2e6f8a4b71',
});
export const OrderIdParams = z.strictObject({ orderId: OrderId });

export const OrderStateSchema = z.enum(orderStates).meta({
  id: 'StorefrontOrderState',
  description: '`pending_payment -> paid -> fulfilling -> shipped -> delivered -> closed`; `pending_payment|paid -> cancelled`.',
});

export const cancelReasonCodes = ['changed_mind', 'ordered_by_mistake', 'found_cheaper', 'delivery_too_slow', 'payment_problem', 'other'] as const;
export const afterSalesReasonCodes = ['damaged', 'defective', 'wrong_item', 'not_as_described', 'missing_parts', 'no_longer_needed', 'other'] as const;

export const StorefrontOrderTransitionRequest = z
  .strictObject({
    reasonCode: z.enum(cancelReasonCodes).meta({ description: 'Why the shopper cancels.' }),
    note: z.string().max(500).optional().meta({ description: 'Free text for the merchant, up to 500 characters.' }),
    expectedVersion: z.int().min(1).max(MAX_SAFE).optional().meta({ description: 'Refuse with 409 order_version_conflict when the order moved on.' }),
  })
  .meta({ id: 'StorefrontOrderTransitionRequest' });
export type StorefrontOrderTransitionRequest = z.infer<typeof StorefrontOrderTransitionRequest>;

export const EVIDENCE_MAX = 6;

export const StorefrontAfterSalesRequest = z
  .strictObject({
    type: z.enum(afterSalesTypes).meta({ description: '`refund_only`, `return_and_refund` or `exchange`; digital goods are refund-only.' }),
    lines: z
      .array(
        z.strictObject({
          orderLineId: z.uuid(),
          quantity: z.int().min(1).max(10_000).meta({ description: 'At most the line’s delivered quantity less what earlier requests (not rejected) took.' }),
        }),
      )
      .min(1)
      .max(50)
      .refine((ls) => new Set(ls.map((l) => l.orderLineId)).size === ls.length, 'each order line at most once')
      .meta({ description: 'The lines and how many units of each.' }),
    reasonCode: z.enum(afterSalesReasonCodes),
    note: z.string().max(1000).optional().meta({ description: 'What happened, in the shopper’s words; up to 1000 characters.' }),
    evidence: z
      .array(z.url({ protocol: /^https$/ }).max(2000))
      .max(EVIDENCE_MAX)
      .optional()
      .meta({ description: `Up to ${EVIDENCE_MAX} https image URLs.` }),
  })
  .meta({ id: 'StorefrontAfterSalesRequest' });
export type StorefrontAfterSalesRequest = z.infer<typeof StorefrontAfterSalesRequest>;

const HistoryEntry = z.strictObject({
  fromState: z.string().nullable(),
  toState: z.string(),
  actor: z.string(),
  reason: z.string(),
  occurredAt: z.iso.datetime(),
});

export const StorefrontAfterSales = z
  .strictObject({
    id: z.uuid(),
    orderId: z.uuid(),
    type: z.enum(afterSalesTypes),
    state: z.enum(afterSalesStates).meta({
      description: '`requested -> approved | rejected`; returns then `awaiting_return -> received -> refunded | exchanged`; refund-only `approved -> refunded`.',
    }),
    reasonCode: z.enum(afterSalesReasonCodes),
    note: z.string(),
    evidence: z.array(z.string()),
    lines: z.array(z.strictObject({ orderLineId: z.uuid(), quantity: z.int().min(1), refundAmount: Money })),
    refundAmount: Money.meta({ description: 'What the request refunds (apportioned; see the rounding rule); zero for an exchange.' }),
    history: z.array(HistoryEntry),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'StorefrontAfterSales' });
export type StorefrontAfterSales = z.infer<typeof StorefrontAfterSales>;

const OrderLine = z
  .strictObject({
    id: z.uuid(),
    position: z.int().min(1),
    skuId: z.uuid(),
    productSlug: z.string(),
    skuCode: z.string(),
    title: z.string(),
    kind: z.enum(['physical', 'digital']),
    optionValues: z.record(z.string(), z.string()),
    quantity: z.int().min(1),
    unitPrice: Money,
    subtotal: Money,
    tax: Money,
    total: Money,
    refundable: Money.meta({ description: 'The line’s total less its share of the order discount: what all its after-sales refunds add up to at most.' }),
  })
  .meta({ id: 'StorefrontOrderLine' });

const OrderPayment = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['charge', 'refund']),
    provider: z.string(),
    status: z.enum(['succeeded', 'pending', 'failed']),
    amount: Money,
    card: z.strictObject({ brand: z.string(), last4: z.string() }).nullable(),
    reason: z.string().nullable().meta({ description: 'Refunds: `cancellation` or `after_sales`.' }),
    afterSalesRequestId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StorefrontOrderPayment' });

export const StorefrontOrder = z
  .strictObject({
    id: z.uuid(),
    number: z.string(),
    state: OrderStateSchema,
    version: z.int().min(1),
    market: Market,
    locale: Locale,
    currency: Currency,
    taxInclusive: z.boolean(),
    subtotal: Money,
    discountTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    total: Money,
    refundedTotal: Money.meta({ description: 'All succeeded refunds; never above total.' }),
    lines: z.array(OrderLine),
    address: NormalizedAddress.nullable(),
    email: z.string().nullable().meta({
      description:
        'Extension. The shopper’s e-mail from checkout: in full for the merchant (the merchant API, and getStorefrontOrder with a credential holding `orders:write`), masked (`j***@example.com`) otherwise. Null on orders placed before checkout asked for it.',
    }),
    payments: z.array(OrderPayment),
    fulfilment: z.strictObject({
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable().meta({ description: 'The carrier’s tracking page for this shipment, when the carrier is one the carrier table knows.' }),
      fulfillingAt: z.iso.datetime().nullable(),
      shippedAt: z.iso.datetime().nullable(),
      deliveredAt: z.iso.datetime().nullable(),
    }),
    afterSales: z.array(StorefrontAfterSales),
    history: z.array(HistoryEntry),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StorefrontOrder' });
export type StorefrontOrder = z.infer<typeof StorefrontOrder>;

export const StorefrontOrderCancellation = z
  .strictObject({
    order: StorefrontOrder,
    refund: OrderPayment.nullable().meta({ description: 'The refund of the whole amount paid, when the order was paid; null for an unpaid order.' }),
  })
  .meta({ id: 'StorefrontOrderCancellation' });
export type StorefrontOrderCancellation = z.infer<typeof StorefrontOrderCancellation>;

export const StorefrontAfterSalesResult = z
  .strictObject({ request: StorefrontAfterSales, order: StorefrontOrder })
  .meta({ id: 'StorefrontAfterSalesResult' });
export type StorefrontAfterSalesResult = z.infer<typeof StorefrontAfterSalesResult>;

export const StorefrontOrderSummary = z
  .strictObject({
    id: z.uuid(),
    number: z.string(),
    state: OrderStateSchema,
    version: z.int().min(1),
    market: Market,
    currency: Currency,
    total: Money,
    refundedTotal: Money,
    lineCount: z.int().min(0),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'StorefrontOrderSummary' });
export type StorefrontOrderSummary = z.infer<typeof StorefrontOrderSummary>;

export const OrderListQuery = z.strictObject({
  state: z.enum(orderStates).optional().meta({ description: 'Only orders in this state.' }),
  page: intQuery(1, PAGE_MAX, 1),
  pageSize: intQuery(1, PAGE_SIZE_MAX, 20),
});
export type OrderListQuery = z.output<typeof OrderListQuery>;

const Cursor = z.string().min(1).max(200).meta({ description: 'The `meta.nextCursor` of the previous page; absent for the first page.' });
const Limit = intQuery(1, PAGE_SIZE_MAX, 20);

export const MerchantOrderListQuery = z
  .strictObject({
    state: z.enum(orderStates).optional().meta({ description: 'Only orders in this state.' }),
    createdFrom: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only orders placed at or after this time.' }),
    createdTo: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only orders placed before this time.' }),
    q: z
      .string()
      .trim()
      .min(1)
      .max(EMAIL_MAX)
      .optional()
      .meta({ description: 'An order number or its start (`SO-2026…`), part of the recipient’s name, their phone number, or their e-mail (the whole address, any case).' }),
    cursor: Cursor.optional(),
    limit: Limit,
  })
  .meta({ id: 'MerchantOrderListQuery' });
export type MerchantOrderListQuery = z.output<typeof MerchantOrderListQuery>;

export const MerchantOrderSummary = StorefrontOrderSummary.extend({
  recipient: z.string().nullable().meta({ description: 'Who the order ships to (null when its address does not name one).' }),
}).meta({ id: 'MerchantOrderSummary' });
export type MerchantOrderSummary = z.infer<typeof MerchantOrderSummary>;

export const OrderStateCounts = z.record(z.enum(orderStates), z.int().min(0)).meta({ id: 'OrderStateCounts', description: 'Orders per state under the same date and search filters (whatever `state` says).' });

export const CursorListMeta = z
  .strictObject({
    limit: z.int().min(1),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'CursorListMeta' });

export const MerchantOrderListMeta = CursorListMeta.extend({ counts: OrderStateCounts }).meta({ id: 'MerchantOrderListMeta' });

export const AfterSalesQueueQuery = z
  .strictObject({
    state: z
      .enum(['open', ...afterSalesStates])
      .default('open')
      .meta({ description: '`open` (the default: requested, approved, awaiting_return, received) or one state.' }),
    cursor: Cursor.optional(),
    limit: Limit,
  })
  .meta({ id: 'AfterSalesQueueQuery' });
export type AfterSalesQueueQuery = z.output<typeof AfterSalesQueueQuery>;

export const AfterSalesQueueEntry = z
  .strictObject({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    type: z.enum(afterSalesTypes),
    state: z.enum(afterSalesStates),
    reasonCode: z.enum(afterSalesReasonCodes),
    note: z.string(),
    refundAmount: Money,
    lineCount: z.int().min(1),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AfterSalesQueueEntry' });
export type AfterSalesQueueEntry = z.infer<typeof AfterSalesQueueEntry>;

const ExpectedVersion = z.int().min(1).max(MAX_SAFE).optional().meta({ description: 'Refuse with 409 order_version_conflict when the order moved on.' });
const Note = z.string().trim().min(1).max(200);

export const MerchantOrderMoveRequest = z
  .strictObject({ expectedVersion: ExpectedVersion, reason: Note.optional().meta({ description: 'Why, for the order’s history (up to 200 characters).' }) })
  .meta({ id: 'MerchantOrderMoveRequest' });
export type MerchantOrderMoveRequest = z.infer<typeof MerchantOrderMoveRequest>;

export const MerchantOrderShipmentRequest = z
  .strictObject({
    carrier: z.string().trim().min(1).max(60).meta({ description: 'A carrier code from the carrier table (`ups`, `usps`, `fedex`, `dhl`, `sf-express`, `jd-logistics`, `ems`, …) for a tracking URL, or any carrier’s name.' }),
    trackingNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, '4 to 40 letters, digits or hyphens').meta({ description: '4 to 40 letters, digits or hyphens.' }),
    expectedVersion: ExpectedVersion,
  })
  .meta({ id: 'MerchantOrderShipmentRequest' });
export type MerchantOrderShipmentRequest = z.infer<typeof MerchantOrderShipmentRequest>;

export const MerchantOrderDeliveryRequest = z
  .strictObject({
    deliveredAt: z.iso.datetime({ offset: true }).optional().meta({ description: 'When it was delivered, if not now: not before the order was placed or shipped, not in the future.' }),
    expectedVersion: ExpectedVersion,
  })
  .meta({ id: 'MerchantOrderDeliveryRequest' });
export type MerchantOrderDeliveryRequest = z.infer<typeof MerchantOrderDeliveryRequest>;

export const MerchantOrderCancellationRequest = z
  .strictObject({
    reason: Note.meta({ description: 'Why the merchant cancels (up to 200 characters); a paid order is refunded in full.' }),
    expectedVersion: ExpectedVersion,
  })
  .meta({ id: 'MerchantOrderCancellationRequest' });
export type MerchantOrderCancellationRequest = z.infer<typeof MerchantOrderCancellationRequest>;

export const AfterSalesDecisionRequest = z.strictObject({ reason: Note.optional().meta({ description: 'A note for the request’s history.' }) }).meta({ id: 'AfterSalesDecisionRequest' });
export type AfterSalesDecisionRequest = z.infer<typeof AfterSalesDecisionRequest>;

export const AfterSalesRejectionRequest = z
  .strictObject({ reason: Note.meta({ description: 'Why the request is rejected (up to 200 characters); the shopper sees it.' }) })
  .meta({ id: 'AfterSalesRejectionRequest' });
export type AfterSalesRejectionRequest = z.infer<typeof AfterSalesRejectionRequest>;

export const AfterSalesRefundRequest = z
  .strictObject({
    lines: z
      .array(z.strictObject({ orderLineId: z.uuid(), amount: z.int().min(0).max(MAX_SAFE).meta({ description: 'Minor units; at most what the request priced the line at.' }) }))
      .min(1)
      .max(50)
      .refine((ls) => new Set(ls.map((l) => l.orderLineId)).size === ls.length, 'each order line at most once')
      .optional()
      .meta({ description: 'A partial refund per line; absent: the request’s whole amount. Never above what the order has left to refund.' }),
    reason: Note.optional(),
  })
  .meta({ id: 'AfterSalesRefundRequest' });
export type AfterSalesRefundRequest = z.infer<typeof AfterSalesRefundRequest>;

export const AfterSalesIdParams = z.strictObject({
  requestId: z.string().min(1).max(200).meta({ description: 'After-sales request id (a UUID). Another store’s request is 404.', example: '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d' }),
});

export const OrderTimelineEntry = z
  .strictObject({
    id: z.uuid(),
    action: z.string().meta({
      description:
        'What was done: `order.place` (the shopper placed it at checkout), `order.pay` (a payment taken at checkout: `method`, `reference`, the card), `order.mark_paid|fulfil|ship|deliver|close|cancel`, `after_sales.request|approve|reject|receive|refund|exchange`.',
    }),
    actor: z
      .strictObject({
        kind: z.enum(['merchant_user', 'installation', 'operator', 'shopper', 'system']),
        label: z.string().meta({ description: 'The merchant user’s e-mail, the app’s id, or the kind itself.' }),
      })
      .meta({ description: 'Who did it.' }),
    subjectType: z.enum(['order', 'after_sales_request']),
    subjectId: z.uuid(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({ description: 'The step’s facts: states, carrier and tracking, amounts in minor units, the reason.' }),
    occurredAt: z.iso.datetime(),
  })
  .meta({ id: 'MerchantOrderTimelineEntry' });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

export const MerchantOrder = StorefrontOrder.extend({
  nextActions: z.array(z.enum(orderActions)).meta({ description: 'The moves the order’s state allows now (empty once it is final).' }),
  refundRemaining: Money.meta({ description: 'What is left to refund: what was paid less `refundedTotal`.' }),
  timeline: z.array(OrderTimelineEntry).meta({
    description: 'Who did what to the order, newest first (at most 200 entries): its placement and payment at checkout, then the audit trail of the order and its after-sales requests.',
  }),
}).meta({ id: 'MerchantOrder' });
export type MerchantOrder = z.infer<typeof MerchantOrder>;

export const MerchantAfterSalesResult = z
  .strictObject({ request: StorefrontAfterSales, order: MerchantOrder })
  .meta({ id: 'MerchantAfterSalesResult' });
export type MerchantAfterSalesResult = z.infer<typeof MerchantAfterSalesResult>;
