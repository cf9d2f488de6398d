import { getDb } from '../db/client';
import { STORE_ACCESS_HEADER } from '../store-access/policy';
import { parseCookieHeader, presentedTokens } from '../store-access/presented-tokens';
import { storesOpenedBy } from '../store-access/stores-opened-by';

/**
 * The protected stores this request may read: valid store access tokens sent in the
 * X-Store-Access-Token header (API clients) or the store access cookies (pages). Invalid,
 * expired or outdated tokens are ignored, so such a request reads like one without a token.
 */
export async function readStoreAccess(req: Request): Promise<ReadonlySet<string>> {
  const tokens = presentedTokens(req.headers.get(STORE_ACCESS_HEADER), parseCookieHeader(req.headers.get('cookie')));
  if (tokens.length === 0) return new Set();
  return storesOpenedBy(await getDb(), tokens, new Date());
}
