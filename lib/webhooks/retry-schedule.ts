/**
 * Seconds to wait after each failed attempt (the first attempt goes out at once): about three
 * days in all, so a receiver that is down over a weekend still gets its events.
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** Consecutive failed attempts after which an endpoint is reported `failing`. */
export const FAILING_AFTER_CONSECUTIVE_FAILURES = 5;
const JITTER = 0.2;
/** The latest an automatic retry can come after a delivery's first attempt: every delay at its longest jitter. */
export const LAST_RETRY_WITHIN_SECONDS = Math.ceil(RETRY_DELAYS_SECONDS.reduce((sum, d) => sum + d, 0) * (1 + JITTER));

/**
 * When to try again after `attempts` failed attempts, or null when the schedule is over.
 * Jitter (±20%) spreads retries so a receiver coming back is not hit by all of them at once.
 */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * random();
  return new Date(now.getTime() + Math.round(delay * factor * 1000));
}
