import { InstallationCredentialIdentity, InstallationCredentialReadiness } from '../credentials/schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

export const getInstallationCredentialIdentity = defineOperation({
  id: 'getInstallationCredentialIdentity',
  method: 'GET',
  path: '/api/v1/open/installation/identity',
  summary: 'Who this API key is',
  description:
    'The installation, app and store behind the API key in use, the key’s id, visible prefix, environment, scopes and dates. Never the secret. Try it with a demo key from `.data/demo.json`.',
  tag: 'Installation',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: [] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  response: dataEnvelope(InstallationCredentialIdentity, 'InstallationCredentialIdentityResponse'),
  responseName: 'InstallationCredentialIdentityResponse',
  errors: [],
});

export const getInstallationCredentialReadiness = defineOperation({
  id: 'getInstallationCredentialReadiness',
  method: 'GET',
  path: '/api/v1/open/installation/readiness',
  summary: 'Whether this installation is ready to go live',
  description:
    '`ready` or `action_required`, with named checks (`pass`, `warn`, `fail`) and what to do about each: key environment and expiry, scopes the app requests against those the key holds and the store granted, store access, published catalog.',
  tag: 'Installation',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: [] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  response: dataEnvelope(InstallationCredentialReadiness, 'InstallationCredentialReadinessResponse'),
  responseName: 'InstallationCredentialReadinessResponse',
  errors: [],
});

export const installationOperations = {
  getInstallationCredentialIdentity,
  getInstallationCredentialReadiness,
} as const;
