import type { FormState } from '@/components/merchant/console-form';
import { ServiceError } from '@/lib/core/errors';
import type { DevelopersText } from '../text';

/**
 * What the webhook services refused, in the console's words: a refused URL or events as field
 * errors, the endpoint limit or an id not of this store as the form's message. Anything else is
 * not the merchant's to fix and is thrown on.
 */
export function webhookRefusal(err: unknown, t: DevelopersText): FormState {
  if (!(err instanceof ServiceError)) throw err;
  if (err.code === 'webhook_url_invalid') {
    const reason = String(err.details?.reason ?? '');
    return { errors: { url: t.webhooks.errors.urlReasons[reason] ?? (reason.endsWith('_address') ? t.webhooks.errors.privateAddress : t.webhooks.errors.url) } };
  }
  if (err.code === 'validation_failed') return { errors: { eventTypes: t.webhooks.errors.events } };
  if (err.code === 'webhook_endpoint_limit_reached') return { message: t.webhooks.errors.limit(Number(err.details?.limit)) };
  if (err.code === 'webhook_endpoint_not_found' || err.code === 'webhook_delivery_not_found') return { message: t.webhooks.errors.notFound };
  throw err;
}
