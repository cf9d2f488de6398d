import { config } from '../platform/config';
import { storeAccessPolicy } from './policy';

/**
 * Cookie of the token for one store. `__Host-` (Secure, Path=/, no Domain) outside development,
 * where the cookie must be Secure anyway; one cookie per store, so unlocking a second store
 * keeps the first open.
 */
export function storeAccessCookieName(slug: string, secure: boolean): string {
  return `${secure ? '__Host-' : ''}store-access.${slug}`;
}

const COOKIE_PATTERN = /^(?:__Host-)?store-access\.([a-z0-9-]{1,160})$/;

export function secureCookies(): boolean {
  return !config().isDevelopment;
}

/** Tokens from the X-Store-Access-Token header (comma-separated) and the store access cookies. */
export function presentedTokens(header: string | null, cookies: Iterable<{ name: string; value: string }>): string[] {
  const tokens = (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const c of cookies) if (COOKIE_PATTERN.test(c.name) && c.value) tokens.push(c.value);
  return tokens.slice(0, storeAccessPolicy.maxPresentedTokens);
}

/** Parses a Cookie header into name/value pairs. */
export function parseCookieHeader(header: string | null): { name: string; value: string }[] {
  if (!header) return [];
  return header.split(';').flatMap((part) => {
    const eq = part.indexOf('=');
    if (eq < 1) return [];
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return [];
    }
    return [{ name, value }];
  });
}
