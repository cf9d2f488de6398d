import { publicBaseUrl } from '../core/media-urls';

/** The issuer (RFC 8414 / RFC 9207 `iss`): PUBLIC_BASE_URL's origin. DPoP `htu`s are built from it, never from Host. */
export function oauthIssuer(): string {
  return publicBaseUrl().origin;
}

export function oauthEndpoint(path: '/api/v1/oauth/token' | '/api/v1/oauth/revoke' | '/oauth/authorize'): URL {
  return new URL(path, publicBaseUrl().origin);
}
