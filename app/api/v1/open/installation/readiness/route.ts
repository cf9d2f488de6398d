// getInstallationCredentialReadiness: GET /api/v1/open/installation/readiness
import { getInstallationCredentialReadiness } from '@/lib/credentials/get-installation-credential-readiness';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInstallationCredentialReadiness, (_input, ctx) => getInstallationCredentialReadiness(ctx)),
);
