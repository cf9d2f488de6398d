import { logger } from '../platform/logger';
import { processWide } from '../platform/process-wide';
import { kickBackgroundWork } from './kick-background-work';

type Clock = { timer: NodeJS.Timeout | null };

const clock = processWide<Clock>('background-clock', () => ({ timer: null }));

/**
 * The background work on a clock inside a server process (`npm start`, `npm run dev`): a pass
 * every `intervalMs` whether or not any request arrives, so an abandoned checkout expires (its
 * stock released, `checkout.session.expired` appended) and webhooks go out on a quiet server
 * too. Each tick is a kick (single-flight per process), and every pass claims its rows (FOR
 * UPDATE SKIP LOCKED, delivery leases), so any number of instances and workers may tick at once.
 * The timer does not keep the process alive. Starting it again replaces the previous one;
 * the function returned stops it.
 */
export function startBackgroundClock(intervalMs: number): () => void {
  stopBackgroundClock();
  if (intervalMs <= 0) return stopBackgroundClock;
  clock.timer = setInterval(() => void kickBackgroundWork(), intervalMs);
  clock.timer.unref();
  logger.debug({ intervalMs }, 'background work on a timer');
  return stopBackgroundClock;
}

export function stopBackgroundClock(): void {
  if (clock.timer) clearInterval(clock.timer);
  clock.timer = null;
}
