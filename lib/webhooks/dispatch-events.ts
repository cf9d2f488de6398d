import type { Db } from '../db/client';
import { lockUndispatchedEvents, markEventsDispatched } from '../events/data';
import { createDeliveries, readListeningEndpoints } from './data';
import { hearsEvent } from './event-audience';

/**
 * Fans new outbox events out to deliveries: one per endpoint of the event's store, of an
 * installation still active that hears of the kind (lib/webhooks/event-audience.ts: the
 * installation whose resource it is, and those the kind's scope reaches), subscribed to the kind,
 * and created no later than the event happened. An endpoint hears of what happened after it
 * existed, however late the fan-out runs (a worker outage): a new endpoint is not handed a backlog
 * older than itself. Runs in one transaction that also marks the events dispatched, and locks the
 * events it takes with SKIP LOCKED, so concurrent runners split the work and none is lost.
 */
export async function dispatchEvents(db: Db, now: Date, limit = 200): Promise<number> {
  return db.$transaction(async (tx) => {
    const events = await lockUndispatchedEvents(tx, limit);
    if (!events.length) return 0;
    const endpoints = await readListeningEndpoints(tx, [...new Set(events.map((e) => e.merchantId))]);
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((e) => e.merchantId === event.merchantId && e.createdAt <= event.occurredAt)
        .filter((e) => e.eventTypes.includes(event.type) && hearsEvent(e, event))
        .map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, nextAttemptAt: now })),
    );
    await createDeliveries(tx, deliveries);
    await markEventsDispatched(tx, events.map((e) => e.id), now);
    return events.length;
  });
}
