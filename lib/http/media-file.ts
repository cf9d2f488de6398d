import { readMediaFile } from '../media/read-media-file';
import { UNMATCHED_ROUTE, logAccess } from './access-log';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROUTE = 'GET /media/u/{key}';

/**
 * Answers `GET /media/u/<key>`: an uploaded image's file from the media storage, whichever it is,
 * on this host (the pages allow images from their own origin only). Names are content-addressed,
 * so the answer is immutable for a year; its type is the one its name was given after its content
 * was checked, never sniffed (`nosniff`), and never rendered as a document (`sandbox`).
 */
export async function serveMediaFile(req: Request, key: string): Promise<Response> {
  const startedAt = performance.now();
  const file = await readMediaFile(key);
  let res: Response;
  if (!file) {
    res = new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });
  } else {
    const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
    const headers = new Headers({
      'content-type': file.contentType,
      'cache-control': IMMUTABLE,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-site',
    });
    if (req.headers.get('if-none-match') === etag) res = new Response(null, { status: 304, headers });
    else {
      headers.set('content-length', String(file.bytes.byteLength));
      res = new Response(file.bytes as BodyInit, { status: 200, headers });
    }
  }
  logAccess({ method: req.method, route: file ? ROUTE : UNMATCHED_ROUTE, status: res.status, principal: 'none' }, startedAt);
  return res;
}
