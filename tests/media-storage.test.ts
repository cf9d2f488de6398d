import { createHash, createHmac, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaRoute from '../app/api/v1/open/merchant/products/[productId]/media/route';
import * as fileRoute from '../app/media/u/[...key]/route';
import { getDb } from '../lib/db/client';
import { s3Storage } from '../lib/media/providers/s3';
import { vercelBlobStorage } from '../lib/media/providers/vercel-blob';
import { setEnv } from './helpers/env';
import { BASE } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * The S3 and Vercel Blob adapters against strict local fakes of their published APIs: the fake
 * S3 checks every request's SigV4 signature (as S3 does, refusing a wrong one with 403
 * SignatureDoesNotMatch) and the payload hash; the fake Blob API checks the bearer token and the
 * put options. Nothing leaves this machine: the SDKs are pointed at 127.0.0.1.
 */

const ACCESS_KEY = 'AKIDLOCALFAKE';
const SECRET = 'local-fake-secret-key-0123456789';
const REGION = 'eu-central-1';
const BUCKET = 'shop-media';

type Seen = { method: string; path: string; query: string; authorization: string | undefined };

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** What S3 checks of a SigV4 request: the Authorization header's form, the scope, and the signature over the canonical request. */
function sigV4Problem(req: IncomingMessage, url: URL, body: Buffer): string | null {
  const auth = req.headers.authorization;
  const m = auth?.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/);
  if (!m) return 'AccessDenied';
  const [, accessKey, date, region, signedHeaders, signature] = m;
  if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId';
  if (region !== REGION) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const query = [...url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)]).sort(([a], [b]) => (a! < b! ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  const headers = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
}

function s3Error(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>fake</RequestId></Error>`);
}

/** A path-style S3 endpoint holding one bucket: PutObject, GetObject, DeleteObject, and 501 for anything else. */
function fakeS3(objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>, seen: Seen[]) {
  return createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const body = await readAll(req);
    seen.push({ method: req.method!, path: url.pathname, query: url.search, authorization: req.headers.authorization });
    const problem = sigV4Problem(req, url, body);
    if (problem) return s3Error(res, 403, problem);
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== BUCKET) return s3Error(res, 404, 'NoSuchBucket');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) return s3Error(res, 501, 'NotImplemented');
    if (req.method === 'PUT') {
      if (req.headers['x-amz-copy-source']) return s3Error(res, 501, 'NotImplemented');
      if (Number(req.headers['content-length']) !== body.length) return s3Error(res, 400, 'IncompleteBody');
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), cacheControl: String(req.headers['cache-control'] ?? '') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return s3Error(res, 404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length), etag: '"x"' });
      return res.end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return s3Error(res, 405, 'MethodNotAllowed');
  });
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the S3 adapter', () => {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const seen: Seen[] = [];
  const server = fakeS3(objects, seen);
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await listen(server);
  });
  afterAll(() => close(server));

  const storage = (secret = SECRET) =>
    s3Storage({ bucket: BUCKET, region: REGION, endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: secret }, keyPrefix: 'media/' });

  it('puts, gets and deletes objects with signed requests of S3’s shape', async () => {
    const s = storage();
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    await s.put('m/a/0123456789abcdef-w320.webp', bytes, 'image/webp');
    expect(objects.get('media/m/a/0123456789abcdef-w320.webp')).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect([...(await s.get('m/a/0123456789abcdef-w320.webp'))!]).toEqual([1, 2, 3, 4, 5]);
    expect(await s.get('m/a/missing.webp')).toBeNull();
    await s.delete(['m/a/0123456789abcdef-w320.webp', 'm/a/never-written.webp']);
    expect(objects.size).toBe(0);
    const requests = seen.map((r) => `${r.method} ${r.path}`);
    expect(requests).toEqual([
      `PUT /${BUCKET}/media/m/a/0123456789abcdef-w320.webp`,
      `GET /${BUCKET}/media/m/a/0123456789abcdef-w320.webp`,
      `GET /${BUCKET}/media/m/a/missing.webp`,
      `DELETE /${BUCKET}/media/m/a/0123456789abcdef-w320.webp`,
      `DELETE /${BUCKET}/media/m/a/never-written.webp`,
    ]);
    expect(seen.every((r) => r.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`))).toBe(true);
  });

  it('fails when the service refuses the signature (the fake is strict)', async () => {
    await expect(storage('a-wrong-secret-a-wrong-secret-00').put('m/a/x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/SignatureDoesNotMatch|signature/i);
    expect(objects.size).toBe(0);
  });

  it('stores an upload’s files in the bucket with MEDIA_STORAGE=s3 and serves them from this host', async () => {
    const restore = setEnv({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_KEY_PREFIX: 'shop/',
    });
    try {
      const key = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['products:write'], app: 's3-app' })).key;
      const productId = (await (await getDb()).product.findFirstOrThrow({ where: { merchant: { slug: 'lumen-audio' } } })).id;
      const form = new FormData();
      const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#884422' } }).png().toBuffer();
      form.set('file', new Blob([png as BlobPart]), 'banner.png');
      const res = await mediaRoute.POST(
        new Request(`${BASE}/api/v1/open/merchant/products/${productId}/media`, { method: 'POST', headers: { ...bearer(key), 'idempotency-key': `s3-${randomUUID()}` }, body: form }),
        { params: Promise.resolve({ productId }) },
      );
      const item = (await res.json()).data;
      expect(res.status).toBe(200);
      // original + 320 and 640 (500 wide) in AVIF and WebP
      expect([...objects.keys()].filter((k) => k.includes(item.id))).toHaveLength(5);
      expect([...objects.keys()].every((k) => k.startsWith('shop/'))).toBe(true);
      const webp = item.variants.find((v: { format: string; width: number }) => v.format === 'webp' && v.width === 500);
      const pathname = new URL(webp.url).pathname;
      const served = await fileRoute.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve({ key: pathname.slice('/media/u/'.length).split('/') }) });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(500);
    } finally {
      restore();
    }
  });
});

describe('the Vercel Blob adapter', () => {
  const TOKEN = 'vercel_blob_rw_fakestore123_secretpart';
  const blobs = new Map<string, { body: Buffer; contentType: string }>();
  const seen: string[] = [];
  let base: string;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const body = await readAll(req);
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    // The public blob URLs the API hands out: no token needed, as a public store's are.
    if (req.method === 'GET' && url.pathname.startsWith('/public/')) {
      const blob = blobs.get(decodeURIComponent(url.pathname.slice('/public/'.length)));
      if (!blob) return json(404, { error: { code: 'not_found', message: 'The requested blob does not exist' } });
      res.writeHead(200, { 'content-type': blob.contentType });
      return res.end(blob.body);
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(403, { error: { code: 'forbidden', message: 'Access denied' } });
    if (!req.headers['x-api-version']) return json(400, { error: { code: 'bad_request', message: 'x-api-version is required' } });
    const meta = (pathname: string) => ({
      url: `${base}/public/${pathname}`,
      downloadUrl: `${base}/public/${pathname}?download=1`,
      pathname,
      contentType: blobs.get(pathname)!.contentType,
      contentDisposition: `inline; filename="${pathname.split('/').pop()}"`,
    });
    if (req.method === 'PUT' && url.pathname === '/') {
      const pathname = url.searchParams.get('pathname');
      if (!pathname || req.headers['x-vercel-blob-access'] !== 'public') return json(400, { error: { code: 'bad_request', message: 'pathname and access are required' } });
      if (blobs.has(pathname) && req.headers['x-allow-overwrite'] !== '1') return json(400, { error: { code: 'bad_request', message: 'This blob already exists' } });
      blobs.set(pathname, { body, contentType: String(req.headers['x-content-type'] ?? 'application/octet-stream') });
      return json(200, meta(pathname));
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const pathname = url.searchParams.get('url') ?? '';
      if (!blobs.has(pathname)) return json(404, { error: { code: 'not_found', message: 'The requested blob does not exist' } });
      return json(200, { ...meta(pathname), size: blobs.get(pathname)!.body.length, cacheControl: 'public, max-age=31536000', uploadedAt: new Date().toISOString(), etag: '"e"' });
    }
    if (req.method === 'POST' && url.pathname === '/delete') {
      const { urls } = JSON.parse(body.toString('utf8')) as { urls: string[] };
      for (const u of urls) blobs.delete(u.startsWith(base) ? decodeURIComponent(new URL(u).pathname.slice('/public/'.length)) : u);
      return json(200, {});
    }
    return json(400, { error: { code: 'bad_request', message: 'unknown request' } });
  });
  let restore: () => void;
  beforeAll(async () => {
    base = await listen(server);
    restore = setEnv({ VERCEL_BLOB_API_URL: base, VERCEL_BLOB_RETRIES: '0' });
  });
  afterAll(async () => {
    restore();
    await close(server);
  });

  it('puts, gets and deletes blobs through the SDK pointed at the local API', async () => {
    const s = vercelBlobStorage(TOKEN);
    await s.put('m/a/0123456789abcdef-w320.avif', new Uint8Array([9, 8, 7]), 'image/avif');
    expect(blobs.get('m/a/0123456789abcdef-w320.avif')?.contentType).toBe('image/avif');
    expect([...(await s.get('m/a/0123456789abcdef-w320.avif'))!]).toEqual([9, 8, 7]);
    expect(await s.get('m/a/missing.avif')).toBeNull();
    await s.delete(['m/a/0123456789abcdef-w320.avif']);
    expect(blobs.size).toBe(0);
    expect(seen[0]).toBe('PUT /?pathname=m%2Fa%2F0123456789abcdef-w320.avif');
  });

  it('fails on a token the store refuses', async () => {
    await expect(vercelBlobStorage('vercel_blob_rw_fakestore123_wrong').put('m/a/x.avif', new Uint8Array([1]), 'image/avif')).rejects.toThrow();
    expect(blobs.size).toBe(0);
  });
});
