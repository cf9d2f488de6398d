/**
 * Runs once when a server starts (`next dev`, `next start`), before it serves: an invalid
 * configuration stops it, naming each variable and what it accepts (lib/platform/config.ts), then
 * the embedded database is claimed (lib/db/claim-at-start.ts) and the background work's timer
 * starts (BACKGROUND_WORK_INTERVAL_MS). All are Node-only and imported in
 * the Node.js runtime only: Next also compiles this file for the edge, and replaces NEXT_RUNTIME
 * at build time, which is why it is read here and not through the configuration.
 */
export async function register() {
  // eslint-disable-next-line no-restricted-properties -- Next inlines it per runtime (see above).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config, exitOnInvalidConfig } = await import('./lib/platform/config');
  exitOnInvalidConfig();
  await (await import('./lib/db/claim-at-start')).claimEmbeddedDatabaseAtStart();
  // Background work on a clock, not on traffic (lib/jobs/background-clock.ts); on Vercel a
  // function is frozen between requests, and vercel.json's cron drives the same work instead.
  if (!config().VERCEL && config().NEXT_PHASE !== 'phase-production-build') {
    (await import('./lib/jobs/background-clock')).startBackgroundClock(config().BACKGROUND_WORK_INTERVAL_MS);
  }
}
