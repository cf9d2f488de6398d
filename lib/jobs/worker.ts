import type { Logger } from '../platform/logger';
import type { Db } from '../db/client';
import { type BackgroundWorkOptions, didWork, runBackgroundWork } from './run-background-work';

export type WorkerOptions = Omit<BackgroundWorkOptions, 'log'> & {
  db: Db;
  log: Logger;
  /** Pause between passes when there was nothing to do. */
  idleMs?: number;
  signal: AbortSignal;
};

/**
 * The long-running loop of `npm run worker`: passes back to back while there is work, a short
 * pause when there is none. When `signal` aborts (SIGTERM) it finishes the pass in progress,
 * recording every attempt it claimed, and returns; nothing claimed is left behind.
 */
export async function runWorker(options: WorkerOptions): Promise<void> {
  const { signal, log } = options;
  const idleMs = options.idleMs ?? 1_000;
  log.info('worker started');
  while (!signal.aborted) {
    let worked = false;
    try {
      worked = didWork(await runBackgroundWork(options));
    } catch (err) {
      log.error({ err }, 'background work pass failed');
    }
    if (!worked && !signal.aborted) await pause(idleMs, signal);
  }
  log.info('worker stopped');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
