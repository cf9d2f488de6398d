import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as sdk from '@storefront-commerce/sdk';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { seedDemoCredentials } from '../lib/demo/seed-credentials';
import { seedDemoWebhooks } from '../lib/demo/webhooks';
import { stockedSku } from './helpers/catalog';
import { setEnv } from './helpers/env';
import { REDIRECT, seedCode, testClient } from './helpers/oauth';
import { startRouteServer } from './helpers/route-fetch';
import { QUICK_START_OUTPUT } from './helpers/sdk-package';

/**
 * Every ```ts example of packages/sdk/README.md runs here, as written, against the app's route
 * handlers behind a real HTTP server (tests/helpers/route-fetch.ts): the SDK from its sources, the
 * example's free names (`sf`, `cartId`, `code`, ...) given real values, `console.log` captured.
 * An example the API or the SDK has moved away from fails here; a new example fails until it is
 * given its names below. (tests/sdk-package.test.ts also runs the quick start from the packed tarball.)
 */

const README = readFileSync(path.join(import.meta.dirname, '..', 'packages', 'sdk', 'README.md'), 'utf8');

/** The README's ```ts blocks, each under the `##` heading it follows. */
function examples(): { heading: string; code: string }[] {
  const found: { heading: string; code: string }[] = [];
  let heading = '';
  for (const m of README.matchAll(/^## (.+)$|^```ts\n([\s\S]*?)^```$/gm)) {
    if (m[1] !== undefined) heading = m[1];
    else found.push({ heading, code: m[2]! });
  }
  return found;
}

const example = (heading: string) => {
  const matching = examples().filter((e) => e.heading === heading);
  expect(matching, `one \`\`\`ts example under "## ${heading}"`).toHaveLength(1);
  return matching[0]!.code;
};

/**
 * Runs an example as the body of an async function: TypeScript stripped, its import of the SDK
 * bound to the SDK's module, `scope` as the names it uses without declaring. Resolves to the
 * values of the names it declares at its top level (`const cart = ...`).
 */
async function runExample(code: string, scope: Record<string, unknown>): Promise<Record<string, any>> {
  const declared = ts
    .createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true)
    .statements.filter(ts.isVariableStatement)
    .flatMap((s) => s.declarationList.declarations.map((d) => d.name.getText(s.getSourceFile())));
  const js = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const body = js.replace(/^import \{([^}]*)\} from '@storefront-commerce\/sdk';$/m, (_, names: string) => `const {${names.replace(/\bas\b/g, ':')}} = __sdk;`);
  expect(body, 'an example imports nothing but the SDK').not.toMatch(/^\s*import\s/m);
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<Record<string, unknown>>;
  const run = new AsyncFunction('__sdk', ...Object.keys(scope), `${body}\nreturn { ${declared.join(', ')} };`);
  return run(sdk, ...Object.values(scope));
}

/** A `console` whose log lines are kept. */
function capture() {
  const lines: string[] = [];
  return { lines, console: { log: (...args: unknown[]) => lines.push(args.map(String).join(' ')) } };
}

let server: Awaited<ReturnType<typeof startRouteServer>>;
let apiKey: string;
let webhooks: { secret: string; endpointId: string };
const restore: (() => void)[] = [];

beforeAll(async () => {
  server = await startRouteServer();
  // DPoP proofs name the URL they are sent to, checked against PUBLIC_BASE_URL: the server's.
  restore.push(setEnv({ PUBLIC_BASE_URL: server.url, RATE_LIMIT_OAUTH: '100000/60' }));
  const db = await getDb();
  const credentials = await seedDemoCredentials(db);
  apiKey = credentials.keys.find((k) => k.name === 'demo-all-scopes')!.key;
  webhooks = await seedDemoWebhooks(db, credentials.installationId);
});

afterAll(async () => {
  await server?.close();
  for (const r of restore.reverse()) r();
});

const client = () => sdk.createStorefrontClient({ baseUrl: server.url, apiKey });

describe('packages/sdk/README.md examples', () => {
  it('has the four examples this file runs, and no other', () => {
    expect(examples().map((e) => e.heading)).toEqual(['Quick start', 'Calls', 'Pagination', 'OAuth with DPoP']);
  });

  it("names every paginated list under the way it pages, as the SDK's operation table has it", () => {
    const row = (kind: string) =>
      [...(README.match(new RegExp(`^\\| \`${kind}\` \\| (.+?) \\|`, 'm'))?.[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]).sort();
    const table = Object.entries(sdk.operationTable);
    for (const kind of ['page', 'cursor']) expect(row(kind), kind).toEqual(table.filter(([, op]) => op.pagination === kind).map(([id]) => id).sort());
  });

  it('Quick start: prints what the README says it prints', async () => {
    const { lines, console } = capture();
    const env = {
      STOREFRONT_BASE_URL: server.url,
      STOREFRONT_API_KEY: apiKey,
      STOREFRONT_WEBHOOK_SECRET: webhooks.secret,
      STOREFRONT_WEBHOOK_ENDPOINT_ID: webhooks.endpointId,
    };
    await runExample(example('Quick start'), { console, process: { env } });
    expect(lines).toHaveLength(QUICK_START_OUTPUT.length);
    QUICK_START_OUTPUT.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  });

  it('Calls: every call option is one the SDK and the API take; the item is in the cart', async () => {
    const sf = client();
    const cart = await sf.createPublicCart({ body: { market: 'US', locale: 'en-US' } });
    const skuId = await stockedSku(10, 5);
    const { cart: updated } = await runExample(example('Calls'), { sf, cartId: cart.id, skuId, storeAccessToken: undefined });
    expect(updated).toMatchObject({ id: cart.id, itemCount: 1 });
  });

  it('Pagination: walks every product by page, and the orders by page and by cursor', async () => {
    const { lines, console } = capture();
    const sf = client();
    await runExample(example('Pagination'), { sf, console });
    const products = await sf.listPublicMerchantProducts({ path: { slug: 'lumen-audio' }, query: { pageSize: 1 } });
    const orders = await sf.listMerchantOrders({ query: { state: 'paid' } });
    const slugs = lines.filter((l) => !/^\d+ \d+$/.test(l) && !/^SO-/.test(l));
    expect(slugs).toHaveLength(products.meta.total);
    expect(new Set(slugs).size).toBe(products.meta.total);
    expect(lines.filter((l) => /^\d+ \d+$/.test(l)).length).toBeGreaterThanOrEqual(1);
    const paid = orders.meta.counts.paid ?? 0;
    expect(paid).toBeGreaterThan(0);
    expect(lines.filter((l) => /^SO-\S+: \d+ (USD|CNY)$/.test(l)), lines.slice(-8).join('\n')).toHaveLength(paid);
  });

  it('OAuth with DPoP: exchanges a code for a DPoP-bound token, and calls the API with it', async () => {
    const app = await testClient();
    const { code, verifier } = await seedCode(app);
    const { token, me } = await runExample(example('OAuth with DPoP'), {
      baseUrl: server.url,
      code,
      redirectUri: REDIRECT,
      verifier,
      clientId: app.clientId,
    });
    expect(token).toMatchObject({ token_type: 'DPoP' });
    expect(me.credential.type).toBe('oauth_access_token');
  });
});
