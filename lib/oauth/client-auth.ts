import type { Db } from '../db/client';
import { readClient } from './data';
import { oauthError } from './errors';
import { constantTimeEqual, hashValue } from './tokens';

export type AuthenticatedClient = { id: string; clientId: string; appId: string; type: 'public' | 'confidential'; scopes: string[] };

/** What the client presented: the Authorization header and the body's client_id / client_secret. */
export type ClientCredentials = { authorization: string | null; clientId?: string; clientSecret?: string };

const invalidClient = (viaHeader: boolean) =>
  oauthError('invalid_client', 'Client authentication failed.', viaHeader ? { authScheme: 'Basic' } : {});

/**
 * RFC 6749 §2.3: exactly one method. `client_secret_basic` (Authorization: Basic, form-encoded
 * id and secret) or `client_secret_post` for confidential clients; `none` (client_id only) for
 * public clients. Secrets are compared as SHA-256 in constant time.
 */
export async function authenticateClient(db: Db, creds: ClientCredentials): Promise<AuthenticatedClient> {
  let clientId = creds.clientId;
  let secret = creds.clientSecret;
  const viaHeader = creds.authorization !== null;
  if (viaHeader) {
    const basic = parseBasic(creds.authorization!);
    if (!basic) throw oauthError('invalid_request', 'The Authorization header is not a valid Basic credential.');
    if (creds.clientSecret !== undefined) throw oauthError('invalid_request', 'Use one client authentication method, not Basic and client_secret together.');
    if (clientId !== undefined && clientId !== basic.id) throw oauthError('invalid_request', 'client_id differs from the Basic credential.');
    clientId = basic.id;
    secret = basic.secret;
  }
  if (!clientId) throw invalidClient(viaHeader);
  const client = await readClient(db, clientId);
  if (!client) throw invalidClient(viaHeader);
  if (client.type === 'public') {
    if (secret !== undefined && secret !== '') throw invalidClient(viaHeader);
  } else if (secret === undefined || !client.secretHash || !constantTimeEqual(hashValue(secret), client.secretHash)) {
    throw invalidClient(viaHeader);
  }
  return { id: client.id, clientId: client.clientId, appId: client.appId, type: client.type, scopes: client.scopes };
}

/** RFC 6749 §2.3.1: base64(urlencode(id) ":" urlencode(secret)). */
function parseBasic(header: string): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return null;
  }
}
