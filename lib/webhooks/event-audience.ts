import type { Scope } from '../core/scopes';
import { eventKinds } from './event-catalogue';

/**
 * Who hears of an event: its webhook deliveries and the events list. The installation an event's
 * resource belongs to (the one that placed the order, opened the checkout session) always hears
 * of it. Beyond it, a kind reaches the other installations of the same store, never another
 * store's:
 * - `{ scope }`: every installation granted that scope, as Shopify sends `orders/*` to every app
 *   holding the orders scope: an app that reads and moves a store's orders hears of them all;
 * - `store`: every installation, for news about the store itself (its settings, its decoration);
 * - `owner`: none, for what no other installation can read (another app's checkout sessions).
 */
export type EventAudience = { scope: Scope } | 'store' | 'owner';

/**
 * THE table, by kind or by family (a kind's type up to a dot: `order` covers `order.paid`). The
 * longest entry that names a kind or one of its families wins, so a kind may be given an audience
 * of its own within its family. A new kind in a listed family needs nothing here; a new family
 * adds its row (event-audience.test.ts fails for a catalogue kind no row covers).
 * docs/APP-BUILDERS.md (Webhooks) shows the same table.
 */
export const eventAudiences: Readonly<Record<string, EventAudience>> = {
  'checkout.session': 'owner',
  'checkout.payment_attempt': 'owner',
  order: { scope: 'orders:read' },
  after_sales: { scope: 'orders:read' },
  store: 'store',
  decoration: 'store',
  inventory: { scope: 'inventory:read' },
  product: { scope: 'products:read' },
};

/** The row of the table that covers a kind; undefined when none does (a kind outside the catalogue). */
export function audienceEntryOf(type: string): EventAudience | undefined {
  for (let key = type; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const audience = eventAudiences[key];
    if (audience) return audience;
  }
  return undefined;
}

/** A kind no row covers is heard by its owner only. */
export function audienceOf(type: string): EventAudience {
  return audienceEntryOf(type) ?? 'owner';
}

export type Listener = { installationId: string; scopes: readonly string[] };

/** Whether a kind reaches an installation with these scopes whoever's resource it is about. */
function heardStoreWide(type: string, scopes: readonly string[]): boolean {
  const audience = audienceOf(type);
  if (audience === 'store') return true;
  if (audience === 'owner') return false;
  return scopes.includes(audience.scope);
}

/** Whether an installation of the event's store hears of it (the caller has checked the store). */
export function hearsEvent(listener: Listener, event: { type: string; installationId: string | null }): boolean {
  return event.installationId === listener.installationId || heardStoreWide(event.type, listener.scopes);
}

/** The catalogue's kinds an installation with these scopes hears of whoever's resource they are about. */
export function kindsHeardStoreWide(scopes: readonly string[]): string[] {
  return eventKinds.map((k) => k.type).filter((type) => heardStoreWide(type, scopes));
}
