import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { type AfterSalesAction, type AfterSalesState, type AfterSalesType, afterSalesActions, afterSalesStates, afterSalesTypes, nextAfterSalesState } from './after-sales-states';
import { type OrderAction, type OrderState, nextOrderState, orderActions, orderStates } from './states';

function outcome(fn: () => string): string {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ServiceError) return `409 ${err.code} ${String(err.details?.state)}`;
    throw err;
  }
}

// Written out by hand from the states docs/APP-BUILDERS.md and the OpenAPI descriptions give, not derived from the table under test.
const orderAllowed: Partial<Record<`${OrderState} ${OrderAction}`, OrderState>> = {
  'pending_payment mark_paid': 'paid',
  'pending_payment cancel': 'cancelled',
  'paid fulfil': 'fulfilling',
  'paid cancel': 'cancelled',
  'fulfilling ship': 'shipped',
  'shipped deliver': 'delivered',
  'delivered close': 'closed',
};

describe('order state machine: every state x every action', () => {
  for (const state of orderStates) {
    for (const action of orderActions) {
      const expected = orderAllowed[`${state} ${action}`];
      const refusal = action === 'cancel' ? 'order_not_cancellable' : 'order_state_conflict';
      it(`${state} + ${action} -> ${expected ?? refusal}`, () => {
        expect(outcome(() => nextOrderState(state, action))).toBe(expected ?? `409 ${refusal} ${state}`);
      });
    }
  }
});

const afterSalesAllowed: Partial<Record<`${AfterSalesType} ${AfterSalesState} ${AfterSalesAction}`, AfterSalesState>> = {};
for (const type of afterSalesTypes) {
  afterSalesAllowed[`${type} requested approve`] = 'approved';
  afterSalesAllowed[`${type} requested reject`] = 'rejected';
}
afterSalesAllowed['refund_only approved refund'] = 'refunded';
for (const type of ['return_and_refund', 'exchange'] as const) {
  afterSalesAllowed[`${type} approved await_return`] = 'awaiting_return';
  afterSalesAllowed[`${type} awaiting_return receive`] = 'received';
}
afterSalesAllowed['return_and_refund received refund'] = 'refunded';
afterSalesAllowed['exchange received exchange'] = 'exchanged';

describe('after-sales state machine: every type x state x action', () => {
  for (const type of afterSalesTypes) {
    for (const state of afterSalesStates) {
      for (const action of afterSalesActions) {
        const expected = afterSalesAllowed[`${type} ${state} ${action}`];
        it(`${type}: ${state} + ${action} -> ${expected ?? '409'}`, () => {
          expect(outcome(() => nextAfterSalesState(type, state, action))).toBe(expected ?? `409 after_sales_state_conflict ${state}`);
        });
      }
    }
  }

  it('final states accept nothing', () => {
    for (const type of afterSalesTypes) {
      for (const state of ['rejected', 'refunded', 'exchanged'] as const) {
        for (const action of afterSalesActions) expect(outcome(() => nextAfterSalesState(type, state, action))).toMatch(/^409/);
      }
    }
  });
});
