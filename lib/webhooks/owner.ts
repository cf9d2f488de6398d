import 'server-only';
import { principalOf } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';

/**
 * Whose endpoints, deliveries and events a webhook service works on:
 * - one installation's (an app on one store): the API passes the caller's (ownerOf); the console
 *   passes the installation a signed-in merchant picked after checking the store is theirs;
 * - every endpoint of a store, whichever app it belongs to: a signed-in merchant user in the
 *   console, or the operator's command once it has found the store.
 * Another owner's endpoint or delivery is not found. The actor in the context is who is acting,
 * whichever it is.
 */
export type WebhookOwner = { installationId: string; merchantId: string } | { merchantId: string };

/** An owner naming one installation: what creating an endpoint, and listing an installation's endpoints or events, need. */
export type InstallationOwner = Extract<WebhookOwner, { installationId: string }>;

/** The installation of the API credential making the request. */
export function ownerOf(ctx: ServiceContext): InstallationOwner {
  const { installationId, merchantId } = principalOf(ctx);
  return { installationId, merchantId };
}
