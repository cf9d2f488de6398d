import { getDb } from '@/lib/db/client';
import { unsubscribe, unsubscribeTarget } from '@/lib/notifications/unsubscribe';

export const dynamic = 'force-dynamic';

const texts = {
  'en-US': {
    ask: 'Stop receiving these alerts at this address?',
    button: 'Unsubscribe',
    done: 'Done: these alerts will no longer be sent to this address. Order e-mails are not affected.',
    invalid: 'This unsubscribe link is not valid.',
  },
  'zh-CN': { ask: '此邮箱不再接收此类提醒？', button: '退订', done: '已退订：此类提醒不会再发送到此邮箱。订单邮件不受影响。', invalid: '此退订链接无效。' },
} as const;

function page(lang: keyof typeof texts, body: string, status = 200): Response {
  return new Response(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${texts[lang].button}</title></head><body><main>${body}</main></body></html>`, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; form-action 'self'", 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

const language = (url: URL) => (url.searchParams.get('l') === 'zh-CN' ? 'zh-CN' : 'en-US');

/**
 * The signed unsubscribe link of an alert (lib/notifications/unsubscribe-links.ts). Opening it asks
 * (a mail scanner fetching links unsubscribes nobody); the form, or a mail client's one-click POST
 * (RFC 8058), records it.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lang = language(url);
  if (!unsubscribeTarget(url.searchParams)) return page(lang, `<p>${texts[lang].invalid}</p>`, 404);
  const action = `/notifications/unsubscribe?${url.searchParams.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;')}`;
  return page(lang, `<p>${texts[lang].ask}</p><form method="post" action="${action}"><button type="submit">${texts[lang].button}</button></form>`);
}

export async function POST(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lang = language(url);
  const target = unsubscribeTarget(url.searchParams);
  if (!target) return page(lang, `<p>${texts[lang].invalid}</p>`, 404);
  await unsubscribe(await getDb(), target, new Date());
  return page(lang, `<p>${texts[lang].done}</p>`);
}
