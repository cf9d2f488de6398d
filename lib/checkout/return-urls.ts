import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Prisma } from '../generated/prisma/client';
import { type Config, config } from '../platform/config';
import { insertReturnOrigin, registeredReturnOrigins } from './data';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether this deployment itself is served over http on a loopback host (a production build run locally, the browser tests). */
function servedLocally(base: URL): boolean {
  return base.protocol === 'http:' && LOCAL_HOSTS.has(base.hostname);
}

/**
 * The origin of a URL the service may send shoppers to, or null: absolute https, no credentials;
 * http only for localhost, outside production or when the deployment itself is on localhost
 * (`next start` on a developer's machine): a deployment at a public https address never sends
 * shoppers to an http URL.
 */
export function redirectOrigin(raw: string, settings: Pick<Config, 'isProduction' | 'publicBaseUrl'> = config()): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const localHttp = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && (!settings.isProduction || servedLocally(settings.publicBaseUrl));
  if (url.protocol !== 'https:' && !localHttp) return null;
  return url.origin;
}

type ReturnUrls = Record<'returnUrl' | 'cancelUrl', string>;

/**
 * The check of a checkout's return and cancel URLs against the installation's registered origins,
 * in two halves so that the lookup rides on a statement the caller runs anyway (the checkout
 * start's cart read): `registered` is a text[] expression of the URLs' origins that are
 * registered, and `assert` refuses (400 return_url_not_allowed) any URL whose origin is not among
 * what it returned.
 */
export function returnUrlCheck(installationId: string, urls: ReturnUrls): { registered: Prisma.Sql; assert: (registered: readonly string[]) => void } {
  const origins = Object.entries(urls).map(([path, url]) => ({ path, origin: redirectOrigin(url) }));
  const wanted = origins.flatMap((o) => (o.origin === null ? [] : [o.origin]));
  return {
    registered: registeredReturnOrigins(installationId, wanted),
    assert(registered) {
      const refused = origins.filter((o) => o.origin === null || !registered.includes(o.origin));
      if (!refused.length) return;
      throw new ServiceError('return_url_not_allowed', {
        issues: refused.map(({ path }) => ({
          path,
          code: 'return_url_not_allowed',
          message: 'Must be an absolute https URL on an origin registered for this installation (npm run checkout:origins).',
        })),
      });
    },
  };
}

/** Registers an origin for an installation (operator command and seed). Returns the normalized origin. */
export async function allowReturnOrigin(db: ServiceContext['db'], installationId: string, raw: string): Promise<string> {
  const origin = redirectOrigin(raw);
  if (!origin) throw new Error(`not an allowed redirect origin: ${raw} (absolute https, or http://localhost outside production)`);
  await insertReturnOrigin(db, installationId, origin);
  return origin;
}
