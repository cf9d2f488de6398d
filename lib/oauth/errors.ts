import { ServiceError, type ErrorCode } from '../core/errors';

type OAuthErrorCode = Extract<
  ErrorCode,
  'invalid_request' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope' | 'invalid_dpop_proof' | 'use_dpop_nonce' | 'invalid_client'
>;

/** An RFC 6749 / RFC 9449 error: `details.error` repeats the RFC code for OAuth client libraries. */
export function oauthError(code: OAuthErrorCode, message: string, details: Record<string, unknown> = {}, persist?: ServiceError['persist']) {
  return new ServiceError(code, { message, details: { error: code, error_description: message, ...details }, persist });
}
