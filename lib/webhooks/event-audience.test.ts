import { describe, expect, it } from 'vitest';
import { scopes } from '../core/scopes';
import { audienceEntryOf, audienceOf, eventAudiences, hearsEvent, kindsHeardStoreWide } from './event-audience';
import { eventKinds } from './event-catalogue';

const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';

describe('event audiences', () => {
  it('covers every kind of the catalogue with a row, and names only real scopes', () => {
    for (const kind of eventKinds) expect(audienceEntryOf(kind.type), kind.type).toBeDefined();
    for (const audience of Object.values(eventAudiences)) if (typeof audience === 'object') expect(scopes).toContain(audience.scope);
  });

  it('sends every order and after-sales event of the store to an installation holding orders:read', () => {
    const orderKinds = eventKinds.filter((k) => k.type.startsWith('order.') || k.type.startsWith('after_sales.')).map((k) => k.type);
    expect(orderKinds).toEqual(expect.arrayContaining(['order.paid', 'order.fulfilling', 'order.shipped', 'order.delivered', 'after_sales.requested']));
    for (const type of orderKinds) {
      expect(hearsEvent({ installationId: me, scopes: ['orders:read'] }, { type, installationId: other }), type).toBe(true);
      expect(hearsEvent({ installationId: me, scopes: ['webhooks:read', 'catalog:read', 'orders:write'] }, { type, installationId: other }), type).toBe(false);
      // The installation that placed the order hears of it with or without the scope.
      expect(hearsEvent({ installationId: me, scopes: [] }, { type, installationId: me }), type).toBe(true);
    }
  });

  it('keeps checkout sessions to the installation that opened them, and store news to every installation', () => {
    expect(hearsEvent({ installationId: me, scopes: [...scopes] }, { type: 'checkout.session.completed', installationId: other })).toBe(false);
    expect(hearsEvent({ installationId: me, scopes: [] }, { type: 'checkout.session.completed', installationId: me })).toBe(true);
    expect(hearsEvent({ installationId: me, scopes: [] }, { type: 'store.settings_changed', installationId: null })).toBe(true);
    expect(hearsEvent({ installationId: me, scopes: [] }, { type: 'decoration.published', installationId: null })).toBe(true);
  });

  it('takes the longest row that covers a kind, and keeps a kind no row covers to its owner', () => {
    expect(audienceOf('order.paid')).toEqual({ scope: 'orders:read' });
    expect(audienceOf('checkout.session.expired')).toBe('owner');
    expect(audienceOf('checkout.other')).toBe('owner');
    expect(audienceOf('test.ping')).toBe('owner');
    expect(audienceEntryOf('orders.paid')).toBeUndefined();
  });

  it('lists the kinds heard store-wide for a set of scopes', () => {
    const withOrders = kindsHeardStoreWide(['orders:read']);
    expect(withOrders).toEqual(expect.arrayContaining(['order.created', 'order.shipped', 'after_sales.refunded', 'store.settings_changed', 'decoration.published']));
    expect(withOrders).not.toContain('checkout.session.completed');
    expect(kindsHeardStoreWide(['webhooks:read', 'checkout:write']).sort()).toEqual(['decoration.published', 'store.settings_changed']);
    expect(kindsHeardStoreWide(['inventory:read'])).toEqual(expect.arrayContaining(['inventory.adjusted', 'inventory.low']));
  });
});
