import type { OperationDef } from '../operations/types';
import type { ServiceContext } from './context';
import { ApiError } from './errors';
import type { Outcome } from './handle';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,255}$/;

export type IdempotentRun = {
  req: Request;
  op: OperationDef;
  ctx: ServiceContext;
  rawParams: Record<string, unknown>;
  body: unknown;
  address: string;
  execute: (ctx: ServiceContext) => Promise<Outcome>;
};

/** Header checks for operations whose idempotency is `required`. Storage lands with the credentials issue. */
export async function runIdempotent(run: IdempotentRun): Promise<{ outcome: Outcome; replayed: boolean }> {
  const key = run.req.headers.get('idempotency-key');
  if (key === null) throw new ApiError('idempotency_key_missing');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError('idempotency_key_invalid');
  return { outcome: await run.execute(run.ctx), replayed: false };
}
