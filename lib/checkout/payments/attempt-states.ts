/**
 * THE payment attempt state machine, the one source of its rules. An attempt is `created` when the
 * session asks the provider for a payment object, `processing` once the provider holds one (the
 * shopper pays on the provider's element, QR code or page), and ends `succeeded`, `failed` or
 * `canceled`. A failed attempt may go back to `processing`: Stripe keeps a PaymentIntent whose
 * payment failed open for another try (a second card), and the session id as the idempotency key
 * finds that same object again. Every move goes through `nextAttemptStatus`.
 */
export const attemptStatuses = ['created', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];

export const attemptTransitions: Record<AttemptStatus, readonly AttemptStatus[]> = {
  created: ['processing', 'succeeded', 'failed', 'canceled'],
  processing: ['succeeded', 'failed', 'canceled'],
  failed: ['processing', 'succeeded', 'canceled'],
  succeeded: [],
  canceled: [],
};

/** Whether the provider can still change its mind about an attempt in this status. */
export function attemptInFlight(status: AttemptStatus): boolean {
  return status === 'created' || status === 'processing';
}

/**
 * The status an attempt moves to, `same` when it is there already (a notification delivered twice,
 * a return racing a webhook), or null when the table refuses the move (a late `failed` after a
 * success: the success stands).
 */
export function nextAttemptStatus(from: AttemptStatus, to: AttemptStatus): AttemptStatus | 'same' | null {
  if (from === to) return 'same';
  return attemptTransitions[from].includes(to) ? to : null;
}

/** Provider-backed refunds: pending -> succeeded | failed, nothing else. */
export const refundTransitions: Record<'pending' | 'succeeded' | 'failed', readonly ('succeeded' | 'failed')[]> = {
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
};
