import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { encryptWebhookSecret, generateWebhookSecret } from '../lib/webhooks/secrets';
import { type Stack, nginxBinary, startStack } from '../scripts/stack-topology';
import { bearer, createTestCredential } from './helpers/keys';
import { newDpopKey, proof, seedCode, testClient } from './helpers/oauth';
import { setEnv } from './helpers/env';
import { until } from './helpers/wait';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';

/**
 * The production topology on this machine (docs/TOPOLOGY.md), as `npm run stack` runs it: nginx
 * in front of 2 `next start` instances of one production build, 2 workers, this file's
 * PostgreSQL database and Redis. What a deployment of several instances must agree on is checked
 * through nginx and through each instance's own port. Needs PostgreSQL (TEST_DATABASE_URL), Redis
 * (TEST_REDIS_URL) and nginx (apt-get install nginx); the production build in NEXT_DIST_DIR is
 * reused (CI builds it first), or made once.
 */
const nginx = nginxBinary();
// Opt-in (TOPOLOGY_TEST=1, which .ci/run sets): it starts 2 production servers of the build in
// NEXT_DIST_DIR (building one first when there is none), 2 workers and nginx.
const missing = [process.env.TOPOLOGY_TEST !== '1' && 'TOPOLOGY_TEST=1', !process.env.TEST_DATABASE_URL && 'PostgreSQL (TEST_DATABASE_URL)', !process.env.TEST_REDIS_URL && 'Redis (TEST_REDIS_URL)', !nginx && 'nginx (apt-get install nginx)'].filter(Boolean);
if (missing.length) console.warn(`tests/topology.test.ts skipped: it needs ${missing.join(', ')}`);

const PORT = Number(process.env.TOPOLOGY_TEST_PORT ?? 3360);
const SECRET = 'topology-test-server-secret-0123456789abcdef';
const SEARCH_LIMIT = 4;

let stack: Stack;
let receiver: WebhookReceiver;
let key: string;
let installationId: string;
let merchantId: string;
const restore: (() => void)[] = [];

const idem = () => ({ 'idempotency-key': `topo-${randomUUID()}` });
const direct = (i: number) => `http://127.0.0.1:${stack.instances[i]!.port}`;

/** One request; `from` is the client's own address (a second loopback address is a second client). */
function request(url: string, o: { method?: string; headers?: Record<string, string>; body?: unknown; form?: Record<string, string>; from?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any; text: string }>((resolve, reject) => {
    const payload = o.form ? new URLSearchParams(o.form).toString() : o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = http.request(
      url,
      {
        method: o.method ?? 'GET',
        localAddress: o.from,
        agent: false,
        headers: { ...(payload ? { 'content-type': o.form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}), ...o.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: any = null;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, headers: res.headers, body, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Bytes on a socket to nginx, for what no HTTP client sends (TRACE, CONNECT, huge headers); the parsed answer. */
function raw(head: string, body = ''): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('end', () => {
      const [headText = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let text = rest.join('\r\n\r\n');
      // An answer from an instance may come chunked: its chunks joined.
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        let out = '';
        for (let at = 0; ; ) {
          const eol = text.indexOf('\r\n', at);
          const size = parseInt(text.slice(at, eol), 16);
          if (!size) break;
          out += text.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        text = out;
      }
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: parsed });
    });
    socket.write(head + body);
  });
}

describe.skipIf(missing.length > 0)('the topology: nginx, 2 instances, 2 workers, PostgreSQL, Redis', () => {
  beforeAll(async () => {
    restore.push(setEnv({ API_KEY_SECRET: SECRET, WEBHOOKS_ALLOW_LOOPBACK: '1' }));
    receiver = await new WebhookReceiver().start();
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote', 'checkout:write', 'decoration:read', 'decoration:write'], app: 'topology-app' });
    key = cred.key;
    installationId = cred.installationId;
    merchantId = (await (await getDb()).installation.findUniqueOrThrow({ where: { id: installationId } })).merchantId;
    stack = await startStack({
      instances: 2,
      workers: 2,
      port: PORT,
      databaseUrl: process.env.TEST_ACTIVE_DATABASE_URL!,
      redisUrl: process.env.TEST_REDIS_URL,
      distDir: process.env.NEXT_DIST_DIR ?? '.next',
      // Unset (undefined) here: the stack leaves them out, so each process takes its own defaults.
      env: {
        ...process.env,
        API_KEY_SECRET: SECRET,
        RATE_LIMIT_PREFIX: `sc:topology:${randomUUID()}`,
        RATE_LIMIT_SEARCH: `${SEARCH_LIMIT}/60`,
        // On a loaded machine (CI runs the browser tests beside this) an instance's event loop can
        // take longer than the default 500 ms to read Redis's answer, and the instance then fails
        // open to its own limiter: the budget under test is the shared one.
        REDIS_COMMAND_TIMEOUT_MS: '5000',
        LOG_LEVEL: 'warn',
        // The workers deliver to this machine's receiver; the instances (production) leave delivery to them.
        WEBHOOKS_ALLOW_LOOPBACK: '1',
        WORKER_IDLE_MS: '200',
        NODE_ENV: undefined,
        VITEST: undefined,
        TRUSTED_PROXY_HOPS: undefined,
        PUBLIC_READ_CACHE_CHECK_MS: undefined,
        CREDENTIAL_CACHE_CHECK_MS: undefined,
      } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    });
  }, 900_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    for (const r of restore.reverse()) r();
  }, 120_000);

  describe('what nginx answers itself, in the API envelope with an X-Request-Id', () => {
    it('TRACE, TRACK and CONNECT: 405 method_not_allowed', async () => {
      for (const head of ['TRACE /api/v1/bootstrap HTTP/1.1', 'TRACK /api/v1/bootstrap HTTP/1.1', 'CONNECT example.com:443 HTTP/1.1']) {
        const r = await raw(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        expect(r.status, `${head}: ${JSON.stringify(r.body)}`).toBe(405);
        expect(r.body.error).toMatchObject({ code: 'method_not_allowed', status: 405, retryable: false });
        expect(r.body.error.requestId).toMatch(/^req_[0-9a-f]{32}$/);
        expect(r.headers['x-request-id']).toBe(r.body.error.requestId);
        expect(r.headers['content-type']).toContain('application/json');
      }
    });

    it('`//` and `\\` paths: 404 route_not_found (Next would answer a bare 308)', async () => {
      for (const path of ['//api/v1/bootstrap', '/api//v1/bootstrap', '//evil.example/x', '/stores/%5Cevil.example', '/stores/\\evil.example']) {
        const r = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        expect(r.status, path).toBe(404);
        expect(r.body?.error?.code, `${path}: ${JSON.stringify(r.body)}`).toBe('route_not_found');
        expect(r.headers['x-request-id']).toBe(r.body.error.requestId);
      }
    });

    it('headers over the limit: 400 validation_failed with a body, not Node’s bare 431', async () => {
      const big = (n: number) => 'x'.repeat(n);
      for (const headers of [`X-Big: ${big(9_000)}\r\n`, Array.from({ length: 6 }, (_, i) => `X-Part-${i}: ${big(7_000)}\r\n`).join('')]) {
        const r = await raw(`GET /api/v1/bootstrap HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ code: 'validation_failed', status: 400 });
        expect(r.headers['x-request-id']).toBe(r.body.error.requestId);
      }
    });

    it('a body over 64 KiB: 400 payload_too_large, as the app says it, before it reaches an instance', async () => {
      const r = await request(`${stack.url}/api/v1/open/storefront/carts`, {
        method: 'POST',
        headers: { ...bearer(key), ...idem() },
        body: { market: 'US', locale: 'en-US', items: [], pad: 'x'.repeat(70_000) },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'payload_too_large', status: 400 });
      expect(r.headers['x-request-id']).toBe(r.body.error.requestId);
    });

    it('passes a well-formed X-Request-Id through to the instance and back; replaces a malformed one', async () => {
      const id = `req_${randomUUID().replaceAll('-', '')}`;
      const r = await request(`${stack.url}/api/v1/no-such-route`, { headers: { 'x-request-id': id } });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('route_not_found');
      expect(r.body.error.requestId).toBe(id);
      expect(r.headers['x-request-id']).toBe(id);
      // Not the id's shape (a client cannot send control characters at all: Node refuses them).
      const bad = await request(`${stack.url}/api/v1/no-such-route`, { headers: { 'x-request-id': 'evil id <script>' } });
      expect(bad.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
      expect(bad.body.error.requestId).toBe(bad.headers['x-request-id']);
    });
  });

  describe('instances agree', () => {
    it('a decoration published through one instance is served by the other within the 1 s bound', async () => {
      const read = (i: number) => request(`${direct(i)}/api/v1/storefront-decorations/merchants/lumen-audio`);
      const before = await read(1);
      expect(before.status, before.text).toBe(200);
      await read(1); // cached on instance 2 now
      const published = await request(`${direct(0)}/api/v1/open/storefront/decoration/versions/1/rollback`, {
        method: 'POST',
        headers: { ...bearer(key), ...idem() },
        body: {},
      });
      expect(published.status, published.text).toBe(200);
      const version = published.body.data.version;
      const at = Date.now();
      await until(async () => (await read(1)).body?.data?.version === version, 5_000, 'instance 2 serves the new version');
      expect(Date.now() - at).toBeLessThanOrEqual(1_500);
    });

    it('a rate limit is one budget across instances per client address: one client is limited, the other is not', async () => {
      const search = (o: { via: string; from?: string; xff?: string }) =>
        request(`${o.via}/api/v1/search?q=earbuds&locale=en-US&market=US&sort=relevance&page=1&pageSize=10&merchant=lumen-audio`, { from: o.from, headers: o.xff ? { 'x-forwarded-for': o.xff } : {} });
      // Straight to the instances, as nginx would forward it: the budget is the address's, wherever it lands.
      const statuses: number[] = [];
      for (let i = 0; i < SEARCH_LIMIT + 1; i++) statuses.push((await search({ via: direct(i % 2), xff: '203.0.113.7' })).status);
      expect(statuses.slice(0, SEARCH_LIMIT)).toEqual(Array(SEARCH_LIMIT).fill(200));
      expect(statuses[SEARCH_LIMIT]).toBe(429);
      // Through nginx: the client address is the TCP peer nginx saw, whatever X-Forwarded-For a client sends.
      const a: number[] = [];
      for (let i = 0; i < SEARCH_LIMIT + 1; i++) a.push((await search({ via: stack.url, from: '127.0.0.1', xff: `198.51.100.${i}` })).status);
      expect(a[SEARCH_LIMIT]).toBe(429);
      expect((await search({ via: stack.url, from: '127.0.0.2' })).status).toBe(200);
    });

    it('the same Idempotency-Key sent to both instances at once has one effect', async () => {
      const db = await getDb();
      const before = await db.cart.count({ where: { installationId } });
      const headers = { ...bearer(key), 'idempotency-key': `topo-same-${randomUUID()}` };
      const body = { market: 'US', locale: 'en-US', items: [] };
      const answers = await Promise.all([0, 1, 0, 1].map((i) => request(`${direct(i)}/api/v1/open/storefront/carts`, { method: 'POST', headers, body })));
      const ok = answers.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of answers) if (r.status !== 200) expect(r.body.error.code, r.text).toBe('idempotency_request_in_progress');
      expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
      expect(await db.cart.count({ where: { installationId } })).toBe(before + 1);
    });

    it('20 concurrent adds split across the instances lose nothing', async () => {
      const db = await getDb();
      const skus = await db.sku.findMany({
        where: { product: { merchantId, status: 'active', kind: 'physical' }, stock: { gt: 5 }, prices: { some: { currency: 'USD' } } },
        orderBy: { id: 'asc' },
        take: 20,
        select: { id: true },
      });
      expect(skus).toHaveLength(20);
      const cart = await request(`${stack.url}/api/v1/open/storefront/carts`, { method: 'POST', headers: { ...bearer(key), ...idem() }, body: { market: 'US', locale: 'en-US', items: [] } });
      expect(cart.status, cart.text).toBe(200);
      const cartId = cart.body.data.id;
      const adds = await Promise.all(
        skus.map((s, i) =>
          request(`${direct(i % 2)}/api/v1/open/storefront/carts/${cartId}/items`, { method: 'POST', headers: { ...bearer(key), ...idem() }, body: { skuId: s.id, quantity: 1 } }),
        ),
      );
      for (const r of adds) expect(r.status, r.text).toBe(200);
      // Each add saw the cart at its own version: together they hold every line.
      expect(new Set(adds.map((r) => r.body.data.version)).size).toBe(20);
      const saved = await db.cart.findUniqueOrThrow({ where: { id: cartId }, select: { version: true, lines: { select: { skuId: true, quantity: true } } } });
      expect(saved.lines.map((l) => l.skuId).sort()).toEqual(skus.map((s) => s.id).sort());
      expect(saved.lines.every((l) => l.quantity === 1)).toBe(true);
      expect(saved.version).toBe(cart.body.data.version + 20);
    });

    it('a store-access lockout is one count across instances per client address: the locked client is refused, another is not', async () => {
      // Through nginx, which spreads the answers over both instances: the count lives in the database.
      const answer = (from: string, password: string) =>
        request(`${stack.url}/api/v1/public/store-access/maison-atelier/challenges`, { method: 'POST', from, headers: idem(), body: { kind: 'password', password } });
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) codes.push((await answer('127.0.0.1', `wrong guess ${i}`)).body.error.code);
      expect(codes).toEqual(['store_access_denied', 'store_access_denied', 'store_access_denied', 'store_access_denied', 'challenge_locked']);
      // Locked on both instances, the right password included.
      for (let i = 0; i < 2; i++) expect((await answer('127.0.0.1', 'atelier-members-2026')).body.error.code).toBe('challenge_locked');
      // Another client is not locked out: it gets in with the password.
      const other = await answer('127.0.0.2', 'atelier-members-2026');
      expect(other.status, other.text).toBe(200);
      expect(other.body.data.token).toEqual(expect.any(String));
    });

    it('an OAuth refresh token rotated on one instance is refused on the other', async () => {
      const key = await newDpopKey();
      const client = await testClient('public');
      const { code, verifier } = await seedCode(client, { dpopJkt: key.jkt });
      // The proof names the public token URL (nginx's), whichever instance receives it.
      const token = async (i: number, form: Record<string, string>) =>
        request(`${direct(i)}/oauth/token`, { method: 'POST', form: { client_id: client.clientId, ...form }, headers: { dpop: await proof(key, { htu: `${stack.url}/oauth/token` }) } });
      const issued = await token(0, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:9999/callback' });
      expect(issued.status, issued.text).toBe(200);
      const first = issued.body.refresh_token as string;
      const rotated = await token(0, { grant_type: 'refresh_token', refresh_token: first });
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.body.refresh_token).not.toBe(first);
      const replayed = await token(1, { grant_type: 'refresh_token', refresh_token: first });
      expect(replayed.status, replayed.text).toBe(400);
      expect(replayed.body.error).toBe('invalid_grant');
      // Reuse of a rotated token ends the grant (RFC 9700 4.14.2): the newer one is refused too, on either instance.
      const newer = await token(1, { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token });
      expect(newer.status, newer.text).toBe(400);
    });

    it('every event is delivered exactly once with 2 workers and 2 instances', async () => {
      const db = await getDb();
      const id = randomUUID();
      const secret = generateWebhookSecret();
      await db.webhookEndpoint.create({
        data: { id, installationId, merchantId, url: receiver.url, eventTypes: ['decoration.published'], secretCiphertext: encryptWebhookSecret(secret, id) },
      });
      const since = new Date();
      // Twelve publishes (rollbacks publish a copy), through nginx and both instances, six at a time.
      for (let round = 0; round < 2; round++) {
        const published = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            request(`${[stack.url, direct(0), direct(1)][i % 3]}/api/v1/open/storefront/decoration/versions/1/rollback`, { method: 'POST', headers: { ...bearer(key), ...idem() }, body: {} }),
          ),
        );
        for (const r of published) expect(r.status, r.text).toBe(200);
      }
      const events = await db.domainEvent.findMany({ where: { type: 'decoration.published', merchantId, occurredAt: { gte: since } }, select: { id: true } });
      expect(events).toHaveLength(12);
      await until(() => receiver.received.length >= 12, 30_000, '12 deliveries');
      await new Promise((r) => setTimeout(r, 1_500)); // a duplicate would have arrived by now
      const delivered = receiver.received.map((r) => verifyWith(secret, r).id).sort();
      expect(delivered).toEqual(events.map((e) => e.id).sort());
      expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: id } } })).toBe(12);
    });

    it('an abandoned checkout is expired by the workers with no other traffic: stock back, event appended', async () => {
      const db = await getDb();
      await db.checkoutReturnOrigin.upsert({
        where: { installationId_origin: { installationId, origin: 'https://shop.topology.example' } },
        create: { installationId, origin: 'https://shop.topology.example' },
        update: {},
      });
      const sku = (await db.sku.findFirstOrThrow({
        where: { product: { merchantId, status: 'active', kind: 'physical' }, stock: { gt: 0 }, prices: { some: { currency: 'USD' } } },
        orderBy: { id: 'desc' },
        select: { id: true, stock: true },
      }))!;
      const cart = await request(`${stack.url}/api/v1/open/storefront/carts`, {
        method: 'POST',
        headers: { ...bearer(key), ...idem() },
        body: { market: 'US', locale: 'en-US', items: [{ skuId: sku.id, quantity: 1 }] },
      });
      expect(cart.status, cart.text).toBe(200);
      const address = await request(`${stack.url}/api/v1/open/storefront/carts/${cart.body.data.id}/address`, {
        method: 'PUT',
        headers: { ...bearer(key), ...idem() },
        body: { address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' } },
      });
      expect(address.status, address.text).toBe(200);
      const session = await request(`${stack.url}/api/v1/open/hosted/checkout/sessions`, {
        method: 'POST',
        headers: { ...bearer(key), ...idem() },
        body: { cartId: cart.body.data.id, addressToken: address.body.data.addressToken, returnUrl: 'https://shop.topology.example/thanks', cancelUrl: 'https://shop.topology.example/cart' },
      });
      expect(session.status, session.text).toBe(200);
      const sessionId = session.body.data.id;
      expect((await db.sku.findUniqueOrThrow({ where: { id: sku.id } })).stock).toBe(sku.stock - 1);
      // Its time runs out; from here on nobody sends a request.
      await db.checkoutSession.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
      const at = Date.now();
      await until(async () => (await db.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } })).state === 'expired', 10_000, 'the session expires');
      expect(Date.now() - at).toBeLessThan(5_000); // WORKER_IDLE_MS (200 ms here; 1 s by default) and a pass
      expect((await db.sku.findUniqueOrThrow({ where: { id: sku.id } })).stock).toBe(sku.stock);
      expect((await db.domainEvent.findMany({ where: { subjectId: sessionId }, select: { type: true } })).map((e) => e.type)).toEqual(['checkout.session.expired']);
    });
  });
});
