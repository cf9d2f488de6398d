import type { OperationDef } from '../operations/types';
import type { Principal } from './context';
import { ApiError } from './errors';

/**
 * Resolves the caller's credential for an operation. Public operations need none. API-key
 * operations are refused until installations and keys exist (issue: credentials).
 */
export async function authenticate(_req: Request, op: OperationDef): Promise<Principal | null> {
  if (op.auth.kind === 'none') return null;
  throw new ApiError('authentication_required');
}
