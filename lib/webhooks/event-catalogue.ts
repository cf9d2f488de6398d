import { inventoryEventKinds, productEventKinds, storeEventKinds } from '../catalog/events';
import { checkoutEventKinds } from '../checkout/events';
import { decorationEventKinds } from '../decoration/events';
import { mediaEventKinds } from '../media/events';
import { orderEventKinds } from '../orders/events';
import type { EventKind } from '../events/define-event-kind';

/**
 * Every event kind the service emits, in the order listInstallationWebhookEvents shows them.
 * Each domain declares its kinds beside its services (e.g. lib/checkout/events.ts) and lists
 * them here; webhook subscriptions accept exactly these types.
 */
export const eventKinds: readonly EventKind[] = [...checkoutEventKinds, ...orderEventKinds, ...decorationEventKinds, ...storeEventKinds, ...inventoryEventKinds, ...productEventKinds, ...mediaEventKinds];

export function eventKind(type: string): EventKind | undefined {
  return eventKinds.find((k) => k.type === type);
}
