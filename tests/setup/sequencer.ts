import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the longest files took in `CI=true bash .ci/run` from a fresh clone (the
 * integration run on PostgreSQL, two workers, 2026-11-28 11:09-11:16 UTC), longest first. Most of
 * the slow project's files wait on something (a `next dev` compile, a worker's lease, nginx's idle
 * gaps, a second process); the rest are the fast project's longest.
 */
const SECONDS: Record<string, number> = {
  'tests/dev-launcher.test.ts': 79,
  'tests/webhooks-delivery.test.ts': 71,
  'tests/embedded-lock.test.ts': 61,
  'tests/upstream-keepalive.test.ts': 58,
  'tests/topology.test.ts': 29,
  'tests/sdk-package.test.ts': 24,
  'tests/operator-commands.test.ts': 23,
  'tests/public-read-cache.test.ts': 15,
  'tests/fuzz-operations.test.ts': 14,
  'tests/stack-launcher.test.ts': 12,
  'lib/db/pglite-driver.test.ts': 11,
  'tests/config-at-start.test.ts': 10,
  'tests/orders.test.ts': 9,
  'tests/notifications-mail.test.ts': 9,
  'lib/db/embedded-socket.test.ts': 8,
  'tests/catalog-import.test.ts': 8,
  'lib/db/pglite-worker.test.ts': 8,
  'tests/stripe-payments.test.ts': 8,
  'tests/boundary-rule.test.ts': 7,
  'tests/scope-matrix.test.ts': 7,
  'tests/alipay-payments.test.ts': 7,
};

/**
 * Vitest's own order, with the files above moved to the front, longest first. On a fresh clone
 * (no results cache: every CI run) Vitest runs one project after the other, larger files first, so
 * the slow project's long files (each a few lines starting a process, and most of them waiting)
 * came last: two of them at a time while nothing else was left to fill the cores. Started first,
 * they run beside the fast project's files, which then fill both workers to the end.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const seconds = (f: TestSpecification) => SECONDS[path.relative(this.ctx.config.root, f.moduleId).split(path.sep).join('/')] ?? 0;
    // Array.prototype.sort is stable: the files not listed keep Vitest's order.
    return base.sort((a, b) => seconds(b) - seconds(a));
  }
}
