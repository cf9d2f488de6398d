// getInstallationCredentialIdentity: GET /api/v1/open/installation/identity
import { storeDirectory } from '@/lib/catalog/store-directory';
import { getInstallationCredentialIdentity } from '@/lib/credentials/get-installation-credential-identity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { readAccessTokenFacts } from '@/lib/oauth/data';

const sources = { stores: storeDirectory, accessToken: readAccessTokenFacts };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInstallationCredentialIdentity, (_input, ctx) => getInstallationCredentialIdentity(ctx, sources)),
);
