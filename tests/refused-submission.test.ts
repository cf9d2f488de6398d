import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../proxy';

// #32.12: a consent form (a Server Action) forged on another site was refused by Next with a bare
// 500 "Invalid Server Actions request". proxy.ts now answers it with a designed 403 page first.

const CONSENT = '/oauth/authorize?client_id=demo-public-client&response_type=code&state=s';

function post(path: string, headers: Record<string, string>) {
  const body = '--b\r\nContent-Disposition: form-data; name="merchantId"\r\n\r\nx\r\n--b--\r\n';
  return proxy(new NextRequest(`http://localhost:3000${path}`, { method: 'POST', body, headers: { host: 'localhost:3000', ...headers } }));
}

const multipart = { 'content-type': 'multipart/form-data; boundary=b' };

describe('a Server Action posted from another site', () => {
  it('gets a designed 403 page (not a 500), with the way back, in English', async () => {
    const res = await post(CONSENT, { ...multipart, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<h1 id="refused-title">This form was not sent from this site</h1>');
    expect(html).toContain('Nothing was changed.');
    expect(html).toContain(`href="${CONSENT.replace(/&/g, '&#38;')}"`);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('speaks Chinese to a zh browser, and to ?lang=zh-CN', async () => {
    for (const [path, headers] of [
      [CONSENT, { 'accept-language': 'zh-CN,zh;q=0.9' }],
      [`${CONSENT}&lang=zh-CN`, {}],
    ] as const) {
      const res = await post(path, { ...multipart, origin: 'https://evil.example', ...headers });
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain('此表单不是从本站提交的');
    }
  });

  it('refuses a script-sent action (Next-Action header) and an opaque origin too', async () => {
    expect((await post(CONSENT, { 'next-action': 'abc123', 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(CONSENT, { ...multipart, origin: 'null' })).status).toBe(403);
    // Behind a proxy Next compares with X-Forwarded-Host: a forged Host does not help.
    expect((await post(CONSENT, { ...multipart, origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' })).status).not.toBe(403);
    expect((await post(CONSENT, { ...multipart, origin: 'https://localhost:3000', 'x-forwarded-host': 'shop.example' })).status).toBe(403);
  });

  it('lets same-origin submissions, forms without Origin and the OAuth token endpoints through to Next', async () => {
    for (const res of [
      await post(CONSENT, { ...multipart, origin: 'http://localhost:3000' }),
      await post(CONSENT, multipart),
      await post('/oauth/token', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://app.example' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-middleware-next')).toBe('1');
    }
  });
});
