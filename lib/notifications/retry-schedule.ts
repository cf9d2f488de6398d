/**
 * Seconds to wait after each failed send (the first goes out at once): doubling from 30 s, about
 * a day and a half in all, so an SMTP server down overnight still gets every message. Jitter
 * (±20%) spreads a backlog so a server coming back is not hit by all of it at once.
 */
export const MAIL_RETRY_DELAYS_SECONDS = [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 30720, 61440] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_SECONDS.length + 1;

export function nextMailAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const delay = MAIL_RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + Math.round(delay * (0.8 + 0.4 * random()) * 1000));
}
