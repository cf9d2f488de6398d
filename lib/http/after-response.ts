import { after } from 'next/server';
import { kickBackgroundWork } from '../jobs/kick-background-work';
import { config } from '../platform/config';

/**
 * Runs the background work once the response has been sent, so the events a change just
 * committed go out within a second instead of at the next worker or cron pass. Outside a Next
 * request (tests calling handlers directly, scripts) `after` is unavailable; the worker or the
 * cron route delivers those events instead, so nothing depends on this running.
 */
export function runBackgroundWorkAfterResponse(): void {
  // BACKGROUND_WORK_INTERVAL_MS=0: this server leaves the background work to workers (or cron).
  if (config().BACKGROUND_WORK_INTERVAL_MS === 0 && !config().VERCEL) return;
  try {
    after(() => kickBackgroundWork());
  } catch {
    // Not inside a Next request scope: see above.
  }
}
