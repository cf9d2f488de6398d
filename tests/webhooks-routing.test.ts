import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as eventsRoute from '../app/api/v1/open/events/route';
import * as deliverRoute from '../app/api/v1/open/merchant/orders/[orderId]/deliver/route';
import * as fulfilRoute from '../app/api/v1/open/merchant/orders/[orderId]/fulfil/route';
import * as shipRoute from '../app/api/v1/open/merchant/orders/[orderId]/ship/route';
import * as endpointsRoute from '../app/api/v1/open/webhooks/endpoints/route';
import { checkoutSessionCompleted } from '../lib/checkout/events';
import { createServiceContext } from '../lib/core/context';
import { type Db, getDb } from '../lib/db/client';
import { DEMO_FULFILLING_ORDER_ID, DEMO_SHIPPED_ORDER_ID, DEMO_TO_FULFIL_ORDER_ID } from '../lib/demo/order-ids';
import { appendEvent } from '../lib/events/append-event';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { orderPaid } from '../lib/orders/events';
import { logger } from '../lib/platform/logger';
import { createWebhookEndpoint } from '../lib/webhooks/admin';
import { eventKinds } from '../lib/webhooks/event-catalogue';
import { call } from './helpers/http';
import { type TestCredential, bearer, createTestCredential } from './helpers/keys';
import { setEnv } from './helpers/env';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';

/**
 * Who hears of an event (lib/webhooks/event-audience.ts) and from when: every installation of the
 * store whose scopes reach the kind (an app working the store's orders hears of all of them,
 * whoever placed them), no other store's, and an endpoint only of what happened after it existed.
 * Orders are the seeded demo orders of lumen-audio, placed by the demo storefront installation.
 */
setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });

let db: Db;
const receivers: WebhookReceiver[] = [];
let fulfilment: TestCredential;
let bystander: TestCredential;
let elsewhere: TestCredential;

const receiver = async () => {
  const r = await new WebhookReceiver().start();
  receivers.push(r);
  return r;
};
const post = (handler: (req: Request, ctx: any) => Promise<Response>, params: Record<string, string>, body: unknown, key: string) =>
  call(handler, { method: 'POST', params, headers: { ...bearer(key), 'idempotency-key': `t-${randomUUID()}` }, body });
const listEvents = async (key: string, query: Record<string, string>) => {
  const r = await call(eventsRoute.GET, { headers: bearer(key), query });
  expect(r.status, r.text).toBe(200);
  return r.body.data as { id: string; type: string; installationId: string | null; subject: { id: string } }[];
};
/** An endpoint of an app on a store subscribed to every kind, as the operator creates one. */
const endpointOf = (merchantSlug: string, appSlug: string, url: string) =>
  createWebhookEndpoint(createServiceContext({ db }), { merchantSlug, appSlug, url, eventTypes: 'all' });
/** Everything waiting is fanned out and sent, as a worker pass does. */
const deliverAll = async () => {
  for (let i = 0; i < 5; i++) {
    const r = await runBackgroundWork({ db, log: logger, delivery: { timeoutMs: 2_000 } });
    if (!r.dispatchedEvents && !r.deliveries.claimed) return;
  }
};

beforeAll(async () => {
  db = await getDb();
  fulfilment = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['orders:read', 'orders:write', 'webhooks:read', 'webhooks:write'], app: 'fulfilment-app' });
  bystander = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write', 'catalog:read'], app: 'bystander-app' });
  elsewhere = await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['orders:read', 'orders:write', 'webhooks:read', 'webhooks:write'], app: 'fulfilment-app' });
  // The seed's events happened before every endpoint here; start with nothing waiting.
  await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
});

afterEach(async () => {
  await db.webhookEndpoint.deleteMany({ where: { installationId: { in: [fulfilment.installationId, bystander.installationId, elsewhere.installationId] } } });
  for (const r of receivers) r.received.length = 0;
});

afterAll(async () => {
  for (const r of receivers) await r.stop();
});

describe('who hears of an order', () => {
  it('an app with orders:read hears of every move it makes on a storefront order; an app without it, and another store’s, hear nothing', async () => {
    const ownReceiver = await receiver();
    // The app subscribes through the API, as an app does.
    const created = await post(endpointsRoute.POST, {}, { url: ownReceiver.url, eventTypes: eventKinds.map((k) => k.type) }, fulfilment.key);
    expect(created.status, created.text).toBe(200);
    const secret = created.body.data.secret as string;
    const bystanderReceiver = await receiver();
    await endpointOf('lumen-audio', 'bystander-app', bystanderReceiver.url);
    const elsewhereReceiver = await receiver();
    await endpointOf('huaxia-digital', 'fulfilment-app', elsewhereReceiver.url);

    const { installationId: storefront, merchantId } = await db.order.findUniqueOrThrow({ where: { id: DEMO_TO_FULFIL_ORDER_ID } });
    expect(storefront).not.toBe(fulfilment.installationId);
    const since = new Date().toISOString();
    expect((await post(fulfilRoute.POST, { orderId: DEMO_TO_FULFIL_ORDER_ID }, {}, fulfilment.key)).status).toBe(200);
    expect((await post(shipRoute.POST, { orderId: DEMO_FULFILLING_ORDER_ID }, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' }, fulfilment.key)).status).toBe(200);
    expect((await post(deliverRoute.POST, { orderId: DEMO_SHIPPED_ORDER_ID }, {}, fulfilment.key)).status).toBe(200);
    // A checkout session belongs to the installation that opened it: no scope lets another app read it.
    await db.$transaction((tx) =>
      appendEvent(tx, checkoutSessionCompleted, {
        merchantId,
        installationId: storefront,
        subjectId: 'cs_routing',
        payload: checkoutSessionCompleted.example,
        occurredAt: new Date(),
      }),
    );
    await deliverAll();

    const heard = ownReceiver.received.map((r) => verifyWith(secret, r));
    expect(heard.map((m) => [m.type, m.subject.id])).toEqual([
      ['order.fulfilling', DEMO_TO_FULFIL_ORDER_ID],
      ['order.shipped', DEMO_FULFILLING_ORDER_ID],
      ['order.delivered', DEMO_SHIPPED_ORDER_ID],
    ]);
    // The message says whose order it is: the storefront's, not the app's.
    for (const m of heard) expect(m.installationId).toBe(storefront);
    expect(bystanderReceiver.received).toEqual([]);
    expect(elsewhereReceiver.received).toEqual([]);

    // The events list says the same as the deliveries.
    const listed = await listEvents(fulfilment.key, { createdFrom: since, order: 'asc' });
    expect(listed.map((e) => e.id)).toEqual(heard.map((m) => m.id));
    expect(await listEvents(bystander.key, { createdFrom: since })).toEqual([]);
    expect(await listEvents(elsewhere.key, { createdFrom: since })).toEqual([]);
  });
});

describe('from when an endpoint hears', () => {
  it('a new endpoint receives only events that happened after it was created, however late they are fanned out', async () => {
    const r = await receiver();
    const merchantId = (await db.installation.findUniqueOrThrow({ where: { id: fulfilment.installationId } })).merchantId;
    const emit = (occurredAt: Date) =>
      db.$transaction((tx) =>
        appendEvent(tx, orderPaid, { merchantId, installationId: fulfilment.installationId, subjectId: randomUUID(), payload: orderPaid.example, occurredAt }),
      );
    // The workers are down: these wait in the outbox, not yet fanned out to anyone.
    const backlog = [await emit(new Date(Date.now() - 3_600_000)), await emit(new Date(Date.now() - 60_000)), await emit(new Date(Date.now() - 5))];
    const { endpoint, secret } = await endpointOf('lumen-audio', 'fulfilment-app', r.url);
    const born = new Date(endpoint.createdAt);
    const after = [await emit(born), await emit(new Date(born.getTime() + 1))];
    expect(await db.domainEvent.count({ where: { id: { in: [...backlog, ...after] }, dispatchedAt: null } })).toBe(5);
    // The workers come back.
    await deliverAll();
    expect(r.received.map((m) => verifyWith(secret, m).id)).toEqual(after);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);
    // The events list is the installation's, not the endpoint's: the backlog is there to catch up from.
    const listed = (await listEvents(fulfilment.key, { kind: 'order.paid', limit: '100' })).map((e) => e.id);
    expect(listed).toEqual(expect.arrayContaining([...backlog, ...after]));
  });
});
