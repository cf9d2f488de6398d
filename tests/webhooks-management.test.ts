import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontClient } from '@storefront-commerce/sdk';
import { type Db, getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import type { EventKind } from '../lib/events/define-event-kind';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { storeSettingsChanged } from '../lib/catalog/events';
import { orderCreated, orderPaid } from '../lib/orders/events';
import { logger } from '../lib/platform/logger';
import { MAX_ENDPOINTS_PER_INSTALLATION } from '../lib/webhooks/create-installation-webhook';
import { setWebhookResolverForTests } from '../lib/webhooks/url-safety';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';
import { routeFetch } from './helpers/route-fetch';
import { handlerFor } from './helpers/routes';
import { setEnv } from './helpers/env';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';

/**
 * The extension operations an app manages its webhooks with: endpoints, the events list, the
 * delivery log, resend and test events. Each through its real route handler.
 */
setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });

let db: Db;
let receiver: WebhookReceiver;
type Cred = { key: string; installationId: string };
let a: Cred;
let b: Cred;
let readOnly: string;
let noScope: string;
let merchantId: string;

const resolver = async (host: string) => {
  if (host.endsWith('.example.com')) return ['93.184.215.14'];
  if (host === 'private.example.net') return ['10.0.0.7'];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

const idem = () => `t-${randomUUID()}`;
const op = (id: string, c: { key: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown; idempotencyKey?: string | null }) => {
  const handler = handlerFor(id);
  const write = ['createInstallationWebhook', 'deleteInstallationWebhook', 'resendInstallationWebhookDelivery', 'sendInstallationWebhookTestEvent'].includes(id);
  const key = c.idempotencyKey === undefined ? (write ? idem() : null) : c.idempotencyKey;
  const method = { createInstallationWebhook: 'POST', deleteInstallationWebhook: 'DELETE', resendInstallationWebhookDelivery: 'POST', sendInstallationWebhookTestEvent: 'POST' }[id] ?? 'GET';
  return call(handler, { method, params: c.params, query: c.query, body: c.body, headers: { ...bearer(c.key), ...(key ? { 'idempotency-key': key } : {}) } });
};
const create = (key: string, body: unknown, idempotencyKey?: string) => op('createInstallationWebhook', { key, body, idempotencyKey });

beforeAll(async () => {
  db = await getDb();
  setWebhookResolverForTests(resolver);
  receiver = await new WebhookReceiver().start();
  a = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write'], app: 'mgmt-a' });
  b = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write'], app: 'mgmt-b' });
  readOnly = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'mgmt-a' })).key;
  noScope = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'mgmt-a' })).key;
  merchantId = (await db.installation.findUniqueOrThrow({ where: { id: a.installationId } })).merchantId;
  await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
});

afterAll(async () => {
  setWebhookResolverForTests(null);
  await receiver.stop();
});

describe('endpoints', () => {
  it('creates an endpoint (secret shown once), reads and lists it without the secret, replays a retry, deletes it', async () => {
    const key = idem();
    const r = await create(a.key, { url: 'https://hooks.example.com/a', eventTypes: ['order.paid', 'order.paid'], description: 'fulfilment' }, key);
    expect(r.status, r.text).toBe(200);
    const { endpoint, secret } = r.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/a', eventTypes: ['order.paid'], enabled: true, description: 'fulfilment', secret: { version: 1 } });
    const replay = await create(a.key, { url: 'https://hooks.example.com/a', eventTypes: ['order.paid', 'order.paid'], description: 'fulfilment' }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(r.text);
    expect(await db.webhookEndpoint.count({ where: { installationId: a.installationId } })).toBe(1);
    expectError(await create(a.key, { url: 'https://hooks.example.com/other', eventTypes: ['order.paid'] }, key), 409, 'idempotency_key_reused');

    const read = await op('getInstallationWebhook', { key: readOnly, params: { id: endpoint.id } });
    expect(read.body.data).toEqual(endpoint);
    expect(read.text).not.toContain('whsec_');
    const list = await op('listInstallationWebhooks', { key: readOnly });
    expect(list.body).toMatchObject({ data: [endpoint], meta: { limit: 20, nextCursor: null } });
    expect(list.text).not.toContain('whsec_');
    // Only a sealed copy of the answer is kept for replays.
    expect(JSON.stringify(await db.idempotencyRecord.findMany({ where: { key } }))).not.toContain(secret.slice(6, 30));

    const delKey = idem();
    const del = await op('deleteInstallationWebhook', { key: a.key, params: { id: endpoint.id }, idempotencyKey: delKey });
    expect(del.body.data).toEqual({ id: endpoint.id, deleted: true });
    const delReplay = await op('deleteInstallationWebhook', { key: a.key, params: { id: endpoint.id }, idempotencyKey: delKey });
    expect(delReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(delReplay.body).toEqual(del.body);
    expectError(await op('deleteInstallationWebhook', { key: a.key, params: { id: endpoint.id } }), 404, 'webhook_endpoint_not_found');
    expectError(await op('getInstallationWebhook', { key: a.key, params: { id: endpoint.id } }), 404, 'webhook_endpoint_not_found');
    const audit = await db.auditEntry.findMany({ where: { subjectId: endpoint.id }, orderBy: { sequence: 'asc' } });
    expect(audit.map((e) => [e.action, e.actorKind, e.actorId])).toEqual([
      ['webhook_endpoint.create', 'installation', a.installationId],
      ['webhook_endpoint.delete', 'installation', a.installationId],
    ]);
  });

  it('refuses unsafe URLs as op 2 does (SSRF), unknown kinds, and more than the limit', async () => {
    for (const [url, reason] of [
      ['https://private.example.net/x', 'private_address'],
      ['https://169.254.169.254/latest/meta-data', 'linkLocal_address'],
      ['https://[::ffff:127.0.0.1]/', 'loopback_address'],
      ['https://user:pw@hooks.example.com/', 'credentials_in_url'],
      ['https://metadata.google.internal/', 'internal_host_name'],
      ['https://nowhere.invalid/', 'unresolvable_host'],
      ['ftp://hooks.example.com/', 'https_required'],
    ]) {
      setEnv({ WEBHOOKS_ALLOW_LOOPBACK: undefined });
      const err = expectError(await create(b.key, { url, eventTypes: ['order.paid'] }), 400, 'webhook_url_invalid');
      expect(err.details.reason, url).toBe(reason);
    }
    setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
    expectError(await create(b.key, { url: 'https://hooks.example.com/', eventTypes: ['no.such.kind'] }), 400, 'validation_failed');
    expectError(await create(b.key, { url: 'https://hooks.example.com/', eventTypes: [] }), 400, 'validation_failed');
    expectError(await create(b.key, { url: 'https://hooks.example.com/', eventTypes: ['order.paid'], secret: 'whsec_x' }), 400, 'validation_failed');
    expectError(await create(b.key, { url: 'https://hooks.example.com/', eventTypes: ['order.paid'] }, null as unknown as string), 400, 'idempotency_key_missing');
    expect(await db.webhookEndpoint.count({ where: { installationId: b.installationId } })).toBe(0);
    for (let i = 0; i < MAX_ENDPOINTS_PER_INSTALLATION; i++) expect((await create(b.key, { url: `https://hooks.example.com/${i}`, eventTypes: ['order.paid'] })).status).toBe(200);
    const full = expectError(await create(b.key, { url: 'https://hooks.example.com/one-more', eventTypes: ['order.paid'] }), 409, 'webhook_endpoint_limit_reached');
    expect(full.details).toEqual({ limit: MAX_ENDPOINTS_PER_INSTALLATION });
    // The list pages through all of them with cursors, newest first.
    const client = createStorefrontClient({ baseUrl: 'http://localhost:3000', apiKey: b.key, fetch: routeFetch });
    const seen: string[] = [];
    for await (const e of client.paginate('listInstallationWebhooks', { query: { limit: 5 } })) seen.push(e.url);
    expect(seen).toEqual(Array.from({ length: MAX_ENDPOINTS_PER_INSTALLATION }, (_, i) => `https://hooks.example.com/${MAX_ENDPOINTS_PER_INSTALLATION - 1 - i}`));
    await db.webhookEndpoint.deleteMany({ where: { installationId: b.installationId } });
  });

  it('needs webhooks:read to read and webhooks:write to change (403); another installation’s ids are 404', async () => {
    const mine = (await create(a.key, { url: 'https://hooks.example.com/mine', eventTypes: ['order.paid'] })).body.data.endpoint;
    const theirs = (await create(b.key, { url: 'https://hooks.example.com/theirs', eventTypes: ['order.paid'] })).body.data.endpoint;
    for (const id of ['listInstallationWebhooks', 'listInstallationEvents']) expectError(await op(id, { key: noScope }), 403, 'insufficient_scope');
    expectError(await op('getInstallationWebhook', { key: noScope, params: { id: mine.id } }), 403, 'insufficient_scope');
    expectError(await op('listInstallationWebhookDeliveries', { key: noScope, params: { id: mine.id } }), 403, 'insufficient_scope');
    expectError(await create(readOnly, { url: 'https://hooks.example.com/x', eventTypes: ['order.paid'] }), 403, 'insufficient_scope');
    expectError(await op('deleteInstallationWebhook', { key: readOnly, params: { id: mine.id } }), 403, 'insufficient_scope');
    expectError(await op('sendInstallationWebhookTestEvent', { key: readOnly, params: { id: mine.id }, body: { kind: 'order.paid' } }), 403, 'insufficient_scope');
    expectError(await op('resendInstallationWebhookDelivery', { key: readOnly, params: { id: mine.id, deliveryId: randomUUID() } }), 403, 'insufficient_scope');

    expectError(await op('getInstallationWebhook', { key: a.key, params: { id: theirs.id } }), 404, 'webhook_endpoint_not_found');
    expectError(await op('deleteInstallationWebhook', { key: a.key, params: { id: theirs.id } }), 404, 'webhook_endpoint_not_found');
    expectError(await op('listInstallationWebhookDeliveries', { key: a.key, params: { id: theirs.id } }), 404, 'webhook_endpoint_not_found');
    expectError(await op('sendInstallationWebhookTestEvent', { key: a.key, params: { id: theirs.id }, body: { kind: 'order.paid' } }), 404, 'webhook_endpoint_not_found');
    expect((await op('listInstallationWebhooks', { key: a.key })).body.data.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    // A delivery of their endpoint cannot be resent through mine.
    const event = await db.$transaction((tx) =>
      appendEvent(tx, orderPaid, { merchantId, installationId: b.installationId, subjectId: randomUUID(), payload: orderPaid.example, occurredAt: new Date() }),
    );
    await runBackgroundWork({ db, log: logger, delivery: { timeoutMs: 500 } });
    const theirDelivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: theirs.id, eventId: event } });
    expectError(await op('resendInstallationWebhookDelivery', { key: a.key, params: { id: mine.id, deliveryId: theirDelivery.id } }), 404, 'webhook_delivery_not_found');
    expectError(await op('resendInstallationWebhookDelivery', { key: a.key, params: { id: theirs.id, deliveryId: theirDelivery.id } }), 404, 'webhook_endpoint_not_found');
    await db.webhookEndpoint.deleteMany({ where: { installationId: { in: [a.installationId, b.installationId] } } });
  });
});

describe('events list', () => {
  it('lists the installation’s events and the store-wide ones of the last 30 days, newest first or in order, by kind, with cursors', async () => {
    const fresh = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'mgmt-events' });
    const emit = (kind: EventKind<any>, installationId: string | null, occurredAt = new Date()) =>
      db.$transaction((tx) => appendEvent(tx, kind, { merchantId, installationId, subjectId: randomUUID(), payload: kind.example, occurredAt }));
    const old = await emit(orderPaid, fresh.installationId, new Date(Date.now() - 31 * 86400_000));
    // The store's own events of earlier tests happened before this moment: only this test's are listed from it.
    const since = new Date().toISOString();
    const e1 = await emit(orderCreated, fresh.installationId);
    const e2 = await emit(orderPaid, fresh.installationId);
    const other = await emit(orderPaid, a.installationId);
    // News about the store itself reaches every installation; another app's order does not without orders:read.
    const storeWide = await emit(storeSettingsChanged, null);
    const list = async (query: Record<string, string>) => {
      const r = await op('listInstallationEvents', { key: fresh.key, query });
      expect(r.status, r.text).toBe(200);
      return r.body;
    };
    const newest = await list({ createdFrom: since });
    const ids = newest.data.map((e: { id: string }) => e.id);
    expect(ids).toEqual([storeWide, e2, e1]);
    expect(ids).not.toContain(other);
    expect(newest.data[1]).toMatchObject({ id: e2, type: 'order.paid', apiVersion: 'v1', installationId: fresh.installationId, data: orderPaid.example });
    expect((await list({ createdFrom: since, order: 'asc' })).data.map((e: { id: string }) => e.id)).toEqual([e1, e2, storeWide]);
    expect((await list({ createdFrom: since, kind: 'order.created' })).data.map((e: { id: string }) => e.id)).toEqual([e1]);
    // Nothing older than the window, even when asked for.
    const all = (await list({ createdFrom: new Date(Date.now() - 60 * 86400_000).toISOString(), limit: '100' })).data.map((e: { id: string }) => e.id);
    expect(all).not.toContain(old);
    // Cursor pages, one event each.
    const first = await list({ createdFrom: since, order: 'asc', limit: '1' });
    expect(first.meta).toMatchObject({ limit: 1, nextCursor: expect.any(String) });
    const second = await list({ createdFrom: since, order: 'asc', limit: '1', cursor: first.meta.nextCursor });
    expect(second.data.map((e: { id: string }) => e.id)).toEqual([e2]);
    const client = createStorefrontClient({ baseUrl: 'http://localhost:3000', apiKey: fresh.key, fetch: routeFetch });
    const walked: string[] = [];
    for await (const e of client.paginate('listInstallationEvents', { query: { createdFrom: since, order: 'asc', limit: 2 } })) walked.push(e.id);
    expect(walked).toEqual([e1, e2, storeWide]);
    expectError(await op('listInstallationEvents', { key: fresh.key, query: { kind: 'no.such' } }), 400, 'validation_failed');
    expectError(await op('listInstallationEvents', { key: fresh.key, query: { cursor: 'nope' } }), 400, 'validation_failed');
    expectError(await op('listInstallationEvents', { key: fresh.key, query: { limit: '101' } }), 400, 'validation_failed');
  });
});

describe('deliveries, resend and test events', () => {
  it('a test event is signed like a real one, logged, and resent with the same webhook-id; replays send nothing more', async () => {
    // Events of the other tests are not this endpoint's business.
    await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
    const created = (await create(a.key, { url: receiver.url, eventTypes: ['order.paid'] })).body.data;
    const endpointId = created.endpoint.id;
    const testKey = idem();
    const queued = await op('sendInstallationWebhookTestEvent', { key: a.key, params: { id: endpointId }, body: { kind: 'order.created' }, idempotencyKey: testKey });
    expect(queued.status, queued.text).toBe(200);
    expect(queued.body.data).toMatchObject({ endpointId, eventType: 'order.created', test: true, status: 'pending', attempts: 0, log: [] });
    const replay = await op('sendInstallationWebhookTestEvent', { key: a.key, params: { id: endpointId }, body: { kind: 'order.created' }, idempotencyKey: testKey });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(queued.body);
    expectError(await op('sendInstallationWebhookTestEvent', { key: a.key, params: { id: endpointId }, body: { kind: 'no.such' } }), 400, 'validation_failed');

    await runBackgroundWork({ db, log: logger });
    expect(receiver.received).toHaveLength(1);
    const message = verifyWith(created.secret, receiver.received[0]!);
    expect(message).toMatchObject({ id: queued.body.data.eventId, type: 'order.created', apiVersion: 'v1', installationId: a.installationId, data: orderCreated.example });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(queued.body.data.webhookId);
    // Not an event of the store: the events list does not show it.
    const events = await op('listInstallationEvents', { key: a.key, query: { limit: '100' } });
    expect(events.body.data.map((e: { id: string }) => e.id)).not.toContain(message.id);

    const log = await op('listInstallationWebhookDeliveries', { key: readOnly, params: { id: endpointId } });
    expect(log.body.data).toEqual([
      expect.objectContaining({ id: queued.body.data.id, status: 'succeeded', attempts: 1, log: [expect.objectContaining({ attempt: 1, outcome: 'succeeded', statusCode: 200, responseExcerpt: 'ok' })] }),
    ]);
    const resendKey = idem();
    const resent = await op('resendInstallationWebhookDelivery', { key: a.key, params: { id: endpointId, deliveryId: queued.body.data.id }, idempotencyKey: resendKey });
    expect(resent.body.data).toMatchObject({ id: queued.body.data.id, status: 'pending', attempts: 1 });
    const resentReplay = await op('resendInstallationWebhookDelivery', { key: a.key, params: { id: endpointId, deliveryId: queued.body.data.id }, idempotencyKey: resendKey });
    expect(resentReplay.headers.get('idempotent-replayed')).toBe('true');
    await runBackgroundWork({ db, log: logger });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    verifyWith(created.secret, receiver.received[1]!);
    const after = await op('listInstallationWebhookDeliveries', { key: a.key, params: { id: endpointId }, query: { status: 'succeeded' } });
    expect(after.body.data[0].log.map((l: { attempt: number }) => l.attempt)).toEqual([1, 2]);
    expectError(await op('resendInstallationWebhookDelivery', { key: a.key, params: { id: endpointId, deliveryId: randomUUID() } }), 404, 'webhook_delivery_not_found');
    await db.webhookEndpoint.deleteMany({ where: { installationId: a.installationId } });
  });
});
