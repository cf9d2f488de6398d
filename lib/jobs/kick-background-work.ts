import { logger } from '../platform/logger';
import { getDb } from '../db/client';
import { didWork, runBackgroundWork } from './run-background-work';

const key = Symbol.for('storefront-commerce.background-kick');
type State = { running: Promise<void> | null; again: boolean; timer: NodeJS.Timeout | null };
type G = typeof globalThis & { [key]?: State };

/** Passes in one kick at most: the worker, cron or the retry timer picks up whatever is left. */
const MAX_PASSES = 5;
/** Bounds of the retry timer: never busier than this, never sleeping longer than that. */
const MIN_WAKE_MS = 1_000;
const MAX_WAKE_MS = 10 * 60_000;

function state(): State {
  const g = globalThis as G;
  return (g[key] ??= { running: null, again: false, timer: null });
}

/**
 * Runs the background work in this process soon after a change committed (called after the
 * response by the request pipeline), so a webhook goes out in about a second without waiting
 * for the worker or cron. Single-flight per process: a kick during a run asks for one more pass.
 * Afterwards a timer (not keeping the process alive) wakes it when the next retry falls due, so
 * a long-running server (`npm run dev`/`npm start`, the embedded database included) retries on
 * its own; on serverless platforms the cron route does that.
 */
export function kickBackgroundWork(): Promise<void> {
  const s = state();
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = (async () => {
    try {
      const db = await getDb();
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        s.again = false;
        const report = await runBackgroundWork({ db });
        if (!didWork(report) && !s.again) break;
      }
      await scheduleNextWake();
    } catch (err) {
      logger.error({ err }, 'background work after response failed; the worker or cron will retry');
    } finally {
      s.running = null;
    }
  })();
  return s.running;
}

async function scheduleNextWake(): Promise<void> {
  const s = state();
  const db = await getDb();
  const next = await db.webhookDelivery.findFirst({
    where: { status: 'pending', endpoint: { enabled: true } },
    orderBy: { nextAttemptAt: 'asc' },
    select: { nextAttemptAt: true, leaseUntil: true },
  });
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  if (!next) return;
  const due = Math.max(next.nextAttemptAt.getTime(), next.leaseUntil?.getTime() ?? 0);
  const wait = Math.min(MAX_WAKE_MS, Math.max(MIN_WAKE_MS, due - Date.now()));
  s.timer = setTimeout(() => {
    s.timer = null;
    void kickBackgroundWork();
  }, wait);
  s.timer.unref();
}
