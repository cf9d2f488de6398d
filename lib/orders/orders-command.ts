import 'server-only';
import { createServiceContext } from '../core/context';
import { isServiceError } from '../core/errors';
import type { Db } from '../db/client';
import { CommandError, type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { advanceOrder } from './advance-order';
import { advanceAfterSales } from './after-sales';
import type { AfterSalesAction } from './after-sales-states';
import { findOrderId, listOrders, readOrder } from './data';
import { toOrderView } from './order-records';
import type { StorefrontOrder } from './schemas';
import { type OrderAction, type OrderState, orderActionsFrom, orderStates } from './states';

export const ORDERS_USAGE = `Usage: npm run orders -- <verb> [arguments]
  list [--state <state>] [--limit <n>]        newest orders first (states: ${orderStates.join(', ')})
  show <orderId|orderNumber>                  lines, totals, payments, refunds, tracking, after-sales, history
  mark-paid <order>                           a manual payment arrived: pending_payment -> paid
  fulfil <order>                              paid -> fulfilling (the shopper can no longer cancel)
  ship <order> --carrier <name> --tracking <number>
                                              fulfilling -> shipped
  deliver <order> [--at <ISO time>]           shipped -> delivered (the after-sales window starts at --at, default now;
                                              not before the order was placed or shipped, not in the future)
  close <order>                               delivered -> closed
  cancel <order> [--reason <code>]            pending_payment|paid -> cancelled, stock back, refund of what was paid
  approve|reject|receive|refund|exchange <afterSalesRequestId> [--reason <text>]
                                              move an after-sales request (approving a return awaits the goods)`;

/** What `npm run orders` takes (for parseCommandLine, and scripts/orders.ts's runCommand). */
export const ORDERS_COMMAND = {
  usage: ORDERS_USAGE,
  options: { state: { type: 'string' }, limit: { type: 'string' }, carrier: { type: 'string' }, tracking: { type: 'string' }, at: { type: 'string' }, reason: { type: 'string' } },
} as const satisfies CommandSpec;

const orderVerbs: Record<string, OrderAction> = { 'mark-paid': 'mark_paid', fulfil: 'fulfil', ship: 'ship', deliver: 'deliver', close: 'close', cancel: 'cancel' };
const afterSalesVerbs: Record<string, AfterSalesAction> = { approve: 'approve', reject: 'reject', receive: 'receive', refund: 'refund', exchange: 'exchange' };

/** The operator acts for every store; the audit trail names them as such. */
const operatorContext = (db: Db) => createServiceContext({ db, requestId: `cli_${crypto.randomUUID()}`, clientAddress: 'cli', actor: { kind: 'operator' } });

const amount = (m: { amount: number; currency: string }) => `${(m.amount / 100).toFixed(2)} ${m.currency}`;

async function resolveOrderId(db: Db, ref: string | undefined): Promise<string> {
  if (!ref) throw new UsageError(ORDERS_USAGE);
  const found = await findOrderId(db, ref);
  if (!found) throw new CommandError(`No order ${ref}.`);
  return found;
}

export function describeOrder(o: StorefrontOrder): string {
  const out = [
    `${o.number}  ${o.id}`,
    `state ${o.state} (version ${o.version}), ${o.market}, placed ${o.createdAt}`,
    `total ${amount(o.total)} (subtotal ${amount(o.subtotal)}, discount ${amount(o.discountTotal)}, shipping ${amount(o.shippingTotal)}, tax ${amount(o.taxTotal)}${o.taxInclusive ? ' included' : ''}), refunded ${amount(o.refundedTotal)}`,
    'lines:',
    ...o.lines.map((l) => `  ${l.id}  ${l.quantity} x ${l.title} [${l.skuCode}, ${l.kind}]  ${amount(l.total)}`),
    'payments:',
    ...o.payments.map((p) => `  ${p.kind} ${p.provider} ${p.status} ${amount(p.amount)}${p.reason ? ` (${p.reason})` : ''}  ${p.createdAt}`),
  ];
  if (o.fulfilment.carrier) out.push(`tracking: ${o.fulfilment.carrier} ${o.fulfilment.trackingNumber}`);
  if (o.afterSales.length) {
    out.push('after-sales:');
    for (const r of o.afterSales) {
      out.push(`  ${r.id}  ${r.type} ${r.state}  refund ${amount(r.refundAmount)}  ${r.lines.map((l) => `${l.quantity} of ${l.orderLineId}`).join(', ')}  (${r.reasonCode})`);
    }
  }
  out.push('history:', ...o.history.map((h) => `  ${h.occurredAt}  ${h.fromState ?? '-'} -> ${h.toState}  by ${h.actor} (${h.reason})`));
  const next = orderActionsFrom(o.state).map((a) => Object.entries(orderVerbs).find(([, v]) => v === a)![0]);
  out.push(`next: ${next.length ? next.join(', ') : '(final state)'}`);
  return out.join('\n');
}

/** The operator command behind `npm run orders`; returns what to print. */
export async function runOrdersCommand(argv: readonly string[], db: Db): Promise<string> {
  const {
    command: verb,
    args: positionals,
    values,
  } = parseCommandLine(argv, ORDERS_COMMAND);
  try {
    if (verb === 'list') {
      const state = values.state as OrderState | undefined;
      if (state && !orderStates.includes(state)) throw new UsageError(`Unknown state ${state}.`);
      const rows = await listOrders(db, { state }, { skip: 0, take: Number(values.limit ?? 20) || 20 });
      if (!rows.length) return '(no orders)';
      return rows.map((o) => `${o.number}  ${o.id}  ${o.state.padEnd(15)} ${amount({ amount: o.total, currency: o.currency })}  ${o.createdAt.toISOString()}`).join('\n');
    }
    if (verb === 'show') {
      return describeOrder(toOrderView((await readOrder(db, await resolveOrderId(db, positionals[0])))!, 'full'));
    }
    const orderAction = verb ? orderVerbs[verb] : undefined;
    if (orderAction) {
      const orderId = await resolveOrderId(db, positionals[0]);
      let deliveredAt: Date | undefined;
      if (values.at) {
        if (orderAction !== 'deliver') throw new UsageError('--at is for deliver only.');
        deliveredAt = new Date(values.at);
        if (Number.isNaN(deliveredAt.getTime())) throw new UsageError(`--at ${values.at} is not a time.`);
      }
      if (orderAction === 'ship' && (!values.carrier || !values.tracking)) throw new UsageError('ship needs --carrier <name> --tracking <number>.');
      const shipment = orderAction === 'ship' ? { carrier: values.carrier!, trackingNumber: values.tracking! } : undefined;
      const order = await advanceOrder(operatorContext(db), { orderId, action: orderAction, reason: values.reason, shipment, deliveredAt });
      return describeOrder(order);
    }
    const afterSalesAction = verb ? afterSalesVerbs[verb] : undefined;
    if (afterSalesAction) {
      const requestId = positionals[0];
      if (!requestId) throw new UsageError(ORDERS_USAGE);
      const request = await advanceAfterSales(operatorContext(db), { requestId, action: afterSalesAction, reason: values.reason });
      return `${request.id}  ${request.type} ${request.state}  refund ${amount(request.refundAmount)}`;
    }
  } catch (err) {
    if (isServiceError(err)) {
      const issues = err.issues?.map((i) => `${i.path}: ${i.message}`).join('; ');
      // A step the order's state refuses ends like a usage mistake (exit code 2), naming the code.
      throw new CommandError(`refused: ${err.code}${err.details ? ` ${JSON.stringify(err.details)}` : ''}${issues ? ` (${issues})` : ''}`);
    }
    throw err;
  }
  throw new UsageError(ORDERS_USAGE);
}
