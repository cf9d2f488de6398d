import type { Locale } from '../schemas/common';
import { refusedSubmissionText } from './refused-submission-text';

type HeaderSource = Pick<Headers, 'get' | 'has'>;

/**
 * Whether a request is a Server Action submitted from another origin. Next refuses those itself
 * (its CSRF check compares `Origin` with `X-Forwarded-Host`, else `Host`) but answers with a bare
 * 500 "Invalid Server Actions request"; proxy.ts answers them first with the designed 403 page
 * below. Server Actions are POSTs with a `Next-Action` header (sent by script) or a
 * multipart form (a form submitted without script). A request without `Origin` is left to Next,
 * which lets it through as Next does (browsers send `Origin` on every cross-site POST).
 */
export function isCrossSiteServerAction(method: string, headers: HeaderSource): boolean {
  if (method !== 'POST') return false;
  const type = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!headers.has('next-action') && type !== 'multipart/form-data') return false;
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  if (origin === 'null' || !URL.canParse(origin)) return true;
  return new URL(origin).host !== host;
}

/** `?lang=` when given (the consent page's switch), else the browser's first preference between the two. */
export function refusedSubmissionLocale(url: URL, acceptLanguage: string | null): Locale {
  const lang = url.searchParams.get('lang');
  if (lang === 'zh-CN' || lang === 'en-US') return lang;
  return /^\s*zh/i.test(acceptLanguage ?? '') ? 'zh-CN' : 'en-US';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 403 page: what happened, that nothing changed, and the way back (the same URL, which is a
 * page to GET), in the visitor's language, phone first, with no script and nothing from another host.
 */
export function refusedSubmissionPage(url: URL, locale: Locale): string {
  const t = refusedSubmissionText(locale);
  const back = escapeHtml(url.pathname + url.search);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;color:#1f2328;background:#f6f7f9}
main{max-width:34rem;margin:0 auto;padding:1.5rem 1rem}
section{background:#fff;border:1px solid #d0d7de;border-radius:.75rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{margin:0 0 .75rem}
nav{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
a{display:inline-block;padding:.625rem 1rem;border-radius:.5rem;color:#0b57d0;border:1px solid #0b57d0;text-decoration:none;min-height:1.5rem}
a.primary{background:#0b57d0;color:#fff}
a:focus-visible{outline:3px solid #1f2328;outline-offset:2px}
</style>
</head>
<body>
<main>
<section aria-labelledby="refused-title">
<h1 id="refused-title">${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.explanation)}</p>
<p>${escapeHtml(t.retry)}</p>
<nav><a class="primary" href="${back}">${escapeHtml(t.back)}</a><a href="/">${escapeHtml(t.home)}</a></nav>
</section>
</main>
</body>
</html>
`;
}
