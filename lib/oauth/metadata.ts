import { scopes } from '../core/scopes';
import { DPOP_ALGORITHMS } from './dpop';
import { oauthEndpoint, oauthIssuer } from './endpoints';

/**
 * RFC 8414 authorization server metadata, from the same constants the endpoints enforce. It names
 * the RFC-shaped endpoints at the root, which stock OAuth clients speak; the spec's enveloped
 * operations 18 and 19 (/api/v1/oauth/revoke, /api/v1/oauth/token) serve the same grants.
 */
export function authorizationServerMetadata() {
  return {
    issuer: oauthIssuer(),
    authorization_endpoint: oauthEndpoint('/oauth/authorize').href,
    token_endpoint: oauthEndpoint('/oauth/token').href,
    revocation_endpoint: oauthEndpoint('/oauth/revoke').href,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
    scopes_supported: [...scopes],
    authorization_response_iss_parameter_supported: true,
  };
}
