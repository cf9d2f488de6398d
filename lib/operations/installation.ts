import { pendingOperation } from './pending';

export const getInstallationCredentialIdentity = pendingOperation({
  id: 'getInstallationCredentialIdentity',
  method: 'GET',
  path: '/api/v1/open/installation/identity',
  summary: 'Who this API key is',
  tag: 'Installation',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: [] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  responseName: 'InstallationCredentialIdentityResponse',
});

export const getInstallationCredentialReadiness = pendingOperation({
  id: 'getInstallationCredentialReadiness',
  method: 'GET',
  path: '/api/v1/open/installation/readiness',
  summary: 'Whether this installation is ready to go live',
  tag: 'Installation',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: [] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  responseName: 'InstallationCredentialReadinessResponse',
});

export const installationOperations = {
  getInstallationCredentialIdentity,
  getInstallationCredentialReadiness,
} as const;
