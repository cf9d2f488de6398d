import { expireCheckoutSessions } from '../checkout/expire-checkout-sessions';
import { reconcilePaymentAttempts, sendProviderRefunds } from '../checkout/payments/reconcile';
import type { ServiceContext } from '../core/context';
import { sweepDeletedMedia } from '../media/sweep-deleted-media';
import { runCatalogImports } from './catalog-import';
import { expireWaitingDeliveries } from '../webhooks/expire-waiting-deliveries';

export type Sweep = { name: string; run: (ctx: ServiceContext) => Promise<unknown> };

/**
 * Periodic maintenance other domains register here (e.g. expiring abandoned checkout
 * sessions); every run of the background work runs each of them once.
 */
export const sweeps: readonly Sweep[] = [
  { name: 'expireCheckoutSessions', run: expireCheckoutSessions },
  { name: 'reconcilePaymentAttempts', run: reconcilePaymentAttempts },
  { name: 'sendProviderRefunds', run: sendProviderRefunds },
  { name: 'expireWaitingWebhookDeliveries', run: expireWaitingDeliveries },
  { name: 'sweepDeletedMedia', run: (ctx) => sweepDeletedMedia(ctx) },
  // Product CSV imports: a few seconds of one import's batches per pass (lib/catalog/csv-import.ts).
  { name: 'catalogImports', run: runCatalogImports },
];
