import { logger } from '../core/logger';
import { getDb } from '../db/client';
import { didWork, runBackgroundWork } from './run-background-work';

const key = Symbol.for('storefront-commerce.background-kick');
type State = { running: Promise<void> | null; again: boolean };
type G = typeof globalThis & { [key]?: State };

/** Passes in one kick at most: the worker or cron picks up whatever is left. */
const MAX_PASSES = 5;

/**
 * Runs the background work in this process soon after a change committed (called after the
 * response by the request pipeline), so a webhook goes out in about a second without waiting
 * for the worker or cron. Single-flight per process: a kick during a run asks for one more pass.
 */
export function kickBackgroundWork(): Promise<void> {
  const g = globalThis as G;
  const state = (g[key] ??= { running: null, again: false });
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      const db = await getDb();
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        state.again = false;
        const report = await runBackgroundWork({ db });
        if (!didWork(report) && !state.again) break;
      }
    } catch (err) {
      logger.error({ err }, 'background work after response failed; the worker or cron will retry');
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}
