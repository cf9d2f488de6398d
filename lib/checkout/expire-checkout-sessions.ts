import 'server-only';
import type { ServiceContext } from '../core/context';
import { lockExpiredSessions } from './data';
import { endSession } from './sessions';

const BATCH = 100;

/**
 * The expiry sweep: writes down every open session past expiresAt as `expired`, releases its
 * stock and makes its cart active again, with its event. Safe with any number of instances
 * running at once: each batch claims its rows with FOR UPDATE SKIP LOCKED, so two sweeps never
 * end the same session, and a session a shopper is paying (row locked) is skipped, not blocked on.
 */
export async function expireCheckoutSessions(ctx: ServiceContext): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    // Background work, not a request: it may wait for a connection (a server starting, its pool busy
    // with the first pages) longer than Prisma's 2 s default, as the other sweeps do.
    const n = await ctx.db.$transaction(
      async (tx) => {
        const claimed = await lockExpiredSessions(tx, ctx.now, BATCH);
        for (const s of claimed) await endSession(tx, s, 'expired', ctx.now);
        return claimed.length;
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    expired += n;
    if (n < BATCH) break;
  }
  if (expired) ctx.log.info({ expired }, 'expired hosted checkout sessions');
  return { expired };
}
