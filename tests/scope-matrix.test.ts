import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateApiKey } from '../lib/credentials/api-key-format';
import { revokeApiKey } from '../lib/credentials/revoke-api-key';
import { getDb } from '../lib/db/client';
import { operationList } from '../lib/operations';
import { type Scope, scopes as allScopes } from '../lib/core/scopes';
import type { OperationDef } from '../lib/operations/types';
import { type Reply, call, expectError } from './helpers/http';
import { bearer, createTestCredential, createTestKey } from './helpers/keys';
import { handlerFor } from './helpers/routes';
import { createServiceContext } from '../lib/core/context';
import { operationExamples } from '../lib/openapi/examples';
import { reloadConfig } from '../lib/platform/config';

/** Every API-key operation, against every kind of credential. */
const apiKeyOps = operationList.filter(
  (op): op is OperationDef & { auth: { kind: 'apiKey'; scopes: readonly Scope[] } } => op.auth.kind === 'apiKey',
);

const keys = new Map<string, string>();
const keyWith = async (scopes: readonly Scope[]) => {
  const id = [...scopes].sort().join(',');
  if (!keys.has(id)) keys.set(id, await createTestKey({ merchantSlug: 'lumen-audio', scopes, app: 'scope-matrix-app' }));
  return keys.get(id)!;
};
let bad: Record<string, Record<string, string>>;
let n = 0;

function send(op: OperationDef, headers: Record<string, string>): Promise<Reply> {
  const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, operationExamples(op.id).params?.[m[1]!] ?? 'scope-matrix']));
  return call(handlerFor(op.id), {
    method: op.method,
    params,
    headers: { ...headers, ...(op.idempotency === 'required' ? { 'idempotency-key': `scope-matrix-${n++}` } : {}) },
    body: op.body ? (operationExamples(op.id).body ?? {}) : undefined,
  });
}

beforeAll(async () => {
  // The matrix sends far more failing credentials than a real client would from one address.
  vi.stubEnv('RATE_LIMIT_AUTH_FAILURE', '100000/60');
  reloadConfig();
  const valid = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [...allScopes], app: 'scope-matrix-app' });
  const revoked = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [...allScopes], app: 'scope-matrix-app' });
  await revokeApiKey(createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1' }), { keyId: revoked.keyId });
  const expired = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [...allScopes], app: 'scope-matrix-app', expiresAt: new Date(Date.now() - 60_000) });
  bad = {
    'no key': {},
    'malformed key': bearer('sk_live_123'),
    'bad checksum': bearer(valid.key.slice(0, -2) + (valid.key.endsWith('00') ? '11' : '00')),
    'unknown key': bearer(generateApiKey('live').key),
    'revoked key': bearer(revoked.key),
    'expired key': bearer(expired),
  };
  return () => {
    vi.unstubAllEnvs();
    reloadConfig();
  };
});

describe('scope matrix', () => {
  it('covers the API-key operations that have routes', () => {
    expect(apiKeyOps.map((op) => op.id)).toEqual(expect.arrayContaining(['getInstallationCredentialIdentity', 'getInstallationCredentialReadiness']));
  });

  it.each(apiKeyOps.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const bodies = new Set<string>();
    for (const [name, headers] of Object.entries(bad)) {
      const r = await send(op, headers);
      const err = expectError(r, 401, 'authentication_required');
      expect(r.headers.get('www-authenticate'), name).toBe('Bearer');
      bodies.add(JSON.stringify({ ...err, requestId: null }));
    }
    expect(bodies.size, 'one 401 body for every bad credential').toBe(1);

    const required = op.auth.scopes;
    // Each wrong scope set: everything except one required scope.
    for (const missing of required) {
      const r = await send(op, bearer(await keyWith(allScopes.filter((s) => s !== missing))));
      const err = expectError(r, 403, 'insufficient_scope');
      expect(err.details).toEqual({ requiredScopes: [...required], missingScopes: [missing] });
    }
    // Only the other scopes: refused when something is required, enough when nothing is.
    const others = await send(op, bearer(await keyWith(allScopes.filter((s) => !required.includes(s)))));
    if (required.length) expectError(others, 403, 'insufficient_scope');
    else expect(others.status, others.text).not.toBeGreaterThanOrEqual(401);

    // The right scopes, and nothing more: past authentication and the scope check.
    const right = await send(op, bearer(await keyWith(required)));
    expect([401, 403], `${op.id}: ${right.text}`).not.toContain(right.status);
  });
});
