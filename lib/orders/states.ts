import { ServiceError } from '../core/errors';

export const orderStates = ['pending_payment', 'paid', 'fulfilling', 'shipped', 'delivered', 'closed', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

export const orderActions = ['mark_paid', 'fulfil', 'ship', 'deliver', 'close', 'cancel'] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * THE order state machine (docs/APP-BUILDERS.md, "Orders and after-sales"), the one source of its rules: for each action,
 * the states it may start from and the state it leads to. Who may take an action (the shopper
 * cancels; the merchant or payment provider does the rest) is the caller's business, not the table's.
 */
export const orderTransitions: Record<OrderAction, { from: readonly OrderState[]; to: OrderState }> = {
  mark_paid: { from: ['pending_payment'], to: 'paid' },
  fulfil: { from: ['paid'], to: 'fulfilling' },
  ship: { from: ['fulfilling'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  close: { from: ['delivered'], to: 'closed' },
  cancel: { from: ['pending_payment', 'paid'], to: 'cancelled' },
};

/** The state `action` leads to from `from`, or the 409 refusal naming the state. */
export function nextOrderState(from: OrderState, action: OrderAction): OrderState {
  const rule = orderTransitions[action];
  if (rule.from.includes(from)) return rule.to;
  if (action === 'cancel') throw new ServiceError('order_not_cancellable', { details: { state: from } });
  throw new ServiceError('order_state_conflict', { details: { state: from, action, allowedFrom: rule.from } });
}

/** The actions open to an order in `state` (what the operator command and the order page offer). */
export function orderActionsFrom(state: OrderState): OrderAction[] {
  return orderActions.filter((a) => orderTransitions[a].from.includes(state));
}
