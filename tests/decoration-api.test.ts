import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as publicRoute from '../app/api/v1/storefront-decorations/merchants/[slug]/route';
import * as draftRoute from '../app/api/v1/open/storefront/decoration/draft/route';
import * as previewRoute from '../app/api/v1/open/storefront/decoration/draft/previews/route';
import * as validationRoute from '../app/api/v1/open/storefront/decoration/draft/validation/route';
import * as versionsRoute from '../app/api/v1/open/storefront/decoration/versions/route';
import * as versionRoute from '../app/api/v1/open/storefront/decoration/versions/[version]/route';
import * as rollbackRoute from '../app/api/v1/open/storefront/decoration/versions/[version]/rollback/route';
import { createServiceContext } from '../lib/core/context';
import { type Db, getDb } from '../lib/db/client';
import { getDecorationPreview } from '../lib/decoration/preview-decoration';
import { createWebhookEndpoint } from '../lib/webhooks/admin';
import { dispatchEvents } from '../lib/webhooks/dispatch-events';
import { setWebhookResolverForTests } from '../lib/webhooks/url-safety';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential, createTestKey } from './helpers/keys';

/**
 * The decoration extension operations: an installation reads and writes its own store's draft,
 * validates and previews it, publishes it as an immutable version and rolls back, with scopes,
 * idempotency, conflicts and another store's versions kept out.
 */

const SCOPES = ['decoration:read', 'decoration:write'] as const;
let db: Db;
let lumen: string;
let huaxia: string;
let readOnly: string;
let writeOnly: string;

let n = 0;
const key = () => `dec-${Date.now()}-${n++}`;
const auth = (k: string, idem: string | null = key()) => ({ ...bearer(k), ...(idem ? { 'idempotency-key': idem } : {}) });

const getDraft = (k = lumen) => call(draftRoute.GET, { path: '/api/v1/open/storefront/decoration/draft', headers: bearer(k) });
const putDraft = (body: unknown, k = lumen, idem: string | null = key()) =>
  call(draftRoute.PUT, { method: 'PUT', path: '/api/v1/open/storefront/decoration/draft', headers: auth(k, idem), body });
const validate = (body: unknown, k = lumen) =>
  call(validationRoute.POST, { method: 'POST', path: '/api/v1/open/storefront/decoration/draft/validation', headers: bearer(k), body });
const preview = (body: unknown, k = lumen) =>
  call(previewRoute.POST, { method: 'POST', path: '/api/v1/open/storefront/decoration/draft/previews', headers: auth(k), body });
const publish = (body: unknown, k = lumen, idem: string | null = key()) =>
  call(versionsRoute.POST, { method: 'POST', path: '/api/v1/open/storefront/decoration/versions', headers: auth(k, idem), body });
const versions = (query: Record<string, string> = {}, k = lumen) =>
  call(versionsRoute.GET, { path: '/api/v1/open/storefront/decoration/versions', query, headers: bearer(k) });
const version = (v: string, k = lumen) =>
  call(versionRoute.GET, { path: `/api/v1/open/storefront/decoration/versions/${v}`, params: { version: v }, headers: bearer(k) });
const rollback = (v: string, body: unknown = {}, k = lumen, idem: string | null = key()) =>
  call(rollbackRoute.POST, { method: 'POST', path: `/api/v1/open/storefront/decoration/versions/${v}/rollback`, params: { version: v }, headers: auth(k, idem), body });
const live = (slug = 'lumen-audio') => call(publicRoute.GET, { params: { slug } });

/** The draft part of a draft resource, as a client sends it back. */
const content = (d: any) => ({ locale: d.locale, market: d.market, blocks: d.blocks });
const events = (type: string, subjectId: string) => db.domainEvent.findMany({ where: { type, subjectId } });

beforeAll(async () => {
  db = await getDb();
  lumen = await createTestKey({ merchantSlug: 'lumen-audio', scopes: SCOPES, app: 'decoration-app' });
  huaxia = await createTestKey({ merchantSlug: 'huaxia-digital', scopes: SCOPES, app: 'decoration-app' });
  readOnly = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['decoration:read'], app: 'decoration-app' });
  writeOnly = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['decoration:write'], app: 'decoration-app' });
});

describe('the draft', () => {
  it('reads the saved draft with what publishing it would change (the seeded notice), media URLs absolute', async () => {
    const r = await getDraft();
    expect(r.status, r.text).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ revision: 1, source: 'draft', basedOnVersion: 1, liveVersion: 1, locale: 'en-US', market: 'US', unpublishedChanges: true, issues: [] });
    expect(d.changes).toEqual({ added: [], removed: [], changed: [{ id: expect.any(String), type: 'notice' }], reordered: false });
    expect(d.blocks.find((b: any) => b.type === 'brand_hero').media.url).toBe('http://localhost:3000/media/decoration/lumen-hero.webm');
  });

  it('reads a copy of the live version before anything is saved, and no blocks for a store that never published', async () => {
    const d = (await getDraft(huaxia)).body.data;
    expect(d).toMatchObject({ revision: 0, source: 'live', basedOnVersion: 1, liveVersion: 1, updatedAt: null, unpublishedChanges: false, issues: [] });
    expect(d.changes).toEqual({ added: [], removed: [], changed: [], reordered: false });
    const liveBlocks = (await live('huaxia-digital')).body.data.blocks.map((b: any) => b.id);
    expect(d.blocks.map((b: any) => b.id)).toEqual(liveBlocks);

    await db.merchant.create({
      data: { slug: 'fresh-store', displayName: 'Fresh', tagline: { 'zh-CN': '', 'en-US': '' }, defaultLocale: 'zh-CN', defaultMarket: 'CN', markets: ['CN'], contact: {} },
    });
    const fresh = await createTestKey({ merchantSlug: 'fresh-store', scopes: SCOPES, app: 'decoration-app' });
    expect((await getDraft(fresh)).body.data).toMatchObject({ revision: 0, source: 'empty', basedOnVersion: null, liveVersion: null, locale: 'zh-CN', market: 'CN', blocks: [] });
    expectError(await publish({}, fresh), 404, 'decoration_draft_not_found');
    expect((await versions({}, fresh)).body).toEqual({ data: [], meta: { page: 1, pageSize: 20, total: 0, totalPages: 0, hasNextPage: false } });
  });

  it('enforces the scopes: decoration:read to read, decoration:write to change', async () => {
    expect((await getDraft(readOnly)).status).toBe(200);
    expect(expectError(await getDraft(writeOnly), 403, 'insufficient_scope').details).toEqual({ requiredScopes: ['decoration:read'], missingScopes: ['decoration:read'] });
    const body = content((await getDraft()).body.data);
    expectError(await putDraft(body, readOnly), 403, 'insufficient_scope');
    expectError(await validate(body, readOnly), 403, 'insufficient_scope');
    expectError(await preview({}, readOnly), 403, 'insufficient_scope');
    expectError(await publish({}, readOnly), 403, 'insufficient_scope');
    expectError(await rollback('1', {}, readOnly), 403, 'insufficient_scope');
    expectError(await versions({}, writeOnly), 403, 'insufficient_scope');
    expectError(await getDraft('sk_test_nope'), 401, 'authentication_required');
  });

  it('saves the next revision, replays a retry with the same Idempotency-Key, and refuses a stale revision', async () => {
    const before = (await getDraft()).body.data;
    const hero = before.blocks.find((b: any) => b.type === 'brand_hero');
    hero.title = { 'zh-CN': '细节之声', 'en-US': 'The sound of details' };
    const idem = key();
    const first = await putDraft({ ...content(before), expectedRevision: before.revision }, lumen, idem);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ revision: before.revision + 1, source: 'draft', basedOnVersion: 1 });
    expect(first.body.data.changes.changed.map((c: any) => c.type).sort()).toEqual(['brand_hero', 'notice']);

    const replay = await putDraft({ ...content(before), expectedRevision: before.revision }, lumen, idem);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    expect((await getDraft()).body.data.revision).toBe(before.revision + 1);
    expectError(await putDraft({ ...content(before), expectedRevision: 0 }, lumen, idem), 409, 'idempotency_key_reused');
    expectError(await putDraft(content(before), lumen, null), 400, 'idempotency_key_missing');

    // Someone saved revision 2 meanwhile: a change made to revision 1 is refused, not applied.
    const stale = expectError(await putDraft({ ...content(before), expectedRevision: before.revision }), 409, 'decoration_draft_conflict');
    expect(stale.details).toEqual({ revision: before.revision + 1, expectedRevision: before.revision });
    // A conflict is a business outcome: replayed as it was.
    const conflictKey = key();
    await putDraft({ ...content(before), expectedRevision: 0 }, lumen, conflictKey);
    expectError(await putDraft({ ...content(before), expectedRevision: 0 }, lumen, conflictKey), 409, 'decoration_draft_conflict');
  });

  it('lists every violation, of the schema and of the store, and saves nothing', async () => {
    const before = (await getDraft()).body.data;
    const collection = before.blocks.find((b: any) => b.type === 'product_collection');
    const schemaBroken = {
      ...content(before),
      blocks: [
        ...before.blocks,
        { id: 'nope', type: 'notice', text: { 'zh-CN': 'x'.repeat(1001), 'en-US': '' }, path: '' },
        { id: randomUUID(), type: 'image_banner', alt: { 'zh-CN': '', 'en-US': '' }, media: { kind: 'image', url: 'javascript:alert(1)' } },
      ],
    };
    const schema = expectError(await putDraft(schemaBroken), 400, 'validation_failed');
    const at = (issues: any[]) => issues.map((i) => `${i.path} ${i.code}`);
    const last = before.blocks.length;
    expect(at(schema.issues)).toEqual(
      expect.arrayContaining([
        `body.blocks.${last}.id invalid_format`,
        `body.blocks.${last}.text.zh-CN too_big`,
        `body.blocks.${last}.path too_small`,
        `body.blocks.${last + 1}.media.url invalid_format`,
        `body.blocks.${last + 1}.media.id invalid_type`,
      ]),
    );

    const otherStoreProduct = (await db.product.findFirstOrThrow({ where: { merchant: { slug: 'huaxia-digital' } } })).id;
    const storeBroken = {
      ...content(before),
      market: 'CN',
      blocks: before.blocks.map((b: any, i: number) =>
        b.id === collection.id ? { ...b, products: [...b.products, { ...b.products[0], id: otherStoreProduct }, b.products[0]] } : i === 1 ? { ...b, id: before.blocks[0].id } : b,
      ),
    };
    const index = before.blocks.findIndex((b: any) => b.id === collection.id);
    const count = collection.products.length;
    const store = expectError(await putDraft(storeBroken), 400, 'validation_failed');
    expect(at(store.issues).sort()).toEqual(
      [`body.blocks.1.id duplicate_id`, `body.blocks.${index}.products.${count}.id product_not_found`, `body.blocks.${index}.products.${count + 1}.id duplicate_product`].sort(),
    );
    // lumen-audio sells in US and CN: CN is fine. huaxia-digital sells in CN only.
    const huaxiaDraft = content((await getDraft(huaxia)).body.data);
    expect(at(expectError(await validate({ ...huaxiaDraft, market: 'US' }, huaxia), 400, 'validation_failed').issues)).toEqual(['body.market market_not_sold']);

    expect((await getDraft()).body.data.revision).toBe(before.revision);
  });

  it('validates a draft without saving it, answering its blocks as publishing would store them', async () => {
    const before = (await getDraft()).body.data;
    const r = await validate(content(before));
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ valid: true, blockCount: before.blocks.length, locale: 'en-US', market: 'US' });
    const entry = r.body.data.blocks.find((b: any) => b.type === 'product_collection').products[0];
    expect(entry.imageUrl).toMatch(/^http:\/\/localhost:3000\/media\/catalog\//);
    expect(entry.price.currency).toBe('USD');
    expect((await getDraft()).body.data).toMatchObject({ revision: before.revision, updatedAt: before.updatedAt });
  });

  it('makes a signed preview link that shows the draft, unpublished', async () => {
    const d = (await getDraft()).body.data;
    const r = await preview({ expectedRevision: d.revision, expiresInSeconds: 600 });
    expect(r.status, r.text).toBe(200);
    const url = new URL(r.body.data.url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/stores/lumen-audio');
    expect(r.body.data).toMatchObject({ revision: d.revision, blockCount: d.blocks.length });
    const shown = await getDecorationPreview(createServiceContext({ db, mediaBase: null }), { slug: 'lumen-audio', token: url.searchParams.get('preview')! });
    expect(shown?.blocks.find((b) => b.type === 'brand_hero')).toMatchObject({ title: { 'en-US': 'The sound of details' } });
    expect((await live()).body.data.blocks.find((b: any) => b.type === 'brand_hero').title['en-US']).toBe('Sound built for the details');
    expectError(await preview({ expectedRevision: d.revision - 1 }), 409, 'decoration_draft_conflict');
    expectError(await preview({ expiresInSeconds: 10 }), 400, 'validation_failed');
  });
});

describe('publishing and the versions', () => {
  // An app on the store that only listens; its endpoint exists before anything here is published
  // (an endpoint hears of the events that happen from its creation on).
  let listener: string;
  beforeAll(async () => {
    setWebhookResolverForTests(async () => ['93.184.215.14']);
    try {
      await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: 'decoration-listener' });
      const ctx = createServiceContext({ db });
      listener = (await createWebhookEndpoint(ctx, { merchantSlug: 'lumen-audio', appSlug: 'decoration-listener', url: 'https://hooks.example.com/decoration', eventTypes: ['decoration.published'] })).endpoint.id;
    } finally {
      setWebhookResolverForTests(null);
    }
  });

  it('publishes the draft as the next version with its event in the same transaction; a retry replays it', async () => {
    const d = (await getDraft()).body.data;
    expectError(await publish({ expectedVersion: 0 }), 409, 'decoration_version_conflict');
    expectError(await publish({ expectedRevision: d.revision + 5 }), 409, 'decoration_draft_conflict');
    const idem = key();
    const r = await publish({ expectedRevision: d.revision, expectedVersion: 1 }, lumen, idem);
    expect(r.status, r.text).toBe(200);
    const v = r.body.data;
    expect(v).toMatchObject({ version: 2, live: true, restoredFromVersion: null, blockCount: d.blocks.length, locale: 'en-US', market: 'US' });
    expect(v.changes.changed.map((c: any) => c.type).sort()).toEqual(['brand_hero', 'notice']);

    const replay = await publish({ expectedRevision: d.revision, expectedVersion: 1 }, lumen, idem);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.versionId).toBe(v.versionId);
    expect(await db.storefrontDecorationVersion.count({ where: { merchant: { slug: 'lumen-audio' } } })).toBe(2);

    const shown = (await live()).body.data;
    expect(shown).toMatchObject({ versionId: v.versionId, version: 2 });
    expect(shown.blocks.find((b: any) => b.type === 'brand_hero').title['en-US']).toBe('The sound of details');

    const [event] = await events('decoration.published', v.versionId);
    expect(event).toMatchObject({ installationId: null, subjectType: 'storefront_decoration_version' });
    expect(event!.payload).toEqual({
      versionId: v.versionId,
      version: 2,
      previousVersion: 1,
      restoredFromVersion: null,
      locale: 'en-US',
      market: 'US',
      blockCount: v.blockCount,
      productCount: v.productCount,
      changes: { added: 0, removed: 0, changed: 2, reordered: false },
      publishedAt: v.publishedAt,
    });

    // The draft is kept, now the live version.
    expect((await getDraft()).body.data).toMatchObject({ revision: d.revision, basedOnVersion: 2, liveVersion: 2, unpublishedChanges: false });
  });

  it('sends decoration.published to the endpoints of every installation on the store, not only the publisher’s', async () => {
    const v = (await versions()).body.data[0];
    const [event] = await events('decoration.published', v.versionId);
    // Not yet fanned out (the fan-out runs after responses; here, by hand).
    await dispatchEvents(db, new Date());
    expect(await db.webhookDelivery.findMany({ where: { endpointId: listener }, select: { eventId: true } })).toContainEqual({ eventId: event!.id });
  });

  it('refuses to publish a draft that broke the store’s rules since it was saved, listing why', async () => {
    const d = (await getDraft()).body.data;
    const collection = d.blocks.findIndex((b: any) => b.type === 'product_collection');
    const gone = d.blocks[collection].products[0].id;
    await db.product.update({ where: { id: gone }, data: { status: 'archived' } });
    try {
      expect((await getDraft()).body.data.issues).toEqual([{ path: `blocks.${collection}.products.0.id`, code: 'product_not_found', message: 'not an active product of this store' }]);
      const err = expectError(await publish({}), 409, 'decoration_not_publishable');
      expect(err.issues).toEqual([{ path: `blocks.${collection}.products.0.id`, code: 'product_not_found', message: 'not an active product of this store' }]);
      expect((await versions()).body.meta.total).toBe(2);
    } finally {
      await db.product.update({ where: { id: gone }, data: { status: 'active' } });
    }
  });

  it('lists the versions newest first, paginated, each with what it changed', async () => {
    const page = await versions({ page: '1', pageSize: '1' });
    expect(page.status, page.text).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2, hasNextPage: true });
    expect(page.body.data[0]).toMatchObject({ version: 2, live: true });
    const second = (await versions({ page: '2', pageSize: '1' })).body;
    expect(second.data[0]).toMatchObject({ version: 1, live: false, restoredFromVersion: null });
    expect(second.data[0].changes.added).toHaveLength(second.data[0].blockCount);
    expectError(await versions({ pageSize: '51' }), 400, 'validation_failed');
  });

  it('reads one version by number or versionId; another store’s versions are 404', async () => {
    const one = await version('1');
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({ version: 1, live: false });
    expect((await version(one.body.data.versionId)).body.data.blocks).toEqual(one.body.data.blocks);
    const huaxiaV1 = (await versions({}, huaxia)).body.data[0].versionId;
    expectError(await version(huaxiaV1), 404, 'decoration_version_not_found');
    expectError(await version('99'), 404, 'decoration_version_not_found');
    expectError(await version('not-a-version'), 400, 'validation_failed');
  });

  it('rolls back by publishing a copy of an earlier version: the history keeps every version', async () => {
    const v1 = (await version('1')).body.data;
    const huaxiaV1 = (await versions({}, huaxia)).body.data[0].versionId;
    expectError(await rollback(huaxiaV1), 404, 'decoration_version_not_found');
    expectError(await rollback('1', { expectedVersion: 1 }), 409, 'decoration_version_conflict');

    const r = await rollback(v1.versionId, { expectedVersion: 2 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ version: 3, live: true, restoredFromVersion: 1, blockCount: v1.blockCount });
    expect(r.body.data.versionId).not.toBe(v1.versionId);

    const shown = (await live()).body.data;
    expect(shown).toMatchObject({ version: 3, versionId: r.body.data.versionId });
    expect(shown.blocks.find((b: any) => b.type === 'brand_hero').title['en-US']).toBe('Sound built for the details');
    const all = (await versions()).body.data;
    expect(all.map((v: any) => [v.version, v.restoredFromVersion, v.live])).toEqual([
      [3, 1, true],
      [2, null, false],
      [1, null, false],
    ]);
    expect((await events('decoration.published', r.body.data.versionId))[0]!.payload).toMatchObject({ version: 3, previousVersion: 2, restoredFromVersion: 1 });
    // The draft is left alone: it now differs from what is live.
    expect((await getDraft()).body.data).toMatchObject({ source: 'draft', basedOnVersion: 2, liveVersion: 3, unpublishedChanges: true });
  });

  it('leaves products the store no longer sells out of a rollback, as reading that version did', async () => {
    const v1 = (await version('1')).body.data;
    const collection = v1.blocks.find((b: any) => b.type === 'product_collection');
    const gone = collection.products[0].id;
    await db.product.update({ where: { id: gone }, data: { status: 'archived' } });
    try {
      const r = await rollback('1');
      expect(r.status, r.text).toBe(200);
      const back = (await version(String(r.body.data.version))).body.data.blocks.find((b: any) => b.id === collection.id);
      expect(back.products.map((p: any) => p.id)).toEqual(collection.products.slice(1).map((p: any) => p.id));
    } finally {
      await db.product.update({ where: { id: gone }, data: { status: 'active' } });
    }
  });

  it('keeps each installation to its own store’s draft', async () => {
    const cred = await createTestCredential({ merchantSlug: 'maison-atelier', scopes: SCOPES, app: 'decoration-app' });
    const d = (await getDraft(cred.key)).body.data;
    expect(d.blocks.map((b: any) => b.id)).not.toEqual((await getDraft()).body.data.blocks.map((b: any) => b.id));
    expect((await putDraft(content(d), cred.key)).body.data.revision).toBe(1);
    expect((await getDraft()).body.data.revision).toBeGreaterThan(1);
  });
});
