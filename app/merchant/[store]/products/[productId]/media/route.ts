import { consoleRequest } from '../../../console';
import { isServiceError, ServiceError } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/http/parse';
import { screenRequest } from '@/lib/http/screen-request';
import { prepareUpload, uploadProductMedia } from '@/lib/media/upload-product-media';
import { config } from '@/lib/platform/config';
import { UploadedFile } from '@/lib/schemas/uploaded-file';
import { isCrossSiteServerAction } from '@/lib/storefront/refused-submission';

export const dynamic = 'force-dynamic';

/**
 * The product editor's image upload: a plain multipart form post (it works without script), so
 * it bypasses proxy.ts, which would cut its body at 64 KiB (see proxy.ts's matcher), and does what
 * the proxy and Next's Server Actions would: the URL screening, and the refusal of a post from
 * another origin (the console's CSRF protection). Then the signed-in member of the store, the
 * body read within MEDIA_MAX_UPLOAD_BYTES, and the same media service as the merchant API
 * (checked by content, processed, stored, audited). It answers with a redirect back to the
 * editor, saying what happened next to the upload field (`?media=added` or `?mediaError=<code>`).
 */
export async function POST(request: Request, { params }: { params: Promise<{ store: string; productId: string }> }): Promise<Response> {
  const screening = screenRequest(request.method, request.url);
  if (!screening.ok) return new Response('Bad request\n', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (!request.headers.get('origin') || isCrossSiteServerAction('POST', request.headers)) {
    return new Response('Forbidden: this form may only be sent from the merchant console.\n', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const { store: slug, productId } = await params;
  const { ctx, store } = await consoleRequest(slug);
  const editor = `/merchant/${encodeURIComponent(store.slug)}/products/${encodeURIComponent(productId)}`;
  const back = (query: string) => new Response(null, { status: 303, headers: { location: `${editor}?${query}#images`, 'cache-control': 'no-store' } });
  try {
    const limit = config().MEDIA_MAX_UPLOAD_BYTES;
    const bytes = await readBodyBytes(request, limit, () => new ServiceError('upload_too_large', { details: { maxBytes: limit } }));
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) return back('mediaError=missing');
    const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData().catch(() => null);
    const file = form?.get('file');
    if (!form || !(file instanceof File) || file.size === 0) return back('mediaError=missing');
    const alt = { 'en-US': String(form.get('alt.en-US') ?? '').trim(), 'zh-CN': String(form.get('alt.zh-CN') ?? '').trim() };
    if (alt['en-US'].length > 300 || alt['zh-CN'].length > 300) return back('mediaError=alt');
    const upload = await prepareUpload(new UploadedFile(file.name, new Uint8Array(await file.arrayBuffer())));
    await uploadProductMedia(ctx, { merchantId: store.merchantId, productId, upload, alt });
    return back('media=added');
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'product_not_found') return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    return back(`mediaError=${encodeURIComponent(err.code)}`);
  }
}
