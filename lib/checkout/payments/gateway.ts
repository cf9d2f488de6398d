/**
 * The interface every real (asynchronous) payment provider implements. The provider object is
 * created once per session (the session id is its idempotency key), then paid by the shopper on the
 * provider's own element, page or QR code; its outcome reaches us by the shopper's return, the
 * provider's signed notification or the reconciliation sweep, all through settlePaymentAttempt.
 * Amounts are integer minor units here; each adapter converts to what its provider takes.
 */
export const gatewayProviders = ['stripe', 'alipay'] as const;
export type GatewayProvider = (typeof gatewayProviders)[number];

/** The currencies a provider takes (null: any of the project's). Alipay's cross-border-free acquiring settles CNY only. */
export const gatewayCurrencies: Record<GatewayProvider, readonly string[] | null> = { stripe: null, alipay: ['CNY'] };

export function gatewayTakes(provider: GatewayProvider, currency: string): boolean {
  const only = gatewayCurrencies[provider];
  return !only || only.includes(currency);
}

/** What the provider shows the shopper (and the merchant's dashboard) as the payment's description: the same for every call of a session. */
export function paymentDescription(sessionId: string): string {
  return `Checkout ${sessionId}`;
}

export type ProviderStatus = 'processing' | 'succeeded' | 'failed' | 'canceled';

export type ProviderPayment = {
  reference: string;
  status: ProviderStatus;
  /** The amount the provider holds for this object, in minor units (checked against the attempt). */
  amount: number;
  currency: string;
  failureCode: string | null;
  /** What the shopper's page needs to pay (a Stripe client secret): sealed before it is stored. */
  action: string | null;
  card: { brand: string; last4: string } | null;
};

export type ProviderRefund = { reference: string; status: 'pending' | 'succeeded' | 'failed'; failureCode: string | null };

export type PaymentGateway = {
  provider: GatewayProvider;
  /** Creates (or, for the same key, finds again) the payment object of a session. */
  createPayment(r: { idempotencyKey: string; amount: number; currency: string; sessionId: string; description: string }): Promise<ProviderPayment>;
  retrievePayment(reference: string): Promise<ProviderPayment>;
  /** Cancels a payment nobody will complete (its session ended); a success that raced it stands. */
  cancelPayment(reference: string, idempotencyKey: string): Promise<ProviderPayment>;
  refund(r: { paymentReference: string; amount: number; idempotencyKey: string }): Promise<ProviderRefund>;
  retrieveRefund(reference: string): Promise<ProviderRefund>;
  /** A read with the stored keys: resolves when the provider accepts them. */
  testConnection(): Promise<void>;
};

/** A provider that did not answer, answered 5xx, or timed out: nothing is known to have happened. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/** The provider refused the request itself (bad key, bad parameters): retrying will not help. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}
