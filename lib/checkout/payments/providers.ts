import { type CardInput, cardBrand, normalizeCardNumber } from './cards';
import { type GatewayProvider, gatewayProviders, gatewayTakes } from './gateway';

/**
 * The payment provider interface. A provider charges the pinned total of a session once; the
 * session id is its idempotency key, so a retried call after a crash cannot charge twice with a
 * real provider either. `charge` runs while the session row is locked (see continueHostedCheckoutBrowser in browser-steps.ts).
 */
export type ChargeRequest = {
  sessionId: string;
  amount: number;
  currency: string;
  livemode: boolean;
  card?: CardInput;
};

export type ChargeResult =
  | { outcome: 'succeeded'; reference: string; card: { brand: string; last4: string } | null }
  /** Money is awaited outside the service (bank transfer, pay on delivery): the order waits in pending_payment. */
  | { outcome: 'pending'; reference: string }
  | { outcome: 'declined'; code: 'card_declined' | 'insufficient_funds'; card: { brand: string; last4: string } | null };

export type PaymentProvider = {
  method: SyncPaymentMethod;
  /** Whether sessions of this kind may offer the method (test cards: test-mode installations only). */
  availableFor(session: { livemode: boolean }): boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
};

/**
 * Every method a session may offer: the synchronous test card and manual payment here, and the
 * asynchronous providers of gateway.ts (lib/checkout/payments/start-payment.ts), offered only
 * where the store configured an account for the session's mode (test or live).
 */
export const paymentMethods = ['test_card', 'manual', 'stripe', 'alipay'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export type SyncPaymentMethod = Exclude<PaymentMethod, GatewayProvider>;

/**
 * The documented test cards (the numbers the payment industry uses): any future expiry, any
 * 3-digit CVC. Any other valid card number succeeds.
 */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const testCardProvider: PaymentProvider = {
  method: 'test_card',
  availableFor: (session) => !session.livemode,
  async charge({ sessionId, card }) {
    if (!card) throw new Error('test_card charge without a card');
    const digits = normalizeCardNumber(card.number);
    const summary = { brand: cardBrand(digits), last4: digits.slice(-4) };
    if (digits === testCards.declined) return { outcome: 'declined', code: 'card_declined', card: summary };
    if (digits === testCards.insufficientFunds) return { outcome: 'declined', code: 'insufficient_funds', card: summary };
    return { outcome: 'succeeded', reference: `test_ch_${sessionId.slice(3, 19)}`, card: summary };
  },
};

export const manualProvider: PaymentProvider = {
  method: 'manual',
  availableFor: () => true,
  async charge({ sessionId }) {
    return { outcome: 'pending', reference: `manual_${sessionId.slice(3, 19)}` };
  },
};

/** Providers by method. A real provider is added here (see docs/APP-BUILDERS.md, "Hosted checkout"). */
export const paymentProviders: Record<SyncPaymentMethod, PaymentProvider> = {
  test_card: testCardProvider,
  manual: manualProvider,
};

export function isGatewayMethod(method: PaymentMethod): method is GatewayProvider {
  return (gatewayProviders as readonly string[]).includes(method);
}

/**
 * The methods a session offers: the store's configured providers for its mode that take the
 * session's currency (Alipay: CNY only) first, then the synchronous ones.
 */
export function offeredMethods(session: { livemode: boolean; currency: string }, configured: readonly GatewayProvider[]): PaymentMethod[] {
  return paymentMethods
    .filter((m) => (isGatewayMethod(m) ? configured.includes(m) && gatewayTakes(m, session.currency) : paymentProviders[m].availableFor(session)))
    .sort(
    (a, b) => Number(isGatewayMethod(b)) - Number(isGatewayMethod(a)),
  );
}
