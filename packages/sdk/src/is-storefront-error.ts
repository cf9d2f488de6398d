import { StorefrontError } from './errors.js';
import type { OperationErrorCode, OperationId } from './types.js';

/**
 * Whether `err` is an error answer of the API; with an operation id, of that operation, and then
 * its `code` is narrowed to the codes that operation may answer.
 */
export function isStorefrontError<K extends OperationId>(err: unknown, operationId: K): err is StorefrontError<OperationErrorCode<K>>;
export function isStorefrontError(err: unknown): err is StorefrontError;
export function isStorefrontError(err: unknown, operationId?: OperationId): boolean {
  return err instanceof StorefrontError && (operationId === undefined || err.operationId === operationId);
}
