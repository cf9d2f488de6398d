import { getDb } from '@/lib/db/client';
import { mailboxEnabled, readMailboxMessage } from '@/lib/notifications/mailbox';

export const dynamic = 'force-dynamic';

/**
 * The HTML part of a mailbox message as a mail client would show it, on its own: no script may
 * run (sandbox, script-src 'none'), images only from this deployment (the store's logo).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const m = mailboxEnabled() ? await readMailboxMessage(await getDb(), id) : null;
  if (!m) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(m.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox allow-popups allow-top-navigation-by-user-activation",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}
