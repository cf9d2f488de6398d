/**
 * Media URLs. API clients on any origin need absolute URIs, while the app's own assets live
 * under public/ and move with the deployment. So own assets are stored root-relative
 * ("/media/...") and made absolute against PUBLIC_BASE_URL when served by the API; the app's
 * own pages keep them root-relative (same origin, nothing to configure). Other hosts' URLs are
 * kept as given. Services say which through `ServiceContext.mediaBase`.
 */

import { config } from '../platform/config';

const URL_FIELDS = new Set(['url', 'thumbnailUrl', 'imageUrl']);

/** Where this deployment is reached by shoppers (PUBLIC_BASE_URL, default http://localhost:3000). */
export function publicBaseUrl(): URL {
  return config().publicBaseUrl;
}

/** "/media/a.svg": this deployment's own asset, as stored. */
export function isRootRelative(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//');
}

/** "/media/a.svg" -> "https://shop.example/media/a.svg"; anything else unchanged. */
export function absoluteUrl(value: string, base: URL): string {
  return isRootRelative(value) ? new URL(value, base).href : value;
}

/** "https://shop.example/media/a.svg" -> "/media/a.svg" when it is this deployment's; else unchanged. */
export function storedUrl(value: string, base: URL): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : value;
}

/**
 * Applies `fn` to every media URL field (`url`, `thumbnailUrl`, `imageUrl`) at any depth of a
 * JSON value, returning a copy. Works on unvalidated input too: non-string values are left alone.
 */
export function mapUrlFields<T>(value: T, fn: (url: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => mapUrlFields(v, fn)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, URL_FIELDS.has(k) && typeof v === 'string' ? fn(v) : mapUrlFields(v, fn)]),
  ) as T;
}

/** Where a context's media URLs point: absolute against `mediaBase`, or root-relative when it is null. */
export type MediaBase = { mediaBase: URL | null };

/** One stored media URL as the context serves it. */
export function mediaUrl(ctx: MediaBase, value: string): string {
  return ctx.mediaBase ? absoluteUrl(value, ctx.mediaBase) : value;
}

/** Every media URL field (`url`, `thumbnailUrl`, `imageUrl`) of a value, as the context serves it. */
export function withMediaUrls<T>(ctx: MediaBase, value: T): T {
  const base = ctx.mediaBase;
  return base ? mapUrlFields(value, (u) => absoluteUrl(u, base)) : value;
}
