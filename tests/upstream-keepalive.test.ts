import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, nginxBinary, startStack } from '../scripts/stack-topology';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * nginx keeps its connections to the instances open between requests (the upstream's `keepalive`);
 * an instance that closes an idle one first races nginx reusing it: nginx's next request meets a
 * reset ("recv() failed (104: Connection reset by peer) while reading response header from
 * upstream"), answers a POST 503 (it does not send a POST twice) and takes the instance out for
 * 5 s. The instances keep idle connections longer than nginx does (docs/TOPOLOGY.md,
 * "Keep-alive between nginx and the instances"), so nginx always closes first: an instance still
 * holds a connection idle for longer than Node's default 5 s, and requests with idle gaps of 4.5 to
 * 6.5 s on each connection, through nginx, are all answered 200 with no reset in nginx's error log.
 * Opt-in like tests/topology.test.ts (TOPOLOGY_TEST=1, PostgreSQL, nginx; the build in NEXT_DIST_DIR).
 */
const nginx = nginxBinary();
const missing = [process.env.TOPOLOGY_TEST !== '1' && 'TOPOLOGY_TEST=1', !process.env.TEST_DATABASE_URL && 'PostgreSQL (TEST_DATABASE_URL)', !nginx && 'nginx (apt-get install nginx)'].filter(Boolean);
if (missing.length) console.warn(`tests/upstream-keepalive.test.ts skipped: it needs ${missing.join(', ')}`);

const PORT = Number(process.env.UPSTREAM_KEEPALIVE_TEST_PORT ?? 3376);
/**
 * Idle gaps around Node's default keep-alive (5 s), where an instance with the default closes a
 * connection just as nginx reuses it (the clients' offsets put the gaps 150 ms apart from 4.5 s to
 * 6.45 s); all under nginx's upstream keepalive_timeout (60 s). Gaps far from 5 s cost seconds and
 * meet no race: the connection is then plainly open or plainly closed.
 */
const GAPS_MS = [4_500, 5_000, 5_500, 6_000];
const CLIENTS = 4;

/** Lines of nginx's error log that mean an instance dropped a kept-alive connection under a request. */
const UPSTREAM_RESET = /recv\(\) failed|upstream prematurely closed|Connection reset by peer|broken pipe/i;

let stack: Stack;
let key: string;

function post(agent: http.Agent, url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(missing.length > 0)('keep-alive between nginx and the instances', () => {
  beforeAll(async () => {
    key = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote', 'checkout:write'], app: 'keepalive-app' })).key;
    stack = await startStack({
      instances: 1,
      workers: 0,
      port: PORT,
      databaseUrl: process.env.TEST_ACTIVE_DATABASE_URL!,
      distDir: process.env.NEXT_DIST_DIR ?? '.next',
      runDir: mkdtempSync(path.join(tmpdir(), 'sc-keepalive-')),
      env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_KEY_WRITE: '999999/60' },
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('an instance keeps an idle kept-alive connection open past 5 s (Node’s default closed it then)', async () => {
    const socket = net.connect(stack.instances[0]!.port!, '127.0.0.1');
    let data = '';
    let closedAt: number | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('close', () => (closedAt = Date.now()));
    const ask = () => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    ask();
    const answered = Date.now();
    while (!data.includes('\r\n\r\n')) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 7_000));
    try {
      expect(closedAt === undefined ? 'open' : `closed by the instance ${closedAt - answered} ms after its answer`).toBe('open');
      data = '';
      ask();
      while (!/HTTP\/1\.1 \d+/.test(data) && closedAt === undefined) await new Promise((r) => setTimeout(r, 20));
      expect(data).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  }, 30_000);

  it('answers POSTs after idle gaps of 4.5 to 6.5 s: every one 200, no reset from the instance in nginx’s error log', async () => {
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        // The client's own connection to nginx is kept alive too, as a browser's would be.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          for (let i = 0; i <= GAPS_MS.length; i++) {
            const r = await post(agent, `${stack.url}/api/v1/open/storefront/carts`, { ...bearer(key), 'idempotency-key': `keepalive-${randomUUID()}` }, { market: 'US', locale: 'en-US', items: [] });
            statuses.push(r.status);
            // Clients out of step, so nginx reuses connections idle for each gap.
            if (i < GAPS_MS.length) await new Promise((r) => setTimeout(r, GAPS_MS[(i + c) % GAPS_MS.length]! + c * 150));
          }
        } finally {
          agent.destroy();
        }
      }),
    );
    const resets = readFileSync(path.join(stack.runDir, 'error.log'), 'utf8')
      .split('\n')
      .filter((l) => UPSTREAM_RESET.test(l));
    expect(resets, resets.slice(0, 3).join('\n')).toEqual([]);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(CLIENTS * (GAPS_MS.length + 1));
  }, 120_000);
});
