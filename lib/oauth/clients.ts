import 'server-only';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../core/context';
import { type Scope, scopes as knownScopes } from '../core/scopes';
import { ensureApp } from '../credentials/data';
import { insertClient } from './data';
import { hashValue, newOpaqueValue } from './tokens';

export class OAuthAdminError extends Error {}

export type CreateClientInput = {
  appSlug: string;
  name: string;
  type: 'public' | 'confidential';
  redirectUris: readonly string[];
  scopes: readonly Scope[];
  /** Fixed client id (the seed's demo client); random otherwise. */
  clientId?: string;
};

/**
 * RFC 9700 §2.6 / §4.1: redirect URIs are absolute, without fragment or userinfo, and `http`
 * only for loopback hosts.
 */
export function redirectUriProblem(value: string): string | null {
  if (!URL.canParse(value)) return 'is not an absolute URL';
  const url = new URL(value);
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry userinfo';
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol === 'http:' && !loopback) return 'must use https (http only for loopback)';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be http(s)';
  return null;
}

/** Registers an app's OAuth client (creating the app if needed). The secret is returned once, stored hashed. */
export async function createOAuthClient(ctx: ServiceContext, input: CreateClientInput): Promise<{ clientId: string; clientSecret: string | null }> {
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthAdminError(`redirect URI ${uri} ${problem}`);
  }
  if (input.redirectUris.length === 0) throw new OAuthAdminError('at least one redirect URI is required');
  const unknown = input.scopes.filter((s) => !(knownScopes as readonly string[]).includes(s));
  if (unknown.length) throw new OAuthAdminError(`unknown scopes: ${unknown.join(', ')}`);
  const clientId = input.clientId ?? `sfci_${randomBytes(12).toString('base64url')}`;
  const clientSecret = input.type === 'confidential' ? newOpaqueValue('secret') : null;
  await ctx.db.$transaction(async (tx) => {
    const app = await ensureApp(tx, { slug: input.appSlug, name: input.name, requestedScopes: [...input.scopes] });
    await insertClient(tx, {
      clientId,
      appId: app.id,
      name: input.name,
      type: input.type,
      secretHash: clientSecret ? hashValue(clientSecret) : null,
      redirectUris: [...input.redirectUris],
      scopes: [...input.scopes],
    });
  });
  return { clientId, clientSecret };
}
