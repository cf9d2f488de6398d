import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import type { ServiceContext } from '../core/context';
import { UNPROXIED_ADDRESS } from '../http/client-address';
import { secureCookies } from '../store-access/presented-tokens';

const CLIENT_HINT_COOKIE = 'sf_client';
const HINT = /^[A-Za-z0-9_-]{22}$/;

/**
 * The context a browser answers a store's access challenge in. Behind a declared proxy the client
 * address tells browsers apart, and the context is returned as it is. With no proxy declared every
 * client has the same address, so one person's wrong passwords would lock every shopper out of the
 * store: the browser is then told apart by a random first-party cookie (set on its first answer),
 * and the lockout and the `challenge` budget count per store and browser. A client that drops the
 * cookie starts a fresh count each time, which the store-wide count of wrong passwords still
 * bounds (storeAccessPolicy.maxStoreFailures, which pauses password answers but not proof of work).
 */
export async function answeringClientContext(ctx: ServiceContext): Promise<ServiceContext> {
  if (ctx.clientAddress !== UNPROXIED_ADDRESS) return ctx;
  const jar = await cookies();
  let hint = jar.get(CLIENT_HINT_COOKIE)?.value;
  if (!hint || !HINT.test(hint)) {
    hint = randomBytes(16).toString('base64url');
    jar.set(CLIENT_HINT_COOKIE, hint, { httpOnly: true, secure: secureCookies(), sameSite: 'lax', path: '/stores', maxAge: 30 * 24 * 3600 });
  }
  return { ...ctx, clientAddress: `${UNPROXIED_ADDRESS}|client:${hint}` };
}
