import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import type { EventKind } from '../lib/events/define-event-kind';
import { orderCreated, orderPaid } from '../lib/orders/events';
import { UsageError } from '../lib/platform/cli';
import { listen, listenOptions } from '../lib/webhooks/listen';
import { createTestCredential } from './helpers/keys';
import { startRouteServer } from './helpers/route-fetch';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';

/**
 * `npm run webhooks -- listen`: the installation's events, read over HTTP from the events list
 * (the deployment's real route handlers behind a real server), forwarded to a local receiver
 * that verifies each with standardwebhooks.
 */
let db: Db;
let api: { url: string; close: () => Promise<void> };
let receiver: WebhookReceiver;
let cred: { key: string; installationId: string };
let merchantId: string;

beforeAll(async () => {
  db = await getDb();
  api = await startRouteServer();
  receiver = await new WebhookReceiver().start();
  cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'listen-app' });
  merchantId = (await db.installation.findUniqueOrThrow({ where: { id: cred.installationId } })).merchantId;
});

afterAll(async () => {
  await receiver?.stop();
  await api?.close();
});

const emit = (kind: EventKind<any>, subjectId: string, occurredAt = new Date()) =>
  db.$transaction((tx) => appendEvent(tx, kind, { merchantId, installationId: cred.installationId, subjectId, payload: kind.example, occurredAt }));

describe('webhooks listen', () => {
  it('forwards an order’s events in order, signed, to a local receiver that verifies them; a second pass sends nothing twice', async () => {
    const since = new Date(Date.now() - 1000);
    const order = randomUUID();
    const created = await emit(orderCreated, order);
    const paid = await emit(orderPaid, order);
    const lines: string[] = [];
    const url = `http://127.0.0.1:${receiver.port}/hooks`;
    const first = await listen({ forwardTo: url, apiKey: cred.key, baseUrl: api.url, since, once: true, print: (l) => lines.push(l) });
    expect(first.forwarded).toBe(2);
    expect(first.secret).toMatch(/^whsec_/);
    expect(lines[1]).toContain(first.secret);
    const got = receiver.received.map((r) => verifyWith(first.secret, r));
    expect(got.map((m: { id: string; type: string; subject: { id: string } }) => [m.id, m.type, m.subject.id])).toEqual([
      [created, 'order.created', order],
      [paid, 'order.paid', order],
    ]);
    expect(lines.filter((l) => l.includes('-> 200'))).toHaveLength(2);

    // With a secret of its own, a kind filter, and one more event: only the new one of that kind goes out.
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const later = await emit(orderPaid, randomUUID());
    const before = receiver.received.length;
    const second = await listen({ forwardTo: url, apiKey: cred.key, baseUrl: api.url, since, secret, kinds: ['order.paid'], once: true, print: () => {} });
    expect(second.forwarded).toBe(2); // paid and later: created is filtered out
    const ids = receiver.received.slice(before).map((r) => verifyWith(secret, r).id);
    expect(ids).toEqual([paid, later]);
  });

  it('reports a receiver that is down without stopping, and refuses a key without webhooks:read', async () => {
    await emit(orderPaid, randomUUID());
    const lines: string[] = [];
    const result = await listen({ forwardTo: 'http://127.0.0.1:9/hooks', apiKey: cred.key, baseUrl: api.url, since: new Date(Date.now() - 60_000), once: true, print: (l) => lines.push(l) });
    expect(result.forwarded).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('-> failed'))).toBe(true);
    const reader = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'listen-app' });
    await expect(listen({ forwardTo: 'http://127.0.0.1:9/', apiKey: reader.key, baseUrl: api.url, once: true, print: () => {} })).rejects.toThrow(/answered 403/);
  });

  it('checks its command line', () => {
    expect(() => listenOptions({ 'api-key': 'sk_test_x' }, 'http://localhost:3000')).toThrow(UsageError);
    expect(() => listenOptions({ 'forward-to': 'ftp://x', 'api-key': 'k' }, 'http://localhost:3000')).toThrow(/forward-to/);
    expect(() => listenOptions({ 'forward-to': 'http://localhost:4000/hooks' }, 'http://localhost:3000')).toThrow(/api-key/);
    expect(() => listenOptions({ 'forward-to': 'http://localhost:4000/hooks', 'api-key': 'k', since: 'yesterday' }, 'http://localhost:3000')).toThrow(/since/);
    expect(listenOptions({ 'forward-to': 'http://localhost:4000/hooks', 'api-key': 'k', kinds: 'order.paid, order.shipped', once: true }, 'http://localhost:3000')).toMatchObject({
      baseUrl: 'http://localhost:3000',
      kinds: ['order.paid', 'order.shipped'],
      once: true,
    });
  });
});
