/**
 * Media URLs. The specification wants absolute URIs, while the app's own assets live under
 * public/ and move with the deployment. So own assets are stored root-relative ("/media/...")
 * and made absolute against PUBLIC_BASE_URL when served; other hosts' URLs are kept as given.
 */

const URL_FIELDS = new Set(['url', 'thumbnailUrl', 'imageUrl']);

/** Where this deployment is reached by shoppers (PUBLIC_BASE_URL, default http://localhost:3000). */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): URL {
  return new URL(env.PUBLIC_BASE_URL ?? 'http://localhost:3000');
}

function isRootRelative(value: string): boolean {
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
