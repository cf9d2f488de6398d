import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { seedDemoCredentials } from '../lib/demo/seed-credentials';
import { operationExamples } from '../lib/openapi/examples';
import { responseExamples } from '../lib/openapi/response-examples';
import { type OperationDef } from '../lib/operations/types';
import { operationList } from '../lib/operations';
import { call } from './helpers/http';
import { handlerFor } from './helpers/routes';
import { setEnv } from './helpers/env';
import { setWebhookResolverForTests } from '../lib/webhooks/url-safety';

/**
 * The 200 example of every built operation in the OpenAPI document is a real response: the
 * operation's documented request sent to its route on the seeded demo data. This test makes
 * them again and compares (timestamps, random ids and secrets aside, which differ per run);
 * `npm run openapi:examples` writes them to lib/openapi/response-examples.json.
 */
const FILE = new URL('../lib/openapi/response-examples.json', import.meta.url);
const UPDATE = process.env.UPDATE_OPENAPI_EXAMPLES === '1';
const BASE_URL = 'http://localhost:3000';

/** Carts first made, then changed, quoted and finally emptied, so each example shows a cart with lines. */
const cartOrder = [
  'createPublicCart',
  'addPublicCartItem',
  'updatePublicCartItemQuantity',
  'setPublicCartAddress',
  'quotePublicCartCheckout',
  'removePublicCartItem',
];
// The OAuth endpoints answer 200 only to a fresh code and a signed, single-use DPoP proof, so no
// static request can show one; tests/oauth-token.test.ts covers their responses.
const built = operationList
  .filter((op) => op.auth.kind !== 'oauth')
  .sort((a, b) => (cartOrder.indexOf(a.id) + 1 || 0) - (cartOrder.indexOf(b.id) + 1 || 0));

const live = new Map<string, unknown>();
let restoreBase: () => void;

/**
 * Address tokens are minted with the server secret, so the documented createHostedCheckoutSession
 * body cannot carry a valid one: the example is sent for a fresh demo cart with a real token.
 */
async function exampleBody(op: OperationDef, key: string): Promise<unknown> {
  if (op.bodyType === 'multipart') return multipartExample(operationExamples(op.id).body as Record<string, string>);
  if (op.id !== 'createHostedCheckoutSession') return operationExamples(op.id).body;
  const headers = { authorization: `Bearer ${key}`, 'idempotency-key': 'example-checkout-cart' };
  const cart = await call(handlerFor('createPublicCart'), { method: 'POST', headers, body: { items: [{ skuId: DEMO_CART_SKU_ID, quantity: 1 }] } });
  const address = await call(handlerFor('setPublicCartAddress'), {
    method: 'PUT',
    params: { cartId: cart.body.data.id },
    headers: { ...headers, 'idempotency-key': 'example-checkout-address' },
    body: { address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105' } },
  });
  return { ...(operationExamples(op.id).body as object), cartId: cart.body.data.id, addressToken: address.body.data.addressToken };
}

/**
 * The documented deleteInstallationWebhook names the demo endpoint, which the examples after it
 * still need: the test deletes an endpoint it creates for the purpose instead.
 */
async function exampleParams(op: OperationDef, key: string): Promise<Record<string, string> | undefined> {
  // The import the documented startMerchantProductImport started (sent before it).
  if (op.id === 'getMerchantProductImport') return { importId: (live.get('startMerchantProductImport') as { data: { id: string } }).data.id };
  if (op.id !== 'deleteInstallationWebhook') return operationExamples(op.id).params;
  const headers = { authorization: `Bearer ${key}`, 'idempotency-key': 'example-delete-target' };
  const created = await call(handlerFor('createInstallationWebhook'), { method: 'POST', headers, body: { url: 'https://example.com/webhooks/old', eventTypes: ['order.paid'] } });
  return { id: created.body.data.endpoint.id };
}

/** A documented multipart body as sent: its text parts, and for `file` the documented text (a CSV) or, where it says "(a PNG image)", a small PNG (the same bytes every run). */
async function multipartExample(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (name !== 'file') form.set(name, value);
    else if (!value.startsWith('(')) form.set(name, new Blob([value], { type: 'text/csv' }), 'products.csv');
    else {
      const png = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2f4f6f' } }).png().toBuffer();
      form.set(name, new Blob([png as BlobPart], { type: 'image/png' }), 'example.png');
    }
  }
  return form;
}

async function send(op: OperationDef, key: string) {
  const params = await exampleParams(op, key);
  const examples = operationExamples(op.id);
  const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params![k]!));
  return call(handlerFor(op.id), {
    method: op.method,
    path,
    params,
    query: examples.query,
    body: await exampleBody(op, key),
    headers: {
      ...(op.auth.kind === 'apiKey' ? { authorization: `Bearer ${key}` } : {}),
      ...(op.idempotency === 'required' ? { 'idempotency-key': `example-${op.id}` } : {}),
    },
  });
}

beforeAll(async () => {
  // The examples show media URLs of a deployment reached at the README's default address, and the
  // contact channels of an operator who configured them all (example.com is reserved for documentation).
  restoreBase = setEnv({
    PUBLIC_BASE_URL: BASE_URL,
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'examples-media-')),
    CONTACT_NAME: 'Example Commerce Support',
    CONTACT_EMAIL: 'support@example.com',
    CONTACT_PHONE: '+1 415 555 0100',
    CONTACT_URL: 'https://example.com/help',
    CONTACT_HOURS_EN_US: 'Mon–Fri 9:00–18:00 (PT)',
    CONTACT_HOURS_ZH_CN: '周一至周五 9:00–18:00（太平洋时间）',
  });
  // Endpoint URLs name example.com, which resolves to a public address wherever the examples are tried.
  setWebhookResolverForTests(async () => ['93.184.215.14']);
  const credentials = await seedDemoCredentials(await getDb());
  const key = credentials.keys.find((k) => k.name === 'demo-all-scopes')!.key;
  for (const op of built) {
    const reply = await send(op, key);
    expect(reply.status, `${op.id}: ${reply.text}`).toBe(200);
    live.set(op.id, reply.body);
  }
  if (UPDATE) await writeFile(FILE, `${JSON.stringify(Object.fromEntries(built.map((op) => [op.id, live.get(op.id)])), null, 2)}\n`);
});

afterAll(() => {
  setWebhookResolverForTests(null);
  restoreBase();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Fields whose values are secrets, random, or derived from the server secret, so they differ per run or deployment. */
const VOLATILE = new Set([
  'token',
  'keyId',
  'prefix',
  'last4',
  'credentialId',
  'addressToken',
  'salt',
  'challenge',
  'signature',
  // Webhook signature fixtures are signed at request time.
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'signedContent',
  'verifyAt',
  // A new endpoint's signing secret, the webhook-id of a new delivery and a cursor holding its time.
  'secret',
  'webhookId',
  'nextCursor',
]);

/** The response with what differs between two runs on the same data replaced by a placeholder. */
function stable(value: unknown, key = '', parent = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => stable(v, '', parent));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stable(v, k, key)]));
  if (VOLATILE.has(key)) return `<${key}>`;
  // A key's use is recorded after its request is answered (fire-and-forget): whether an earlier
  // call's write has landed when the identity is read depends on timing, not on the contract.
  if (key === 'lastUsedAt' && (value === null || (typeof value === 'string' && ISO.test(value)))) return '<datetime or null>';
  if (typeof value !== 'string') return value;
  // A proof-of-work puzzle is made fresh for every request, its id included.
  if (VOLATILE.has(key) || (parent === 'puzzle' && key === 'id')) return `<${key}>`;
  if (ISO.test(value)) return '<datetime>';
  if (RANDOM_UUID.test(value)) return '<random uuid>';
  // Order numbers end in random characters; a new hosted checkout session's id is random (the demo session's is fixed);
  // a decoration preview link carries a new preview id, signed.
  return value
    .replace(/^SO-\d{8}-[0-9A-Z]{6}$/, '<order number>')
    .replace(/cs_(?!DemoLumenAudio)[A-Za-z0-9_-]{32}/g, '<session id>')
    .replace(/\?preview=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/, '?preview=<token>')
    // An uploaded image's files are named under its new (random) media id.
    .replace(/(\/media\/u\/[0-9a-f-]{36}\/)[0-9a-f-]{36}\//, '$1<media id>/');
}

describe('OpenAPI 200 examples', () => {
  it.skipIf(UPDATE)('exist for every built operation, and only for those', () => {
    expect(Object.keys(responseExamples).sort()).toEqual(built.map((op) => op.id).sort());
  });

  it.each(built.map((op) => [op.id, op] as const))('%s: valid against its response schema', (id, op) => {
    const parsed = op.response.safeParse(UPDATE ? live.get(id) : responseExamples[id]);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  // While writing them (npm run openapi:examples), the module still holds the previous ones.
  it.skipIf(UPDATE).each(built.map((op) => [op.id, op] as const))('%s: what the operation answers on the demo data', (id) => {
    expect(stable(responseExamples[id]), 'run `npm run openapi:examples` after changing the demo data or a response').toEqual(
      stable(live.get(id)),
    );
  });

  it.skipIf(UPDATE)('are in the OpenAPI document', async () => {
    const { openApiDocument } = await import('../lib/openapi/document');
    const doc = openApiDocument() as any;
    for (const op of built) {
      const content = doc.paths[op.path][op.method.toLowerCase()].responses['200'].content['application/json'];
      expect(content.example, op.id).toEqual(responseExamples[op.id]);
    }
    expect(JSON.parse(await readFile(FILE, 'utf8'))).toEqual(responseExamples);
  });
});
