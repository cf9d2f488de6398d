import { LAST_RETRY_WITHIN_SECONDS } from './retry-schedule';

/**
 * How long the service keeps what an installation may still want of its events: the events list
 * shows the last 30 days, and a delivery that cannot go out (its endpoint disabled by the app, the
 * operator, or a receiver's 410 Gone) waits that long past when it fell due, then is `expired`.
 * Events themselves are never deleted (the outbox has no prune), so the list's window is this
 * number and nothing shorter.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
export const WEBHOOK_RETENTION_MS = WEBHOOK_RETENTION_DAYS * 24 * 3600_000;

/**
 * How long a receiver must remember the `webhook-id`s it has processed to drop every duplicate the
 * service sends on its own: a retry after an answer that came too late (the schedule's last one,
 * jitter included), a delivery that waited for its disabled endpoint (the retention, past when it
 * fell due), a runner that died mid-send (the lease, seconds). A resend someone asks for
 * (resendInstallationWebhookDelivery, `npm run webhooks -- redeliver`) carries the same id whenever it happens.
 */
export const REMEMBER_WEBHOOK_IDS_DAYS = WEBHOOK_RETENTION_DAYS + Math.ceil(LAST_RETRY_WITHIN_SECONDS / 86_400);
