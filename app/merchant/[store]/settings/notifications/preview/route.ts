import { isMessageKind } from '@/lib/notifications/kinds';
import { previewMessage } from '@/lib/notifications/notification-settings';
import { consoleRequest } from '../../../console';

export const dynamic = 'force-dynamic';

/** The HTML version of a message's preview (signed-in members of the store only), shown as a mail client would: no script runs. */
export async function GET(request: Request, { params }: { params: Promise<{ store: string }> }): Promise<Response> {
  const { store: slug } = await params;
  const { ctx, store } = await consoleRequest(slug);
  const url = new URL(request.url);
  const kind = url.searchParams.get('kind') ?? '';
  if (!isMessageKind(kind)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const preview = await previewMessage(ctx, store.merchantId, kind, url.searchParams.get('lang') === 'zh-CN' ? 'zh-CN' : 'en-US');
  return new Response(preview.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox",
      'cache-control': 'no-store',
    },
  });
}
