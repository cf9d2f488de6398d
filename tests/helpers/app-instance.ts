/**
 * One app instance for tests/public-read-cache.test.ts: its own process, its own public-read
 * cache, over the DATABASE_URL the test gives it (so two of them share one PostgreSQL). It
 * serves the decoration and product routes' real handlers over HTTP, prints `ready <port>`, and
 * answers `publish <store>` on stdin by publishing the store's live decoration again (a new
 * version), printing the result as a JSON line.
 */
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import * as productRoute from '../../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as decorationRoute from '../../app/api/v1/storefront-decorations/merchants/[slug]/route';
import { createServiceContext } from '../../lib/core/context';
import { closeDb, getDb } from '../../lib/db/client';
import { getPublicStorefrontDecoration } from '../../lib/decoration/get-public-storefront-decoration';
import { publishDecoration } from '../../lib/decoration/publish-decoration';

const routes: [RegExp, (m: RegExpMatchArray) => [typeof decorationRoute.GET, Record<string, string>]][] = [
  [/^\/api\/v1\/storefront-decorations\/merchants\/([^/]+)$/, (m) => [decorationRoute.GET, { slug: m[1]! }]],
  [/^\/api\/v1\/catalog\/merchants\/([^/]+)\/products\/([^/]+)$/, (m) => [productRoute.GET, { slug: m[1]!, productSlug: m[2]! }]],
];

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  for (const [pattern, bind] of routes) {
    const m = url.pathname.match(pattern);
    if (!m) continue;
    const [handler, params] = bind(m);
    const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])) as [string, string][]);
    const response = await handler(new Request(url, { headers }), { params: Promise.resolve(params) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  res.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
});

process.on('SIGTERM', () => {
  server.close();
  void closeDb().then(() => process.exit(0));
});

createInterface({ input: process.stdin }).on('line', async (line) => {
  const [cmd, slug] = line.trim().split(/\s+/);
  try {
    if (cmd !== 'publish' || !slug) throw new Error(`unknown command: ${line}`);
    const ctx = createServiceContext({ db: await getDb(), requestId: 'instance', storeAccess: new Set([slug]), mediaBase: null });
    const live = await getPublicStorefrontDecoration(ctx, { slug });
    const published = await publishDecoration(ctx, { slug, draft: { locale: live.locale, market: live.market, blocks: live.blocks } });
    console.log(JSON.stringify({ published: published.version }));
  } catch (err) {
    console.log(JSON.stringify({ error: (err as Error).message }));
  }
});
