import { logger } from '../platform/logger';
import { getDb } from '../db/client';
import { processWide } from '../platform/process-wide';
import { nextDeliveryDue } from '../webhooks/data';
import { nextMessageDue } from '../notifications/data';
import { didWork, runBackgroundWork } from './run-background-work';

type State = { running: Promise<void> | null; again: boolean; timer: NodeJS.Timeout | null };

/** Passes in one kick at most: the worker, cron or the retry timer picks up whatever is left. */
const MAX_PASSES = 5;
/** Bounds of the retry timer: never busier than this, never sleeping longer than that. */
const MIN_WAKE_MS = 1_000;
const MAX_WAKE_MS = 10 * 60_000;

const kick = processWide<State>('background-kick', () => ({ running: null, again: false, timer: null }));

/**
 * Runs the background work in this process soon after a change committed (called after the
 * response by the request pipeline), so a webhook goes out in about a second without waiting
 * for the worker or cron. Single-flight per process: a kick during a run asks for one more pass.
 * Afterwards a timer (not keeping the process alive) wakes it when the next retry falls due, so
 * a long-running server (`npm run dev`/`npm start`, the embedded database included) retries on
 * its own; on serverless platforms the cron route does that.
 */
export function kickBackgroundWork(): Promise<void> {
  if (kick.running) {
    kick.again = true;
    return kick.running;
  }
  kick.running = (async () => {
    try {
      const db = await getDb();
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        kick.again = false;
        const report = await runBackgroundWork({ db });
        if (!didWork(report) && !kick.again) break;
      }
      await scheduleNextWake();
    } catch (err) {
      logger.error({ err }, 'background work after response failed; the worker or cron will retry');
    } finally {
      kick.running = null;
    }
  })();
  return kick.running;
}

/**
 * Stops this process's own background work: cancels the retry timer and waits for a kick in
 * progress (which may set the timer again as it ends). For a process that hands the work to
 * `npm run worker` from now on, as the worker tests do.
 */
export async function quiesceBackgroundKick(): Promise<void> {
  do {
    if (kick.timer) clearTimeout(kick.timer);
    kick.timer = null;
    await kick.running;
  } while (kick.running || kick.timer);
}

async function scheduleNextWake(): Promise<void> {
  const db = await getDb();
  const times = (await Promise.all([nextDeliveryDue(db), nextMessageDue(db)])).filter((d): d is Date => d !== null);
  const due = times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
  if (kick.timer) clearTimeout(kick.timer);
  kick.timer = null;
  if (!due) return;
  const wait = Math.min(MAX_WAKE_MS, Math.max(MIN_WAKE_MS, due.getTime() - Date.now()));
  kick.timer = setTimeout(() => {
    kick.timer = null;
    void kickBackgroundWork();
  }, wait);
  kick.timer.unref();
}
