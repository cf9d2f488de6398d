import { publicBaseUrl } from '../core/media-urls';

/** The issuer (RFC 8414 / RFC 9207 `iss`): PUBLIC_BASE_URL's origin. DPoP `htu`s are built from it, never from Host. */
export function oauthIssuer(): string {
  return publicBaseUrl().origin;
}

/** The spec's token endpoint (op 19, enveloped) and the RFC 6749 one beside it: both serve one grant. */
export type TokenEndpointPath = '/api/v1/oauth/token' | '/oauth/token';
/** The spec's revocation endpoint (op 18) and the RFC 7009 one beside it. */
export type RevocationEndpointPath = '/api/v1/oauth/revoke' | '/oauth/revoke';

export function oauthEndpoint(path: TokenEndpointPath | RevocationEndpointPath | '/oauth/authorize'): URL {
  return new URL(path, publicBaseUrl().origin);
}
