/**
 * How long the service keeps what an installation may still want of its events: the events list
 * shows the last 30 days, and a delivery that cannot go out (its endpoint disabled by the app, the
 * operator, or a receiver's 410 Gone) waits that long past when it fell due, then is `expired`.
 * Events themselves are never deleted (the outbox has no prune), so the list's window is this
 * number and nothing shorter.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
export const WEBHOOK_RETENTION_MS = WEBHOOK_RETENTION_DAYS * 24 * 3600_000;
