import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceContext } from '../lib/core/context';
import { logger } from '../lib/platform/logger';
import { type Db, getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import { eventKinds } from '../lib/webhooks/event-catalogue';
import { defineEventKind } from '../lib/events/define-event-kind';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { orderCreated, orderPaid } from '../lib/orders/events';
import { createWebhookEndpoint } from '../lib/webhooks/admin';
import { setWebhookResolverForTests } from '../lib/webhooks/url-safety';
import { runWebhooksCommand } from '../lib/webhooks/webhooks-command';
import * as cronRoute from '../app/api/cron/background-work/route';
import * as endpointRoute from '../app/api/v1/open/webhooks/endpoints/[id]/route';
import * as fixtureRoute from '../app/api/v1/open/webhooks/endpoints/[id]/signature-fixture/route';
import * as eventsRoute from '../app/api/v1/open/webhooks/events/route';
import { bearer, createTestCredential } from './helpers/keys';
import { call, expectError } from './helpers/http';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';
import { setEnv } from './helpers/env';

setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });

const pingKind = defineEventKind({
  type: 'test.ping',
  description: 'A test event.',
  stability: 'candidate',
  subjectType: 'test',
  payload: z.strictObject({ n: z.int() }),
  example: { n: 1 },
});

let db: Db;
let receiver: WebhookReceiver;
let keyA: string;
let keyB: string;
let readOnlyKeyA: string;
let installationA: string;
let endpointA: { id: string; secret: string };
let endpointB: { id: string };
let rotatedSecret: string;

const resolver = async (host: string) => {
  if (host.endsWith('.example.com')) return ['93.184.215.14'];
  if (host === 'private.example.net') return ['10.0.0.7'];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

const patch = (id: string, body: unknown, key = keyA, idem: string | null = `k-${Math.random().toString(36).slice(2)}`) =>
  call(endpointRoute.PATCH, {
    method: 'PATCH',
    path: `/api/v1/open/webhooks/endpoints/${id}`,
    params: { id },
    body,
    headers: { ...bearer(key), ...(idem ? { 'idempotency-key': idem } : {}) },
  });
const fixture = (id: string, key = keyA) =>
  call(fixtureRoute.GET, { path: `/api/v1/open/webhooks/endpoints/${id}/signature-fixture`, params: { id }, headers: bearer(key) });

beforeAll(async () => {
  db = await getDb();
  setWebhookResolverForTests(resolver);
  receiver = await new WebhookReceiver().start();
  const a = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write'], app: 'webhooks-api-a' });
  const b = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write'], app: 'webhooks-api-b' });
  readOnlyKeyA = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'webhooks-api-a' })).key;
  keyA = a.key;
  keyB = b.key;
  installationA = a.installationId;
  const ctx = createServiceContext({ db });
  const createdA = await createWebhookEndpoint(ctx, { merchantSlug: 'lumen-audio', appSlug: 'webhooks-api-a', url: receiver.url, eventTypes: 'all' });
  const createdB = await createWebhookEndpoint(ctx, { merchantSlug: 'lumen-audio', appSlug: 'webhooks-api-b', url: 'https://b.example.com/hook', eventTypes: 'all' });
  endpointA = { id: createdA.endpoint.id, secret: createdA.secret };
  endpointB = { id: createdB.endpoint.id };
});

afterAll(async () => {
  setWebhookResolverForTests(null);
  await receiver.stop();
});

describe('listInstallationWebhookEvents', () => {
  it('lists every kind with its payload JSON Schema, a whole example message and stability, plus the envelope schema', async () => {
    const r = await call(eventsRoute.GET, { path: '/api/v1/open/webhooks/events', headers: bearer(readOnlyKeyA) });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.apiVersion).toBe('v1');
    // Self-contained: no `$ref` into `$defs` that a viewer of the OpenAPI document (where this is an example) would chase.
    expect(d.envelope).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: expect.arrayContaining(['id', 'type', 'apiVersion', 'createdAt', 'data']) });
    expect(JSON.stringify(d.envelope)).not.toContain('$ref');
    expect(d.events.map((e: any) => e.type)).toEqual(eventKinds.map((k) => k.type));
    for (const [i, kind] of eventKinds.entries()) {
      const entry = d.events[i];
      expect(entry).toMatchObject({ description: kind.description, stability: kind.stability, subjectType: kind.subjectType });
      expect(entry.payloadSchema).toEqual(z.toJSONSchema(kind.payload, { io: 'output', unrepresentable: 'any', reused: 'inline' }));
      expect(kind.payload.safeParse(entry.example.data).success).toBe(true);
      expect(entry.example).toMatchObject({ type: kind.type, apiVersion: 'v1', installationId: installationA });
    }
  });

  it('leaves no $ref in the OpenAPI document (examples included) that does not resolve within it', async () => {
    const { openApiDocument } = await import('../lib/openapi/document');
    const doc = openApiDocument() as unknown as Record<string, unknown>;
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref' && typeof x === 'string') refs.push(x);
          else walk(x);
        }
      }
    };
    walk(doc);
    const resolves = (ref: string) =>
      ref.startsWith('#/') &&
      ref.slice(2).split('/').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc) !== undefined;
    expect(refs.filter((r) => !resolves(r))).toEqual([]);
  });

  it('matches the OpenAPI document, which describes each kind as a webhook with the signature headers', async () => {
    const { openApiDocument } = await import('../lib/openapi/document');
    const hooks = (openApiDocument() as any).webhooks ?? {};
    expect(Object.keys(hooks)).toEqual(eventKinds.map((k) => k.type));
    for (const kind of eventKinds) {
      const post = hooks[kind.type].post;
      expect(post.parameters.map((p: any) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(post.requestBody.content['application/json'].example).toMatchObject({ type: kind.type, apiVersion: 'v1' });
    }
  });

  it('needs webhooks:read', async () => {
    const noScope = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'webhooks-api-c' });
    expectError(await call(eventsRoute.GET, { headers: bearer(noScope.key) }), 403, 'insufficient_scope');
    expectError(await call(eventsRoute.GET, {}), 401, 'authentication_required');
  });
});

describe('updateInstallationWebhook', () => {
  it('changes the description and enabled state, never returns a secret, and replays under the same key', async () => {
    const r = await patch(endpointA.id, { description: 'Fulfilment', enabled: false }, keyA, 'patch-desc-1');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ endpoint: { id: endpointA.id, description: 'Fulfilment', enabled: false, disabledReason: 'api', secret: { version: 1 } }, rotation: null });
    expect(r.text).not.toContain('whsec_');
    const replay = await patch(endpointA.id, { description: 'Fulfilment', enabled: false }, keyA, 'patch-desc-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(r.body);
    const back = await patch(endpointA.id, { enabled: true });
    expect(back.body.data.endpoint).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('checks a new URL as on creation: public https only', async () => {
    const ok = await patch(endpointB.id, { url: 'https://hooks.example.com/new' }, keyB);
    expect(ok.body.data.endpoint.url).toBe('https://hooks.example.com/new');
    for (const [url, reason] of [
      ['https://private.example.net/x', 'private_address'],
      ['https://169.254.169.254/latest', 'linkLocal_address'],
      ['https://user:pw@hooks.example.com/', 'credentials_in_url'],
      ['https://nowhere.invalid/', 'unresolvable_host'],
      ['ftp://hooks.example.com/', 'https_required'],
    ]) {
      const err = expectError(await patch(endpointB.id, { url }, keyB), 400, 'webhook_url_invalid');
      expect(err.details.reason).toBe(reason);
    }
  });

  it('refuses a body that does not match the contract', async () => {
    for (const body of [
      {},
      { unknown: true },
      { eventTypes: ['no.such.kind'] },
      { eventTypes: [] },
      { rotationOverlapSeconds: 60 },
      { rotateSecret: false },
      { rotateSecret: true, rotationOverlapSeconds: 604801 },
      { description: 'x'.repeat(501) },
    ]) {
      expectError(await patch(endpointA.id, body), 400, 'validation_failed');
    }
    expectError(await patch(endpointA.id, { description: 'x' }, keyA, null), 400, 'idempotency_key_missing');
  });

  it.skipIf(eventKinds.length === 0)('subscribes to kinds from the catalogue', async () => {
    const r = await patch(endpointA.id, { eventTypes: [eventKinds[0]!.type, eventKinds[0]!.type] });
    expect(r.body.data.endpoint.eventTypes).toEqual([eventKinds[0]!.type]);
  });

  it("answers 404 for another installation's endpoint and for an unknown id, 403 without webhooks:write", async () => {
    expectError(await patch(endpointB.id, { description: 'mine now' }), 404, 'webhook_endpoint_not_found');
    expectError(await fixture(endpointB.id), 404, 'webhook_endpoint_not_found');
    expectError(await patch('6f1c1a0e-0000-4000-8000-000000000000', { description: 'x' }), 404, 'webhook_endpoint_not_found');
    expectError(await patch(endpointA.id, { description: 'x' }, readOnlyKeyA), 403, 'insufficient_scope');
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointB.id } })).description).toBeNull();
  });
});

describe('signature fixture and secret rotation', () => {
  it('signs the fixture with the real secret: the library accepts the valid vector and rejects the others', async () => {
    const r = await fixture(endpointA.id, readOnlyKeyA);
    expect(r.status).toBe(200);
    const f = r.body.data;
    expect(f).toMatchObject({ endpointId: endpointA.id, algorithm: 'v1', toleranceSeconds: 300, secretVersion: 1, signedWith: ['current'] });
    expect(f.vectors.map((v: any) => [v.name, v.expected])).toEqual([
      ['valid', 'valid'],
      ['tampered_body', 'reject'],
      ['stale_timestamp', 'reject'],
      ['wrong_secret', 'reject'],
    ]);
    for (const v of f.vectors) {
      expect(v.signedContent).toBe(`${v.headers['webhook-id']}.${v.headers['webhook-timestamp']}.${v.body}`);
      const verify = () => verifyWith(endpointA.secret, { headers: v.headers, body: v.body, at: 0 });
      if (v.expected === 'valid') expect(verify()).toBeTruthy();
      else expect(verify).toThrow();
    }
    // The documented algorithm, by hand: HMAC-SHA256 of signedContent with the decoded secret.
    const valid = f.vectors[0];
    const mac = createHmac('sha256', Buffer.from(endpointA.secret.slice('whsec_'.length), 'base64')).update(valid.signedContent).digest('base64');
    expect(valid.headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(r.text).not.toContain(endpointA.secret.slice(6, 30));
  });

  it('rotates the secret: shown once, both secrets sign during the overlap, only the new one after', async () => {
    const rotated = await patch(endpointA.id, { rotateSecret: true, rotationOverlapSeconds: 3600 }, keyA, 'rotate-once-0001');
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.data.rotation.secret;
    rotatedSecret = newSecret;
    // The stored outcome that lets a retry replay it does not keep the secret in the clear.
    const records = await db.idempotencyRecord.findMany({ where: { key: 'rotate-once-0001' } });
    expect(records).toHaveLength(1);
    expect(records[0]!.responseBody).not.toContain(newSecret.slice(6, 30));
    const replay = await patch(endpointA.id, { rotateSecret: true, rotationOverlapSeconds: 3600 }, keyA, 'rotate-once-0001');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(rotated.text);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointA.id } })).secretVersion).toBe(2);
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(endpointA.secret);
    expect(rotated.body.data.endpoint.secret).toMatchObject({ version: 2, previousSecretExpiresAt: rotated.body.data.rotation.previousSecretExpiresAt });

    const f = (await fixture(endpointA.id)).body;
    expect(JSON.stringify(f)).not.toContain(newSecret);
    expect(f.data).toMatchObject({ secretVersion: 2, signedWith: ['current', 'previous'] });
    const valid = f.data.vectors[0];
    expect(valid.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifyWith(newSecret, { headers: valid.headers, body: valid.body, at: 0 })).toBeTruthy();
    expect(verifyWith(endpointA.secret, { headers: valid.headers, body: valid.body, at: 0 })).toBeTruthy();

    // Real deliveries during the overlap verify with either secret...
    await db.webhookEndpoint.update({ where: { id: endpointA.id }, data: { eventTypes: [pingKind.type] } });
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointA.id } });
    const emit = (n: number) =>
      db.$transaction((tx) => appendEvent(tx, pingKind, { merchantId: endpoint.merchantId, installationId: installationA, subjectId: `p${n}`, payload: { n }, occurredAt: new Date() }));
    await emit(1);
    await runBackgroundWork({ db, log: logger });
    expect(receiver.received).toHaveLength(1);
    expect(verifyWith(newSecret, receiver.received[0]!).data).toEqual({ n: 1 });
    expect(verifyWith(endpointA.secret, receiver.received[0]!).data).toEqual({ n: 1 });
    // ...and once it is over, only with the new one.
    await emit(2);
    await runBackgroundWork({ db, log: logger, now: () => new Date(Date.now() + 3601_000) });
    expect(receiver.received).toHaveLength(2);
    expect(verifyWith(newSecret, receiver.received[1]!).data).toEqual({ n: 2 });
    expect(() => verifyWith(endpointA.secret, receiver.received[1]!)).toThrow();
  });
});

describe('subscriptions', () => {
  it('an endpoint receives exactly the kinds it subscribed to, each message valid against the published schema', async () => {
    const r = await patch(endpointA.id, { eventTypes: [orderPaid.type] });
    expect(r.body.data.endpoint.eventTypes).toEqual(['order.paid']);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointA.id } });
    receiver.received.length = 0;
    const base = { merchantId: endpoint.merchantId, installationId: installationA, subjectId: randomUUID(), occurredAt: new Date() };
    await db.$transaction(async (tx) => {
      await appendEvent(tx, orderCreated, { ...base, payload: orderCreated.example });
      await appendEvent(tx, orderPaid, { ...base, payload: orderPaid.example });
    });
    // An event of another installation on the same store never reaches this endpoint.
    const other = await db.installation.findFirstOrThrow({ where: { app: { slug: 'webhooks-api-b' } } });
    await db.$transaction((tx) => appendEvent(tx, orderPaid, { ...base, installationId: other.id, payload: orderPaid.example }));
    await runBackgroundWork({ db, log: logger });
    expect(receiver.received).toHaveLength(1);
    const message = verifyWith(rotatedSecret, receiver.received[0]!);
    expect(message).toMatchObject({ type: 'order.paid', installationId: installationA, subject: { type: orderPaid.subjectType, id: base.subjectId } });
    const listed = (await call(eventsRoute.GET, { headers: bearer(keyA) })).body.data.events.find((e: any) => e.type === 'order.paid');
    expect(listed.payloadSchema).toEqual(z.toJSONSchema(orderPaid.payload, { io: 'output', unrepresentable: 'any', reused: 'inline' }));
    expect(orderPaid.payload.parse(message.data)).toEqual(message.data);
  });
});

describe('cron route', () => {
  it('is off without CRON_SECRET, 401 with a wrong one, and runs the background work with the right one', async () => {
    setEnv({ CRON_SECRET: undefined });
    const get = (auth?: string) => call(cronRoute.GET, { path: '/api/cron/background-work', headers: auth ? { authorization: auth } : {} });
    expectError(await get('Bearer anything'), 404, 'route_not_found');
    setEnv({ CRON_SECRET: 'cron-secret-for-tests-0123456789' });
    expectError(await get(), 401, 'authentication_required');
    expectError(await get('Bearer wrong'), 401, 'authentication_required');
    const r = await get('Bearer cron-secret-for-tests-0123456789');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ passes: expect.any(Number), reports: expect.any(Array) });
    setEnv({ CRON_SECRET: undefined });
  });
});

describe('npm run webhooks', () => {
  it('creates (secret shown once), lists without secrets, shows deliveries, redelivers and deletes', async () => {
    const ctx = createServiceContext({ db });
    const created = JSON.parse(
      await runWebhooksCommand(['create', '--merchant', 'lumen-audio', '--app', 'webhooks-api-b', '--url', 'https://cli.example.com/hook', '--events', 'all', '--json'], ctx),
    );
    expect(created.secret).toMatch(/^whsec_/);
    const list = await runWebhooksCommand(['list', '--merchant', 'lumen-audio'], ctx);
    expect(list).toContain(created.endpoint.id);
    expect(list).toContain('https://cli.example.com/hook');
    expect(list).not.toContain('whsec_');
    await expect(runWebhooksCommand(['create', '--merchant', 'lumen-audio', '--app', 'webhooks-api-b', '--url', 'https://10.0.0.1/', '--events', 'all'], ctx)).rejects.toThrow(/private_address/);
    await expect(runWebhooksCommand(['create', '--merchant', 'lumen-audio', '--app', 'webhooks-api-b', '--url', 'https://a.example.com/', '--events', 'no.such'], ctx)).rejects.toThrow(/Unknown event kinds/);

    const deliveries = JSON.parse(await runWebhooksCommand(['deliveries', endpointA.id, '--json'], ctx));
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(deliveries[0]).toMatchObject({ status: 'succeeded', webhookId: expect.stringMatching(/^msg_/), log: [expect.objectContaining({ outcome: 'succeeded', statusCode: 200 })] });
    await runWebhooksCommand(['redeliver', deliveries[0].id], ctx);
    receiver.received.length = 0;
    await runBackgroundWork({ db, log: logger });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(deliveries[0].webhookId);
    const again = JSON.parse(await runWebhooksCommand(['deliveries', endpointA.id, '--json'], ctx));
    expect(again[0].log.map((a: any) => a.attempt)).toEqual([1, 2]);

    await runWebhooksCommand(['delete', created.endpoint.id], ctx);
    expect(await runWebhooksCommand(['list'], ctx)).not.toContain(created.endpoint.id);
    await expect(runWebhooksCommand(['delete', created.endpoint.id], ctx)).rejects.toThrow(/No webhook endpoint/);
  });
});
