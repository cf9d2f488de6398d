import type { Db } from '../db/client';
import { stableUuid } from './ids';

export const DEMO_OAUTH_CLIENT_ID = 'demo-public-client';
export const DEMO_OAUTH_APP_SLUG = 'demo-oauth-app';
/** A loopback redirect (RFC 8252 §7.3 style): what a developer's local app listens on. */
export const DEMO_OAUTH_REDIRECT_URI = 'http://127.0.0.1:8787/callback';

/** The demo public OAuth client (PKCE + DPoP, no secret) of its own app. Idempotent. */
export async function seedDemoOAuth(db: Db, baseUrl: string) {
  const appId = stableUuid(`app:${DEMO_OAUTH_APP_SLUG}`);
  await db.$transaction(async (tx) => {
    await tx.app.createMany({
      data: [{ id: appId, slug: DEMO_OAUTH_APP_SLUG, name: 'Demo OAuth App', requestedScopes: ['catalog:read', 'checkout:quote'] }],
      skipDuplicates: true,
    });
    await tx.oAuthClient.createMany({
      data: [
        {
          id: stableUuid(`oauth-client:${DEMO_OAUTH_CLIENT_ID}`),
          clientId: DEMO_OAUTH_CLIENT_ID,
          appId,
          name: 'Demo OAuth App',
          type: 'public',
          redirectUris: [DEMO_OAUTH_REDIRECT_URI],
          scopes: ['catalog:read', 'checkout:quote'],
        },
      ],
      skipDuplicates: true,
    });
  });
  return {
    clientId: DEMO_OAUTH_CLIENT_ID,
    clientType: 'public',
    redirectUri: DEMO_OAUTH_REDIRECT_URI,
    scopes: ['catalog:read', 'checkout:quote'],
    metadata: `${baseUrl}/.well-known/oauth-authorization-server`,
    token: `${baseUrl}/api/v1/oauth/token`,
    revoke: `${baseUrl}/api/v1/oauth/revoke`,
  };
}
