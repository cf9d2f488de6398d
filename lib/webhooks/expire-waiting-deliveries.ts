import type { ServiceContext } from '../core/context';
import { expireDeliveriesDueBefore } from './data';
import { WEBHOOK_RETENTION_MS } from './retention';

/**
 * The sweep that bounds waiting: deliveries still pending a retention after they fell due (their
 * endpoint stayed disabled all that time) are marked `expired` and never sent. A redelivery
 * starts the wait again.
 */
export async function expireWaitingDeliveries(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<{ expired: number }> {
  return { expired: await expireDeliveriesDueBefore(ctx.db, new Date(ctx.now.getTime() - WEBHOOK_RETENTION_MS), ctx.now) };
}
