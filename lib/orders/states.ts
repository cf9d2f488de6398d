import { ServiceError } from '../core/errors';

export const orderStates = ['pending_payment', 'paid', 'fulfilling', 'shipped', 'delivered', 'closed', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

/** The order state machine (CONTRACT.md "States"). */
export const orderTransitions: Record<OrderState, readonly OrderState[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['fulfilling', 'cancelled'],
  fulfilling: ['shipped'],
  shipped: ['delivered'],
  delivered: ['closed'],
  closed: [],
  cancelled: [],
};

export function canTransitionOrder(from: OrderState, to: OrderState): boolean {
  return orderTransitions[from].includes(to);
}

export function assertOrderTransition(from: OrderState, to: OrderState): void {
  if (canTransitionOrder(from, to)) return;
  if (to === 'cancelled') throw new ServiceError('order_not_cancellable', { details: { state: from } });
  throw new Error(`order transition ${from} -> ${to} is not in the table`);
}
