import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaItemRoute from '../app/api/v1/open/merchant/products/[productId]/media/[mediaId]/route';
import * as mediaOrderRoute from '../app/api/v1/open/merchant/products/[productId]/media-order/route';
import * as mediaRoute from '../app/api/v1/open/merchant/products/[productId]/media/route';
import * as skuImageRoute from '../app/api/v1/open/merchant/products/[productId]/skus/[skuId]/image/route';
import * as fileRoute from '../app/media/u/[...key]/route';
import { skuImageUrls } from '../lib/catalog/sku-images';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { setSkuImages } from '../lib/media/set-sku-image';
import { sweepDeletedMedia } from '../lib/media/sweep-deleted-media';
import { setEnv } from './helpers/env';
import { BASE, call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * Product images through the merchant API on the demo store lumen-audio, stored on local disk:
 * uploads checked by their bytes and processed into responsive AVIF/WebP widths, served with
 * immutable headers; alt text, order, deletion (files gone), SKU pictures, scopes, another
 * store, idempotent replays, the size limit while the body arrives, and decompression bombs.
 */

type Handler = (req: Request, ctx: any) => Promise<Response>;
const MAX_UPLOAD = 512 * 1024;
let dir: string;
let restoreEnv: () => void;
let key: string;
let readOnly: string;
let otherStore: string;
let productId: string;
let skuIds: string[];
let merchantOf: string;

async function upload(file: Blob, name: string, fields: Record<string, string> = {}, k = key, idem = `t-${randomUUID()}`) {
  const form = new FormData();
  form.set('file', file, name);
  for (const [f, v] of Object.entries(fields)) form.set(f, v);
  return send(mediaRoute.POST, new Request(`${BASE}/api/v1/open/merchant/products/${productId}/media`, { method: 'POST', headers: { ...bearer(k), 'idempotency-key': idem }, body: form }), { productId });
}

async function send(handler: Handler, req: Request, params: Record<string, string>) {
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

const write = (handler: Handler, method: string, params: Record<string, string>, body?: unknown, k = key) =>
  call(handler, { method, params, headers: { ...bearer(k), 'idempotency-key': `t-${randomUUID()}` }, body });
const list = (k = key) => call(mediaRoute.GET, { params: { productId }, headers: bearer(k) });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const blob = (bytes: Uint8Array, type = 'application/octet-stream') => new Blob([bytes as BlobPart], { type });
const filesOnDisk = (mediaId: string) => {
  const merchantDirs = readdirSync(dir);
  for (const m of merchantDirs) if (existsSync(path.join(dir, m, mediaId))) return readdirSync(path.join(dir, m, mediaId)).sort();
  return [];
};
const fetchFile = (url: string, headers: Record<string, string> = {}) => {
  const pathname = new URL(url).pathname;
  const keyPath = pathname.slice('/media/u/'.length);
  return fileRoute.GET(new Request(new URL(pathname, BASE), { headers }), { params: Promise.resolve({ key: keyPath.split('/') }) });
};

/** A PNG whose header declares 30000 × 30000 pixels, with a few bytes of data: a decompression bomb's shape. */
function pixelBomb(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(30001 * 4))), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-'));
  restoreEnv = setEnv({ MEDIA_STORAGE: 'local', MEDIA_DIR: dir, MEDIA_MAX_UPLOAD_BYTES: String(MAX_UPLOAD), MEDIA_MAX_INPUT_PIXELS: '4000000' });
  key = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['products:read', 'products:write'], app: 'media-app' })).key;
  readOnly = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['products:read'], app: 'media-reader' })).key;
  otherStore = (await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['products:read', 'products:write'], app: 'media-app' })).key;
  const db = await getDb();
  const product = await db.product.findFirstOrThrow({ where: { merchant: { slug: 'lumen-audio' }, skus: { some: {} } }, include: { skus: { orderBy: { position: 'asc' } } }, orderBy: { slug: 'asc' } });
  productId = product.id;
  merchantOf = product.merchantId;
  skuIds = product.skus.map((s) => s.id);
});

afterAll(() => {
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploading an image', () => {
  it('processes a PNG into the original and AVIF and WebP widths up to its own, on disk, and lists it last with its alt text', async () => {
    const before = (await list()).body.data.items.length;
    const r = await upload(blob(await png(1000, 700), 'image/png'), 'front.png', { altZhCN: '正面', altEnUS: 'Front view' });
    expect(r.status, r.text).toBe(200);
    const item = r.body.data;
    expect(item).toMatchObject({ position: before, kind: 'image', uploaded: true, format: 'png', width: 1000, height: 700, alt: { 'zh-CN': '正面', 'en-US': 'Front view' }, skuIds: [] });
    expect(item.url).toMatch(/^http:\/\/localhost:3000\/media\/u\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f]{16}-original\.png$/);
    expect(item.variants.map((v: { width: number; format: string }) => `${v.format}:${v.width}`)).toEqual([
      'avif:320', 'webp:320', 'avif:640', 'webp:640', 'avif:960', 'webp:960', 'avif:1000', 'webp:1000',
    ]);
    const hash = item.url.match(/([0-9a-f]{16})-original/)[1];
    expect(filesOnDisk(item.id)).toEqual(
      [`${hash}-original.png`, ...[320, 640, 960, 1280].flatMap((w) => [`${hash}-w${w}.avif`, `${hash}-w${w}.webp`])].sort(),
    );
    for (const v of item.variants) {
      const res = await fetchFile(v.url);
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: v.format === 'avif' ? 'heif' : 'webp', width: v.width });
    }
    const listed = (await list()).body.data.items;
    expect(listed.map((m: { id: string }) => m.id).at(-1)).toBe(item.id);
  });

  it('serves each file from this host with its type, nosniff and a year of immutable caching, 304 on revalidation, 404 for any other name', async () => {
    const r = await upload(blob(await png(400, 300)), 'small.png');
    const avif = r.body.data.variants.find((v: { format: string }) => v.format === 'avif');
    const res = await fetchFile(avif.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const again = await fetchFile(avif.url, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    const original = await fetchFile(r.body.data.url);
    expect(original.headers.get('content-type')).toBe('image/png');
    const missing = await fetchFile(avif.url.replace(/-w320\.avif$/, '-w1920.avif'));
    expect(missing.status).toBe(404);
    const outside = await fileRoute.GET(new Request(`${BASE}/media/u/x`), { params: Promise.resolve({ key: ['..', '..', 'etc', 'passwd'] }) });
    expect(outside.status).toBe(404);
  });

  it('applies the EXIF orientation and drops the EXIF of a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const r = await upload(blob(jpeg, 'image/jpeg'), 'photo.jpg');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    const stored = await sharp(new Uint8Array(await (await fetchFile(r.body.data.url)).arrayBuffer())).metadata();
    expect({ format: stored.format, width: stored.width, height: stored.height, orientation: stored.orientation, exif: stored.exif }).toEqual({
      format: 'jpeg', width: 400, height: 600, orientation: undefined, exif: undefined,
    });
  });

  it('takes a GIF’s first frame as a PNG, and WebP and AVIF as themselves', async () => {
    const gif = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    const g = await upload(blob(gif, 'image/gif'), 'anim.gif');
    expect(g.status, g.text).toBe(200);
    expect(g.body.data).toMatchObject({ format: 'png', width: 200, height: 100 });
    const webp = await sharp(await png(330, 330)).webp().toBuffer();
    expect((await upload(blob(webp), 'x.webp')).body.data).toMatchObject({ format: 'webp', width: 330 });
    const avif = await sharp(await png(120, 90)).avif().toBuffer();
    const a = await upload(blob(avif), 'x.avif');
    expect(a.body.data).toMatchObject({ format: 'avif', width: 120, height: 90 });
    expect(a.body.data.variants.map((v: { width: number }) => v.width)).toEqual([120, 120]);
  });

  it('judges by content: a text file named .png and an SVG are 415, bytes that start like a PNG and do not decode are 422; nothing is stored', async () => {
    const before = readdirSync(dir, { recursive: true }).length;
    const count = (await list()).body.data.items.length;
    expectError(await upload(blob(new TextEncoder().encode('just some text, honest\n'), 'image/png'), 'picture.png'), 415, 'media_type_unsupported');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expectError(await upload(blob(new TextEncoder().encode(svg), 'image/svg+xml'), 'logo.svg'), 415, 'media_type_unsupported');
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 40), Buffer.alloc(200, 7)]);
    expectError(await upload(blob(broken, 'image/png'), 'broken.png'), 422, 'image_unreadable');
    expect(readdirSync(dir, { recursive: true }).length).toBe(before);
    expect((await list()).body.data.items.length).toBe(count);
  });

  it('refuses a decompression bomb by its declared size before decoding it', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(4096);
    const started = performance.now();
    const r = await upload(blob(bomb, 'image/png'), 'bomb.png');
    expectError(r, 422, 'image_dimensions_too_large');
    expect(r.body.error.details).toMatchObject({ maxPixels: 4000000, width: 30000, height: 30000 });
    expect(performance.now() - started).toBeLessThan(2000);
    // Within bounds but over this test's MEDIA_MAX_INPUT_PIXELS: refused the same way.
    expectError(await upload(blob(await png(2100, 2000)), 'big.png'), 422, 'image_dimensions_too_large');
  });

  it('refuses a body over the limit with 413: at once for its Content-Length, and as soon as a chunked body passes it', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const headers = { ...bearer(key), 'idempotency-key': `t-${randomUUID()}`, 'content-type': 'multipart/form-data; boundary=x' };
    const chunked = await send(mediaRoute.POST, new Request(`${BASE}/api/v1/open/merchant/products/${productId}/media`, { method: 'POST', headers, body: endless, duplex: 'half' } as RequestInit), { productId });
    expectError(chunked, 413, 'upload_too_large');
    expect(chunked.body.error.details).toEqual({ maxBytes: MAX_UPLOAD });
    expect(pulled).toBeLessThanOrEqual(MAX_UPLOAD + 3 * 64 * 1024);

    let read = 0;
    const declared = new ReadableStream<Uint8Array>({
      pull(controller) {
        read += 1;
        controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });
    const big = await send(
      mediaRoute.POST,
      new Request(`${BASE}/api/v1/open/merchant/products/${productId}/media`, { method: 'POST', headers: { ...headers, 'idempotency-key': `t-${randomUUID()}`, 'content-length': String(MAX_UPLOAD + 1) }, body: declared, duplex: 'half' } as RequestInit),
      { productId },
    );
    expectError(big, 413, 'upload_too_large');
    expect(read).toBeLessThanOrEqual(1);
  });

  it('refuses a JSON body, a missing file and an unknown field with 400', async () => {
    expectError(await write(mediaRoute.POST, 'POST', { productId }, { file: 'x' }), 400, 'unsupported_media_type');
    const form = new FormData();
    form.set('altEnUS', 'no file');
    const r = await send(mediaRoute.POST, new Request(`${BASE}/x`, { method: 'POST', headers: { ...bearer(key), 'idempotency-key': `t-${randomUUID()}` }, body: form }), { productId });
    expectError(r, 400, 'validation_failed');
    expect(r.body.error.issues.map((i: { path: string }) => i.path)).toContain('body.file');
    expectError(await upload(blob(await png(10, 10)), 'a.png', { colour: 'red' }), 400, 'validation_failed');
  });

  it('replays an upload sent again with its key, and refuses the key with another file', async () => {
    const idem = `t-${randomUUID()}`;
    const bytes = await png(64, 64);
    const first = await upload(blob(bytes), 'a.png', {}, key, idem);
    const again = await upload(blob(bytes), 'a.png', {}, key, idem);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await list()).body.data.items.filter((m: { id: string }) => m.id === first.body.data.id)).toHaveLength(1);
    expectError(await upload(blob(await png(65, 64)), 'a.png', {}, key, idem), 409, 'idempotency_key_reused');
  });

  it('records an audit entry and a product.media_changed event in the upload’s transaction', async () => {
    const r = await upload(blob(await png(50, 50)), 'e.png');
    const db = await getDb();
    const events = await db.domainEvent.findMany({ where: { subjectId: productId, type: 'product.media_changed' } });
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ change: 'added', mediaId: r.body.data.id, productId }));
    const audit = await db.auditEntry.findMany({ where: { subjectId: productId, action: 'product.media.added' } });
    expect(audit.map((a) => (a.details as { mediaId: string }).mediaId)).toContain(r.body.data.id);
  });
});

describe('managing a product’s images', () => {
  it('sets alt text per locale, keeping the other', async () => {
    const id = (await upload(blob(await png(80, 80)), 'alt.png', { altZhCN: '旧', altEnUS: 'Old' })).body.data.id;
    const r = await write(mediaItemRoute.PATCH, 'PATCH', { productId, mediaId: id }, { alt: { 'en-US': 'Side view' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.alt).toEqual({ 'zh-CN': '旧', 'en-US': 'Side view' });
    const both = await write(mediaItemRoute.PATCH, 'PATCH', { productId, mediaId: id }, { alt: { 'zh-CN': '侧面', 'en-US': 'Side' } });
    expect(both.body.data.alt).toEqual({ 'zh-CN': '侧面', 'en-US': 'Side' });
    expectError(await write(mediaItemRoute.PATCH, 'PATCH', { productId, mediaId: id }, { alt: {} }), 400, 'validation_failed');
    expectError(await write(mediaItemRoute.PATCH, 'PATCH', { productId, mediaId: randomUUID() }, { alt: { 'en-US': 'x' } }), 404, 'media_not_found');
  });

  it('reorders the media when every id is named once, and refuses a list that leaves one out or names one twice', async () => {
    const ids: string[] = (await list()).body.data.items.map((m: { id: string }) => m.id);
    const reversed = [...ids].reverse();
    const r = await write(mediaOrderRoute.PUT, 'PUT', { productId }, { mediaIds: reversed });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.items.map((m: { id: string; position: number }) => [m.id, m.position])).toEqual(reversed.map((id, i) => [id, i]));
    const product = await (await getDb()).product.findUniqueOrThrow({ where: { id: productId } });
    expect((product.media as { id: string }[]).map((m) => m.id)).toEqual(reversed);

    const short = await write(mediaOrderRoute.PUT, 'PUT', { productId }, { mediaIds: reversed.slice(1) });
    expectError(short, 400, 'validation_failed');
    expect(short.body.error.issues[0]).toMatchObject({ code: 'missing' });
    const twice = await write(mediaOrderRoute.PUT, 'PUT', { productId }, { mediaIds: [reversed[0], ...reversed.slice(0, -1)] });
    expect(twice.body.error.issues.map((i: { code: string }) => i.code)).toEqual(expect.arrayContaining(['duplicate', 'missing']));
    expect((await list()).body.data.items.map((m: { id: string }) => m.id)).toEqual(reversed);
  });

  it('points a SKU at an image, which carts and checkout show for it; deleting the image sets it back', async () => {
    const id = (await upload(blob(await png(90, 90)), 'sku.png')).body.data.id;
    const r = await write(skuImageRoute.PUT, 'PUT', { productId, skuId: skuIds[0]! }, { mediaId: id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ skuId: skuIds[0], mediaId: id });
    const item = (await list()).body.data.items.find((m: { id: string }) => m.id === id);
    expect(item.skuIds).toEqual([skuIds[0]]);
    const urls = await skuImageUrls(await getDb(), [skuIds[0]!]);
    expect(urls.get(skuIds[0]!)).toBe(new URL(item.url).pathname);
    expectError(await write(skuImageRoute.PUT, 'PUT', { productId, skuId: randomUUID() }, { mediaId: id }), 404, 'sku_not_found');
    expectError(await write(skuImageRoute.PUT, 'PUT', { productId, skuId: skuIds[0]! }, { mediaId: randomUUID() }), 404, 'media_not_found');

    await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: id });
    const sku = await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuIds[0]! } });
    expect(sku.imageId).toBeNull();
  });

  it('points several SKUs at once (the console’s variant pictures): all or none, an event per SKU changed, nothing for the same choice again', async () => {
    expect(skuIds.length).toBeGreaterThanOrEqual(2);
    const a = (await upload(blob(await png(70, 70)), 'a.png')).body.data.id as string;
    const b = (await upload(blob(await png(72, 72)), 'b.png')).body.data.id as string;
    const db = await getDb();
    const ctx = createServiceContext({ db, actor: { kind: 'merchant_user', userId: '00000000-0000-4000-8000-0000000000ab', email: 'owner@lumen-audio.example' } });
    const skuImageEvents = async () =>
      (await db.domainEvent.findMany({ where: { subjectId: productId, type: 'product.media_changed' } })).filter((e) => (e.payload as { change: string }).change === 'sku_image').length;
    const imageOf = async (id: string) => (await db.sku.findUniqueOrThrow({ where: { id } })).imageId;
    const before = await skuImageEvents();

    const done = await setSkuImages(ctx, { merchantId: merchantOf, productId, choices: [{ skuId: skuIds[0]!, mediaId: a }, { skuId: skuIds[1]!, mediaId: b }] });
    expect(done).toEqual([{ skuId: skuIds[0], mediaId: a }, { skuId: skuIds[1], mediaId: b }]);
    expect([await imageOf(skuIds[0]!), await imageOf(skuIds[1]!)]).toEqual([a, b]);
    expect(await skuImageEvents()).toBe(before + 2);
    const audit = await db.auditEntry.findMany({ where: { subjectId: productId, action: 'product.media.sku_image' }, orderBy: { sequence: 'desc' }, take: 2 });
    expect(audit.map((e) => [e.actorLabel, (e.details as { skuId: string }).skuId]).sort()).toEqual([skuIds[0], skuIds[1]].map((id) => ['owner@lumen-audio.example', id]).sort());

    // The same choice again writes nothing; one SKU back to automatic is one event.
    await setSkuImages(ctx, { merchantId: merchantOf, productId, choices: [{ skuId: skuIds[0]!, mediaId: a }, { skuId: skuIds[1]!, mediaId: null }] });
    expect([await imageOf(skuIds[0]!), await imageOf(skuIds[1]!)]).toEqual([a, null]);
    expect(await skuImageEvents()).toBe(before + 3);

    // One bad choice refuses them all: nothing written.
    await expect(setSkuImages(ctx, { merchantId: merchantOf, productId, choices: [{ skuId: skuIds[0]!, mediaId: b }, { skuId: skuIds[1]!, mediaId: randomUUID() }] })).rejects.toMatchObject({ code: 'media_not_found' });
    await expect(setSkuImages(ctx, { merchantId: merchantOf, productId, choices: [{ skuId: skuIds[0]!, mediaId: b }, { skuId: randomUUID(), mediaId: b }] })).rejects.toMatchObject({ code: 'sku_not_found' });
    await expect(setSkuImages(ctx, { merchantId: merchantOf, productId, choices: [{ skuId: skuIds[0]!, mediaId: b }, { skuId: skuIds[0]!, mediaId: a }] })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await imageOf(skuIds[0]!)).toBe(a);
    expect(await skuImageEvents()).toBe(before + 3);
    // Another store's product is not found.
    const other = await db.merchant.findUniqueOrThrow({ where: { slug: 'huaxia-digital' } });
    await expect(setSkuImages(ctx, { merchantId: other.id, productId, choices: [{ skuId: skuIds[0]!, mediaId: b }] })).rejects.toMatchObject({ code: 'product_not_found' });

    for (const id of [a, b]) await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: id });
    expect(await imageOf(skuIds[0]!)).toBeNull();
  });

  it('deletes an image: off the product at once, its files removed by the background sweep', async () => {
    const id = (await upload(blob(await png(700, 500)), 'gone.png')).body.data.id;
    expect(filesOnDisk(id).length).toBe(7);
    const r = await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ id, deleted: true });
    expect((await list()).body.data.items.map((m: { id: string }) => m.id)).not.toContain(id);
    await sweepDeletedMedia(createServiceContext({ db: await getDb() }));
    expect(filesOnDisk(id)).toEqual([]);
    expect(await (await getDb()).mediaAsset.findUnique({ where: { id } })).toBeNull();
    expectError(await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: id }), 404, 'media_not_found');
  });

  it('deletes and reorders the media that came with the catalog too (no files of ours)', async () => {
    const items = (await list()).body.data.items;
    const seeded = items.find((m: { uploaded: boolean }) => !m.uploaded);
    expect(seeded).toBeDefined();
    expect(seeded.variants).toEqual([]);
    const r = await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: seeded.id });
    expect(r.status, r.text).toBe(200);
    expect((await list()).body.data.items).toHaveLength(items.length - 1);
  });
});

describe('who may', () => {
  it('answers 404 for another store’s product, and 403 without products:write', async () => {
    expectError(await list(otherStore), 404, 'product_not_found');
    expectError(await upload(blob(await png(20, 20)), 'x.png', {}, otherStore), 404, 'product_not_found');
    const id = (await list()).body.data.items[0].id;
    expectError(await write(mediaItemRoute.DELETE, 'DELETE', { productId, mediaId: id }, undefined, otherStore), 404, 'product_not_found');
    expectError(await write(mediaOrderRoute.PUT, 'PUT', { productId }, { mediaIds: [id] }, otherStore), 404, 'product_not_found');
    expect((await list(readOnly)).status).toBe(200);
    expectError(await upload(blob(await png(20, 20)), 'x.png', {}, readOnly), 403, 'insufficient_scope');
    expectError(await write(mediaItemRoute.PATCH, 'PATCH', { productId, mediaId: id }, { alt: { 'en-US': 'x' } }, readOnly), 403, 'insufficient_scope');
    expectError(await call(mediaRoute.GET, { params: { productId } }), 401, 'authentication_required');
  });
});

it('keeps the files it wrote inside the media folder', async () => {
  const anyFile = readdirSync(dir, { recursive: true }).find((f) => String(f).endsWith('.webp'));
  expect(anyFile).toBeDefined();
  expect((await readFile(path.join(dir, String(anyFile)))).subarray(8, 12).toString('ascii')).toBe('WEBP');
});
