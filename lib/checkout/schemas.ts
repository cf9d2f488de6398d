import { z } from 'zod';
import { PublicCartCheckoutQuote } from '../carts/schemas';
import { Currency, Locale, MAX_SAFE, Market, Money } from '../schemas/common';
import { Email } from '../schemas/email';
import { paymentMethods } from './payments/providers';

export const sessionStates = ['open', 'completed', 'cancelled', 'expired'] as const;
export type SessionState = (typeof sessionStates)[number];
export const sessionSteps = ['review', 'payment', 'completed'] as const;
export type SessionStep = (typeof sessionSteps)[number];

export const EXPIRES_IN_DEFAULT = 60;
export const EXPIRES_IN_MIN = 5;
export const EXPIRES_IN_MAX = 24 * 60;

const SessionId = z.string().min(1).max(200).meta({
  description: 'Hosted checkout session id (`cs_` and 32 characters). An unknown id, or another installation’s, is 404 checkout_session_not_found.',
  example: 'cs_9q3Xw2mVb7LkT4nR8pZc1sYh5JdG0aEu',
});
export const SessionIdParams = z.strictObject({ sessionId: SessionId });

const Url = z.string().min(1).max(2000);

export const HostedCheckoutSessionCreateRequest = z
  .strictObject({
    cartId: z.uuid().meta({ description: 'An `active` cart of this installation with at least one line and an address.' }),
    addressToken: z.string().min(1).max(200).meta({ description: 'The token setPublicCartAddress returned; stale tokens are 409 address_token_stale.' }),
    expectedVersion: z.int().min(1).max(MAX_SAFE).optional().meta({ description: 'Refuse with 409 cart_version_conflict when the cart moved on.' }),
    returnUrl: Url.meta({
      description:
        'Where the shopper goes after paying: absolute https (http only for localhost outside production) on an origin registered for this installation, else 400.',
    }),
    cancelUrl: Url.meta({ description: 'Where the shopper goes after cancelling or when the session expired; same rules as returnUrl.' }),
    locale: Locale.optional().meta({ description: 'Language of the checkout pages; the cart locale when omitted.' }),
    email: Email.optional().meta({
      description:
        'Extension. The shopper’s e-mail for the receipt, when the merchant knows it: trimmed, the domain lower-cased, at most 254 characters, no line breaks (else 400 validation_failed). ' +
        'When omitted, the checkout page asks for it before payment.',
    }),
    expiresInMinutes: z
      .int()
      .min(EXPIRES_IN_MIN)
      .max(EXPIRES_IN_MAX)
      .optional()
      .meta({ description: `Minutes the session stays open (stock stays reserved), ${EXPIRES_IN_MIN} to ${EXPIRES_IN_MAX}; default ${EXPIRES_IN_DEFAULT}.` }),
  })
  .meta({ id: 'HostedCheckoutSessionCreateRequest' });
export type HostedCheckoutSessionCreateRequest = z.infer<typeof HostedCheckoutSessionCreateRequest>;

const CardSummary = z.strictObject({ brand: z.string(), last4: z.string().length(4) }).meta({ id: 'HostedCheckoutCardSummary' });

const PaymentMethod = z.enum(paymentMethods).meta({
  id: 'HostedCheckoutPaymentMethod',
  description:
    '`test_card` (test-mode installations only; places the order `paid`), `manual` (bank transfer or pay on delivery; places it `pending_payment`) or, extension, `stripe` (offered when the store configured Stripe for the session’s mode; paid on Stripe’s Payment Element, confirmed asynchronously) and `alipay` (CNY sessions of stores that configured Alipay for the session’s mode; paid by scanning a QR code or in the Alipay app on a phone, confirmed asynchronously).',
});

const PaymentStatus = z.strictObject({
  status: z.enum(['unpaid', 'declined', 'paid', 'pending', 'processing']).meta({
    description:
      '`unpaid`; `declined` (the last attempt was refused: retry); `paid`; `pending` (manual payment awaited); extension: `processing` (a provider payment is in flight; the stock stays held and the order is placed when the provider confirms).',
  }),
  method: PaymentMethod.nullable(),
  declineCode: z.enum(['card_declined', 'insufficient_funds', 'payment_failed']).nullable(),
  card: CardSummary.nullable(),
});

/** Extension: what the shopper's page needs to pay with a provider, while a payment is in flight. */
const PaymentAction = z
  .discriminatedUnion('provider', [
    z.strictObject({
      provider: z.literal('stripe'),
      publishableKey: z.string().meta({ description: 'The store’s Stripe publishable key (pk_test_… or pk_live_…).' }),
      clientSecret: z.string().meta({ description: 'The PaymentIntent’s client secret, for the Payment Element.' }),
    }),
    z.strictObject({
      provider: z.literal('alipay'),
      qrCode: z.string().meta({ description: 'What the desktop page shows as a QR code for the Alipay app to scan (alipay.trade.precreate’s qr_code).' }),
      wapPayUrl: z.string().meta({ description: 'The signed alipay.trade.wap.pay address a phone opens to pay the same trade in Alipay.' }),
    }),
  ])
  .meta({ id: 'HostedCheckoutPaymentAction' });

const BrowserPaymentStatus = PaymentStatus.extend({
  action: PaymentAction.nullable().meta({ description: 'Extension. Set while a provider payment is in flight (`processing`, or `declined` to retry).' }),
  lateOutcome: z
    .enum(['placed_late', 'refund_pending', 'refunded', 'refund_failed'])
    .nullable()
    .meta({ description: 'Extension. A provider payment that succeeded after the session ended: its order placed late, or the money going back.' }),
});

export const HostedCheckoutSession = z
  .strictObject({
    id: SessionId,
    url: z.url().meta({ description: 'The page to send the shopper’s browser to (PUBLIC_BASE_URL/checkout/<id>).' }),
    state: z.enum(sessionStates).meta({ description: 'open -> completed | cancelled | expired. Past expiresAt an open session reads as expired.' }),
    step: z.enum(sessionSteps),
    livemode: z.boolean().meta({ description: 'False for sessions created with a test key: only those accept test cards.' }),
    cartId: z.uuid(),
    locale: Locale,
    quote: PublicCartCheckoutQuote.meta({ description: 'The quote pinned when the session was created: what the shopper pays.' }),
    payment: PaymentStatus,
    orderId: z.uuid().nullable(),
    orderNumber: z.string().nullable(),
    returnUrl: z.string(),
    cancelUrl: z.string(),
    email: z.string().nullable().meta({ description: 'Extension. The shopper’s e-mail, in full: from the create request or entered on the review step; null until given.' }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    expiredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'HostedCheckoutSession' });
export type HostedCheckoutSession = z.infer<typeof HostedCheckoutSession>;

const CardFields = z
  .strictObject({
    number: z.string().min(1).max(30).meta({ description: 'Card number; spaces and dashes allowed. Luhn-checked. Never stored: only brand and last 4.' }),
    expMonth: z.int().min(1).max(12),
    expYear: z.int().min(0).max(9999).meta({ description: 'Four digits, or two (26 = 2026).' }),
    cvc: z.string().min(1).max(8),
  })
  .meta({ id: 'HostedCheckoutCardFields' });

export const HostedBrowserContextRequest = z
  .strictObject({
    step: z.enum(['review', 'payment']).optional().meta({
      description:
        'The step the page shows. continue requires it and moves on only from that step: a second submission of the same step answers the current view and changes nothing.',
    }),
    email: Email.optional().meta({
      description:
        'Extension. The shopper’s e-mail for the receipt, sent with `step: review`: required when the session has none yet (400 validation_failed at `body.email`), else it replaces it. Same rules as at session create.',
    }),
    paymentMethod: PaymentMethod.optional().meta({ description: 'Required to continue from `payment`.' }),
    card: CardFields.optional().meta({ description: 'Required with paymentMethod `test_card`.' }),
  })
  .meta({ id: 'HostedBrowserContextRequest', description: '`{}` is a valid body for projection and return.' });
export type HostedBrowserContextRequest = z.infer<typeof HostedBrowserContextRequest>;

export const HostedBrowserCancelRequest = z
  .strictObject({ reason: z.string().max(200).optional().meta({ description: 'Why the shopper left, for the merchant; optional.' }) })
  .meta({ id: 'HostedBrowserCancelRequest' });
export type HostedBrowserCancelRequest = z.infer<typeof HostedBrowserCancelRequest>;

export const HostedCheckoutBrowserLine = z
  .strictObject({
    title: z.string(),
    optionValues: z.record(z.string(), z.string()),
    options: z.array(z.string()).meta({
      description: 'The option values in the session’s language, in the product’s option order, as the page shows them (`{"color": "White"}` in a zh-CN session: `["白色"]`); `optionValues` keeps the SKU’s own values.',
    }),
    imageUrl: z.string().nullable(),
    quantity: z.int().min(1),
    unitPrice: Money,
    total: Money,
  })
  .meta({ id: 'HostedCheckoutBrowserLine' });

export const HostedCheckoutBrowserProjection = z
  .strictObject({
    sessionId: SessionId,
    state: z.enum(sessionStates),
    step: z.enum(sessionSteps),
    storeName: z.string(),
    locale: Locale,
    market: Market,
    currency: Currency,
    taxInclusive: z.boolean(),
    lines: z.array(HostedCheckoutBrowserLine),
    subtotal: Money,
    discountTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    total: Money,
    address: z
      .strictObject({
        recipientGivenName: z.string(),
        city: z.string(),
        phoneLast4: z.string().nullable(),
      })
      .nullable()
      .meta({
        description:
          'Masked: the recipient (`recipientGivenName`: a Chinese name written without spaces as its family name and one `*` per further character, 张*; other names as their first word), the city and the last 4 digits of the phone.',
      }),
    email: z.string().nullable().meta({ description: 'Extension. The receipt e-mail, masked (j***@example.com); null until given.' }),
    paymentMethods: z.array(PaymentMethod),
    payment: BrowserPaymentStatus,
    orderNumber: z.string().nullable(),
    orderPageUrl: z.string().nullable().meta({
      description: 'Once the order is placed: the shopper’s order page (a signed link that expires 180 days after the order) to follow it, cancel it or ask for after-sales service.',
    }),
    livemode: z.boolean(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'HostedCheckoutBrowserProjection' });
export type HostedCheckoutBrowserProjection = z.infer<typeof HostedCheckoutBrowserProjection>;

export const HostedBrowserReturn = z
  .strictObject({
    url: z.string().meta({ description: 'returnUrl once completed, cancelUrl otherwise, with `session_id` appended.' }),
    state: z.enum(sessionStates),
  })
  .meta({ id: 'HostedBrowserReturn' });
export type HostedBrowserReturn = z.infer<typeof HostedBrowserReturn>;
