import { ServiceError } from '../core/errors';

export const afterSalesTypes = ['refund_only', 'return_and_refund', 'exchange'] as const;
export type AfterSalesType = (typeof afterSalesTypes)[number];

export const afterSalesStates = ['requested', 'approved', 'rejected', 'awaiting_return', 'received', 'refunded', 'exchanged'] as const;
export type AfterSalesState = (typeof afterSalesStates)[number];

export const afterSalesActions = ['approve', 'reject', 'await_return', 'receive', 'refund', 'exchange'] as const;
export type AfterSalesAction = (typeof afterSalesActions)[number];

/** A request in one of these states blocks another request on its lines. */
export const openAfterSalesStates: readonly AfterSalesState[] = ['requested', 'approved', 'awaiting_return', 'received'];

type Rule = { action: AfterSalesAction; from: AfterSalesState; to: AfterSalesState; types: readonly AfterSalesType[] };

/**
 * THE after-sales state machine (docs/APP-BUILDERS.md, "Orders and after-sales"), the one source of its rules: one row per
 * allowed move, with the request types it applies to. A refund-only request is refunded once
 * approved; a return is awaited (entered right after approval), received, then refunded or
 * exchanged.
 */
export const afterSalesTransitions: readonly Rule[] = [
  { action: 'approve', from: 'requested', to: 'approved', types: afterSalesTypes },
  { action: 'reject', from: 'requested', to: 'rejected', types: afterSalesTypes },
  { action: 'await_return', from: 'approved', to: 'awaiting_return', types: ['return_and_refund', 'exchange'] },
  { action: 'receive', from: 'awaiting_return', to: 'received', types: ['return_and_refund', 'exchange'] },
  { action: 'refund', from: 'approved', to: 'refunded', types: ['refund_only'] },
  { action: 'refund', from: 'received', to: 'refunded', types: ['return_and_refund'] },
  { action: 'exchange', from: 'received', to: 'exchanged', types: ['exchange'] },
];

/** The state `action` leads a request of `type` to from `from`, or 409 after_sales_state_conflict naming the state. */
export function nextAfterSalesState(type: AfterSalesType, from: AfterSalesState, action: AfterSalesAction): AfterSalesState {
  const rule = afterSalesTransitions.find((r) => r.action === action && r.from === from && r.types.includes(type));
  if (rule) return rule.to;
  throw new ServiceError('after_sales_state_conflict', { details: { state: from, type, action } });
}

export function afterSalesActionsFrom(type: AfterSalesType, state: AfterSalesState): AfterSalesAction[] {
  return afterSalesTransitions.filter((r) => r.from === state && r.types.includes(type)).map((r) => r.action);
}
