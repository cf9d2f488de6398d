import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import * as eventsRoute from '../app/api/v1/open/events/route';
import { webhookRefusal } from '../app/merchant/[store]/developers/webhooks/refusal';
import { developersText } from '../app/merchant/[store]/developers/text';
import { readAuditTrail } from '../lib/audit/read-audit';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { type Actor, createServiceContext } from '../lib/core/context';
import { ApiKeyNotFound } from '../lib/credentials/api-keys';
import { createStoreApiKey } from '../lib/credentials/create-store-api-key';
import { listApiKeys } from '../lib/credentials/list-api-keys';
import { revokeApiKey } from '../lib/credentials/revoke-api-key';
import { rollApiKey } from '../lib/credentials/roll-api-key';
import { addStoreReturnOrigin, listStoreReturnOrigins, removeStoreReturnOrigin } from '../lib/checkout/store-return-origins';
import { revokeAppAccess } from '../lib/oauth/revoke-app-access';
import { getDb } from '../lib/db/client';
import { installOwnIntegration } from '../lib/credentials/own-integration';
import { ServiceError } from '../lib/core/errors';
import { logger } from '../lib/platform/logger';
import { listWebhookDeliveries } from '../lib/webhooks/admin';
import { deliverDueWebhooks } from '../lib/webhooks/deliver-due-webhooks';
import { dispatchEvents } from '../lib/webhooks/dispatch-events';
import { MAX_ENDPOINTS_PER_INSTALLATION, createInstallationWebhook } from '../lib/webhooks/create-installation-webhook';
import { deleteInstallationWebhook } from '../lib/webhooks/delete-installation-webhook';
import { getEndpointOfOrThrow } from '../lib/webhooks/endpoints';
import { resendInstallationWebhookDelivery } from '../lib/webhooks/resend-installation-webhook-delivery';
import { sendInstallationWebhookTestEvent } from '../lib/webhooks/send-installation-webhook-test-event';
import { updateInstallationWebhook } from '../lib/webhooks/update-installation-webhook';
import { runWebhooksCommand } from '../lib/webhooks/webhooks-command';
import { setEnv } from './helpers/env';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';
import { call } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';
import { seedCode, testClient } from './helpers/oauth';

/**
 * The services behind the console's Developers pages, as a signed-in merchant user uses them:
 * each change is the store's only (another store's ids are not found) and lands in the store's
 * audit trail with the user as its actor.
 */
setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });

const merchantUser: Actor = { kind: 'merchant_user', userId: '00000000-0000-4000-8000-0000000000aa', email: 'owner@lumen-audio.example' };
const ctx = async (now = new Date()) => createServiceContext({ db: await getDb(), now, actor: merchantUser });
const store = async (slug: string) => (await getMerchantOrThrow(await getDb(), slug)).id;
const identity = (key: string) => call(identityRoute.GET, { headers: bearer(key) });
const trail = async (merchantId: string) => (await readAuditTrail(await ctx(), { merchantId })).entries;

describe('API keys from the console', () => {
  // The file's first database use copies the seeded database: slow on a busy machine.
  beforeAll(async () => {
    await getDb();
  }, 180_000);

  it('a created key works at once with exactly the ticked scopes, is listed for its store only, and the audit trail names the user', async () => {
    const lumen = await store('lumen-audio');
    const huaxia = await store('huaxia-digital');
    const { key, apiKey } = await createStoreApiKey(await ctx(), { merchantId: lumen, environment: 'test', scopes: ['orders:read', 'catalog:read'], expiresAt: null, name: 'ERP sync' });
    expect(key).toMatch(/^sk_test_/);
    const who = await identity(key);
    expect(who.status, who.text).toBe(200);
    expect(who.body.data.credential.scopes.sort()).toEqual(['catalog:read', 'orders:read']);
    expect(who.body.data.app.slug).toBe('custom-integration');
    expect((await listApiKeys(await ctx(), { merchantId: lumen })).map((k) => k.keyId)).toContain(apiKey.keyId);
    expect((await listApiKeys(await ctx(), { merchantId: huaxia })).map((k) => k.keyId)).not.toContain(apiKey.keyId);
    const [entry] = await trail(lumen);
    expect(entry).toMatchObject({ action: 'api_key.create', subjectId: apiKey.keyId, actorKind: 'merchant_user', actorLabel: merchantUser.email });
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it('another store cannot roll or revoke the key: not found, and the key still works', async () => {
    const lumen = await store('lumen-audio');
    const huaxia = await store('huaxia-digital');
    const { key, apiKey } = await createStoreApiKey(await ctx(), { merchantId: lumen, environment: 'test', scopes: ['catalog:read'], expiresAt: null, name: null });
    await expect(revokeApiKey(await ctx(), { keyId: apiKey.keyId, merchantId: huaxia })).rejects.toBeInstanceOf(ApiKeyNotFound);
    await expect(rollApiKey(await ctx(), { keyId: apiKey.keyId, overlapSeconds: 0, merchantId: huaxia })).rejects.toBeInstanceOf(ApiKeyNotFound);
    expect((await identity(key)).status).toBe(200);
    expect((await trail(huaxia)).some((e) => e.subjectId === apiKey.keyId)).toBe(false);
  });

  it('a roll keeps the old key working until the chosen time, then only the new one; revoke stops a key at once; both are audited', async () => {
    const lumen = await store('lumen-audio');
    const { key: old, apiKey } = await createStoreApiKey(await ctx(), { merchantId: lumen, environment: 'live', scopes: ['catalog:read'], expiresAt: null, name: 'to roll' });
    const rolled = await rollApiKey(await ctx(), { keyId: apiKey.keyId, overlapSeconds: 3600, merchantId: lumen });
    expect(rolled.previous.expiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect((await identity(old)).status).toBe(200);
    expect((await identity(rolled.key)).status).toBe(200);
    await revokeApiKey(await ctx(), { keyId: rolled.apiKey.keyId, merchantId: lumen });
    expect((await identity(rolled.key)).status).toBe(401);
    const actions = (await trail(lumen)).slice(0, 3).map((e) => [e.action, e.subjectId]);
    expect(actions).toEqual([
      ['api_key.revoke', rolled.apiKey.keyId],
      ['api_key.roll', apiKey.keyId],
      ['api_key.create', apiKey.keyId],
    ]);
  });

  it('a key cannot be issued already expired', async () => {
    const lumen = await store('lumen-audio');
    await expect(createStoreApiKey(await ctx(), { merchantId: lumen, environment: 'test', scopes: ['catalog:read'], expiresAt: new Date(Date.now() - 1000), name: null })).rejects.toThrow(/future/);
  });
});

describe('return origins from the console', () => {
  it('normalizes and adds an origin to one of the store’s apps, refuses a bad origin and another store’s app, removes it; each change audited', async () => {
    const lumen = await store('lumen-audio');
    const huaxia = await store('huaxia-digital');
    const { installationId } = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['checkout:write'], app: 'origins-app' });
    const added = await addStoreReturnOrigin(await ctx(), { merchantId: lumen, installationId, origin: ' https://Shop.Example:443/thanks?x=1 ' });
    expect(added).toEqual({ ok: true, origin: 'https://shop.example', changed: true });
    expect(await addStoreReturnOrigin(await ctx(), { merchantId: lumen, installationId, origin: 'https://shop.example' })).toEqual({ ok: true, origin: 'https://shop.example', changed: false });
    for (const bad of ['http://shop.example', 'not a url', 'https://user:pw@shop.example', 'javascript:alert(1)']) {
      expect(await addStoreReturnOrigin(await ctx(), { merchantId: lumen, installationId, origin: bad }), bad).toEqual({ ok: false, reason: 'origin_invalid' });
    }
    expect(await addStoreReturnOrigin(await ctx(), { merchantId: huaxia, installationId, origin: 'https://evil.example' })).toEqual({ ok: false, reason: 'installation_not_found' });
    expect(await removeStoreReturnOrigin(await ctx(), { merchantId: huaxia, installationId, origin: 'https://shop.example' })).toEqual({ ok: false, reason: 'installation_not_found' });
    const listed = (await listStoreReturnOrigins(await ctx(), { merchantId: lumen })).find((i) => i.installationId === installationId)!;
    expect(listed.origins).toEqual(['https://shop.example']);
    expect((await listStoreReturnOrigins(await ctx(), { merchantId: huaxia })).some((i) => i.installationId === installationId)).toBe(false);

    expect(await removeStoreReturnOrigin(await ctx(), { merchantId: lumen, installationId, origin: 'https://shop.example' })).toMatchObject({ ok: true });
    expect(await removeStoreReturnOrigin(await ctx(), { merchantId: lumen, installationId, origin: 'https://shop.example' })).toEqual({ ok: false, reason: 'origin_not_registered' });
    const actions = (await trail(lumen)).filter((e) => e.subjectId === installationId).map((e) => [e.action, e.details.origin, e.actorLabel]);
    expect(actions).toEqual([
      ['return_origin.remove', 'https://shop.example', merchantUser.email],
      ['return_origin.add', 'https://shop.example', merchantUser.email],
    ]);
  });
});

describe('app access from the console', () => {
  it('revoking an app’s OAuth access revokes its tokens and is audited; another store’s revoke touches nothing', async () => {
    const lumen = await store('lumen-audio');
    const huaxia = await store('huaxia-digital');
    const client = await testClient();
    await seedCode(client);
    expect(await revokeAppAccess(await ctx(), { merchantId: huaxia, appId: client.appId })).toEqual({ grantsRevoked: 0, tokensRevoked: 0 });
    const db = await getDb();
    expect(await db.oAuthGrant.count({ where: { merchantId: lumen, client: { appId: client.appId }, revokedAt: null } })).toBe(1);
    expect(await revokeAppAccess(await ctx(), { merchantId: lumen, appId: client.appId })).toMatchObject({ grantsRevoked: 1 });
    expect(await db.oAuthGrant.count({ where: { merchantId: lumen, client: { appId: client.appId }, revokedAt: null } })).toBe(0);
    expect((await trail(lumen))[0]).toMatchObject({ action: 'app_access.revoke', subjectId: client.appId, actorKind: 'merchant_user' });
    expect((await trail(huaxia)).some((e) => e.subjectId === client.appId)).toBe(false);
  });
});

describe('webhook endpoints from the console', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => receiver.stop());

  const code = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    return (err as ServiceError).code;
  };

  it('refuses URLs the API refuses (private, metadata and internal addresses) and unknown kinds', async () => {
    const lumen = await store('lumen-audio');
    const { installationId } = await installOwnIntegration(await ctx(), lumen);
    for (const url of ['https://10.0.0.1/hooks', 'https://169.254.169.254/latest', 'https://metadata.internal/x', 'ftp://example.com/x', 'https://user:pw@example.com/x']) {
      expect(await code(createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url, eventTypes: ['order.created'] })), url).toBe('webhook_url_invalid');
    }
    expect(await code(createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['no.such_kind'] }))).toBe('validation_failed');
    expect(await code(createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: [] }))).toBe('validation_failed');
  });

  it('a test event goes signed to that endpoint only and shows in its log with the attempt; redelivery adds an attempt; all audited', async () => {
    const lumen = await store('lumen-audio');
    const db = await getDb();
    await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
    const { installationId } = await installOwnIntegration(await ctx(), lumen);
    const { endpoint, secret } = await createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['order.created'], description: 'console test' });
    const other = await createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['order.paid', 'order.created'] });
    expect(secret).toMatch(/^whsec_/);

    const before = receiver.received.length;
    await sendInstallationWebhookTestEvent(await ctx(), { merchantId: lumen }, { endpointId: endpoint.id, kind: 'order.paid' });
    await dispatchEvents(db, new Date());
    expect((await deliverDueWebhooks({ db, now: () => new Date(), log: logger })).succeeded).toBe(1);
    expect(receiver.received.length).toBe(before + 1);
    const message = verifyWith(secret, receiver.received.at(-1)!);
    expect(message).toMatchObject({ type: 'order.paid', installationId });
    expect(await listWebhookDeliveries(await ctx(), other.endpoint.id)).toEqual([]);

    const [delivery] = await listWebhookDeliveries(await ctx(), endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'order.paid', status: 'succeeded', attempts: 1 });
    expect(delivery!.log[0]).toMatchObject({ attempt: 1, statusCode: 200, outcome: 'succeeded' });
    expect(delivery!.log[0]!.durationMs).toBeGreaterThanOrEqual(0);

    await resendInstallationWebhookDelivery(await ctx(), { merchantId: lumen }, { endpointId: endpoint.id, deliveryId: delivery!.id });
    await deliverDueWebhooks({ db, now: () => new Date(), log: logger });
    expect((await listWebhookDeliveries(await ctx(), endpoint.id))[0]!.log.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(receiver.received.at(-2)!.headers['webhook-id']);

    const actions = (await trail(lumen)).filter((e) => e.subjectId === endpoint.id).map((e) => e.action);
    expect(actions).toEqual(['webhook_delivery.redeliver', 'webhook_endpoint.test', 'webhook_endpoint.create']);
  });

  it('edits, disables, rotates with overlap and deletes; another store gets 404 for each and changes nothing', async () => {
    const lumen = await store('lumen-audio');
    const huaxia = await store('huaxia-digital');
    const { installationId } = await installOwnIntegration(await ctx(), lumen);
    const { endpoint } = await createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['order.created'] });
    const stranger = { merchantId: huaxia };
    expect(await code(getEndpointOfOrThrow(await ctx(), stranger, endpoint.id))).toBe('webhook_endpoint_not_found');
    expect(await code(updateInstallationWebhook(await ctx(), stranger, endpoint.id, { enabled: false }))).toBe('webhook_endpoint_not_found');
    expect(await code(sendInstallationWebhookTestEvent(await ctx(), stranger, { endpointId: endpoint.id, kind: 'order.paid' }))).toBe('webhook_endpoint_not_found');
    expect(await code(deleteInstallationWebhook(await ctx(), stranger, endpoint.id))).toBe('webhook_endpoint_not_found');
    expect(await code(updateInstallationWebhook(await ctx(), { merchantId: lumen }, endpoint.id, { url: 'https://192.168.1.10/x' }))).toBe('webhook_url_invalid');

    const edited = await updateInstallationWebhook(await ctx(), { merchantId: lumen }, endpoint.id, { eventTypes: ['order.paid', 'order.shipped'], enabled: false });
    expect(edited.endpoint).toMatchObject({ eventTypes: ['order.paid', 'order.shipped'], enabled: false, disabledReason: 'api' });
    const rotated = await updateInstallationWebhook(await ctx(), { merchantId: lumen }, endpoint.id, { rotateSecret: true, rotationOverlapSeconds: 3600 });
    expect(rotated.rotation!.secret).toMatch(/^whsec_/);
    expect(rotated.endpoint.secret.version).toBe(2);
    expect(new Date(rotated.endpoint.secret.previousSecretExpiresAt!).getTime() - Date.now()).toBeGreaterThan(3500_000);
    await deleteInstallationWebhook(await ctx(), { merchantId: lumen }, endpoint.id);
    expect(await code(getEndpointOfOrThrow(await ctx(), { merchantId: lumen }, endpoint.id))).toBe('webhook_endpoint_not_found');

    const entries = (await trail(lumen)).filter((e) => e.subjectId === endpoint.id);
    expect(entries.map((e) => e.action)).toEqual(['webhook_endpoint.delete', 'webhook_endpoint.rotate_secret', 'webhook_endpoint.update', 'webhook_endpoint.create']);
    expect(entries.every((e) => e.actorLabel === merchantUser.email)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(rotated.rotation!.secret);
    expect((await trail(huaxia)).some((e) => e.subjectId === endpoint.id)).toBe(false);
  });

  it('adding a 17th endpoint to an installation is refused as the API refuses it, in the merchant’s words in both languages, and by the operator’s command', async () => {
    const lumen = await store('lumen-audio');
    const { installationId } = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'console-limit' });
    const owner = { installationId, merchantId: lumen };
    for (let i = 0; i < MAX_ENDPOINTS_PER_INSTALLATION; i++) await createInstallationWebhook(await ctx(), owner, { url: `${receiver.url}/${i}`, eventTypes: ['order.paid'] });
    const refused = await createInstallationWebhook(await ctx(), owner, { url: `${receiver.url}/one-more`, eventTypes: ['order.paid'] }).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'webhook_endpoint_limit_reached', details: { limit: MAX_ENDPOINTS_PER_INSTALLATION } });
    // What createEndpointAction shows above the form.
    expect(webhookRefusal(refused, developersText('en-US'))).toEqual({ message: `This app already has ${MAX_ENDPOINTS_PER_INSTALLATION} endpoints on this store, the most it may have: delete one before adding another.` });
    expect(webhookRefusal(refused, developersText('zh-CN'))).toEqual({ message: `该应用在本店已有 ${MAX_ENDPOINTS_PER_INSTALLATION} 个端点，已达上限：请先删除一个再添加。` });
    await expect(
      runWebhooksCommand(['create', '--merchant', 'lumen-audio', '--app', 'console-limit', '--url', `${receiver.url}/cli`, '--events', 'all'], await ctx()),
    ).rejects.toThrow(`App console-limit has ${MAX_ENDPOINTS_PER_INSTALLATION} endpoints on store lumen-audio, the most an installation may have: delete one first`);
    const db = await getDb();
    expect(await db.webhookEndpoint.count({ where: { installationId } })).toBe(MAX_ENDPOINTS_PER_INSTALLATION);
    expect((await trail(lumen)).filter((e) => e.action === 'webhook_endpoint.create' && e.details.installationId === installationId)).toHaveLength(MAX_ENDPOINTS_PER_INSTALLATION);
    await db.webhookEndpoint.deleteMany({ where: { installationId } });
  });

  it('a test event sent from the console is not an event of the store: the installation’s events list does not show it', async () => {
    const lumen = await store('lumen-audio');
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'console-events' });
    const since = new Date(Date.now() - 1000).toISOString();
    const { endpoint } = await createInstallationWebhook(await ctx(), { installationId: cred.installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['order.paid'] });
    const queued = await sendInstallationWebhookTestEvent(await ctx(), { merchantId: lumen }, { endpointId: endpoint.id, kind: 'order.paid' });
    expect(queued).toMatchObject({ endpointId: endpoint.id, eventType: 'order.paid', test: true, status: 'pending' });
    const events = await call(eventsRoute.GET, { headers: bearer(cred.key), query: { createdFrom: since, limit: '100' } });
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.map((e: { id: string }) => e.id)).not.toContain(queued.eventId);
    expect(await (await getDb()).domainEvent.count({ where: { id: queued.eventId } })).toBe(0);
    const [audit] = (await trail(lumen)).filter((e) => e.subjectId === endpoint.id);
    expect(audit).toMatchObject({ action: 'webhook_endpoint.test', actorLabel: merchantUser.email, details: { eventType: 'order.paid', eventId: queued.eventId, deliveryId: queued.id } });
    await (await getDb()).webhookEndpoint.deleteMany({ where: { id: endpoint.id } });
  });

  it('a delivery that is not the endpoint’s is not found, as the API answers, and the console says so', async () => {
    const lumen = await store('lumen-audio');
    const { installationId } = await installOwnIntegration(await ctx(), lumen);
    const { endpoint } = await createInstallationWebhook(await ctx(), { installationId, merchantId: lumen }, { url: receiver.url, eventTypes: ['order.paid'] });
    const refused = await resendInstallationWebhookDelivery(await ctx(), { merchantId: lumen }, { endpointId: endpoint.id, deliveryId: crypto.randomUUID() }).then(() => null, (e: unknown) => e);
    expect(refused).toMatchObject({ code: 'webhook_delivery_not_found' });
    expect(webhookRefusal(refused, developersText('en-US'))).toEqual({ message: developersText('en-US').webhooks.errors.notFound });
    await deleteInstallationWebhook(await ctx(), { merchantId: lumen }, endpoint.id);
  });
});
