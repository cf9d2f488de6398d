// getInstallationCredentialReadiness: GET /api/v1/open/installation/readiness
import { getInstallationCredentialReadiness } from '@/lib/credentials/get-installation-credential-readiness';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getInstallationCredentialReadiness, (_input, ctx) => getInstallationCredentialReadiness(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
