/**
 * Runs once when a server starts (`next dev`, `next start`). Node-only work lives in
 * lib/db/claim-at-start.ts, imported only in the Node.js runtime (Next also compiles this file for the edge).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./lib/db/claim-at-start')).claimEmbeddedDatabaseAtStart();
}
