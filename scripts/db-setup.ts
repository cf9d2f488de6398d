/**
 * Run before `next dev`: migrate, then seed, the configured database so the app starts ready.
 * Each step runs in its own process: PGlite must not reopen one data directory twice in a
 * process (a second instance sees stale catalog pages).
 */
import { spawnSync } from 'node:child_process';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

for (const script of ['scripts/db-migrate.ts', 'scripts/db-seed.ts']) {
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
