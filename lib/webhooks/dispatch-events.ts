import type { Db } from '../db/client';
import { lockUndispatchedEvents, markEventsDispatched } from '../events/data';
import { createDeliveries, readListeningEndpoints } from './data';

/**
 * Fans new outbox events out to deliveries: one per enabled endpoint subscribed to the kind
 * (the event's installation's endpoints; for a store-wide event, those of every installation
 * on the store), of installations still active. Runs in one transaction that also marks the events dispatched, and locks the
 * events it takes with SKIP LOCKED, so concurrent runners split the work and none is lost.
 */
export async function dispatchEvents(db: Db, now: Date, limit = 200): Promise<number> {
  return db.$transaction(async (tx) => {
    const events = await lockUndispatchedEvents(tx, limit);
    if (!events.length) return 0;
    const endpoints = await readListeningEndpoints(tx, [...new Set(events.map((e) => e.merchantId))]);
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((e) => (event.installationId ? e.installationId === event.installationId : e.merchantId === event.merchantId))
        .filter((e) => e.eventTypes.includes(event.type))
        .map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, nextAttemptAt: now })),
    );
    await createDeliveries(tx, deliveries);
    await markEventsDispatched(tx, events.map((e) => e.id), now);
    return events.length;
  });
}
