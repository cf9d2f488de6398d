// getInstallationCredentialIdentity: GET /api/v1/open/installation/identity
import { getInstallationCredentialIdentity } from '@/lib/credentials/get-installation-credential-identity';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getInstallationCredentialIdentity, (_input, ctx) => getInstallationCredentialIdentity(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
