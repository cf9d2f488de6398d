import type { DeliveryWithLog } from './data';
import { messageId } from './message';
import type { WebhookDelivery } from './schemas';

/** The public view of a delivery: its state, the `webhook-id` its attempts carry, and every attempt's log. */
export function toPublicDelivery(d: DeliveryWithLog): WebhookDelivery {
  return {
    id: d.id,
    endpointId: d.endpointId,
    webhookId: messageId(d.id),
    eventId: d.eventId,
    eventType: d.eventType,
    test: d.testMessage !== null,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt?.toISOString() ?? null,
    log: d.attemptsLog.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      outcome: a.outcome,
      responseExcerpt: a.responseExcerpt,
    })),
  };
}
