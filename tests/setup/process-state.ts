import { installPublicReadCache } from '../../lib/core/public-read-cache-slot';
import { setRateLimiter } from '../../lib/http/rate-limit-key';
import { reloadConfig } from '../../lib/platform/config';
import { processWide } from '../../lib/platform/process-wide';

/** The environment as the worker process started, before any test file changed it. */
const startingEnv = processWide('test-starting-env', () => ({ ...process.env }));

/**
 * What a process keeps between requests and a test file must not inherit from the file that ran
 * before it in the same worker: environment variables it set, the rate limiter (budgets spent) and
 * the public-read cache (answers of another database). The next request makes new ones, as in a
 * new process, and the configuration is parsed again from the starting environment.
 */
export function resetProcessState(): void {
  for (const name of Object.keys(process.env)) if (!(name in startingEnv)) delete process.env[name];
  Object.assign(process.env, startingEnv);
  reloadConfig();
  setRateLimiter(undefined);
  installPublicReadCache(undefined);
}
