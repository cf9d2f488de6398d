import 'server-only';
import { principalOf } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';

/**
 * Whose endpoints, deliveries and events a webhook service works on: one installation (an app on
 * one store). The API passes the caller's (ownerOf); the console passes the installation a
 * signed-in merchant picked after checking the store is theirs. The actor in the context is who
 * is acting, whichever it is.
 */
export type WebhookOwner = { installationId: string; merchantId: string };

/** The installation of the API credential making the request. */
export function ownerOf(ctx: ServiceContext): WebhookOwner {
  const { installationId, merchantId } = principalOf(ctx);
  return { installationId, merchantId };
}
