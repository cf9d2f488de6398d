import 'server-only';
import { config } from '../platform/config';
import { getDb } from './client';
import { DataDirLockedError } from './embedded';

/**
 * With the embedded database, a starting server takes its data directory now rather than at the
 * first request: a second server on the same directory stops at once with the message naming
 * the holder (lib/db/embedded.ts), instead of starting and failing every request.
 */
export async function claimEmbeddedDatabaseAtStart() {
  const { DATABASE_URL, NEXT_PHASE } = config();
  if (DATABASE_URL || NEXT_PHASE === 'phase-production-build') return;
  try {
    await getDb();
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(1);
  }
}
