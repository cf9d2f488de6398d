import type { Db } from '../db/client';
import { lockUndispatchedEvents } from './data';

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
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { enabled: true, merchantId: { in: [...new Set(events.map((e) => e.merchantId))] } },
      select: { id: true, installationId: true, merchantId: true, eventTypes: true },
    });
    // An app uninstalled from the store hears nothing more from it.
    const active = new Set(
      (
        await tx.installation.findMany({
          where: { id: { in: [...new Set(endpoints.map((e) => e.installationId))] }, status: 'active' },
          select: { id: true },
        })
      ).map((i) => i.id),
    );
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((e) => active.has(e.installationId))
        .filter((e) => (event.installationId ? e.installationId === event.installationId : e.merchantId === event.merchantId))
        .filter((e) => e.eventTypes.includes(event.type))
        .map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, nextAttemptAt: now })),
    );
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
    await tx.domainEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: now } });
    return events.length;
  });
}
