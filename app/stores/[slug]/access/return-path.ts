/**
 * Where to send the shopper after unlocking: `next` when it is a page of this store (so the
 * access page cannot be used to redirect elsewhere), else the store home.
 */
export function safeReturnPath(slug: string, next: string | undefined): string {
  const home = `/stores/${slug}`;
  if (!next) return home;
  let url: URL;
  try {
    url = new URL(next, 'http://store.invalid');
  } catch {
    return home;
  }
  const samePage = url.origin === 'http://store.invalid' && (url.pathname === home || url.pathname.startsWith(`${home}/`));
  if (!samePage || url.pathname.startsWith(`${home}/access`)) return home;
  return url.pathname + url.search;
}
