import 'server-only';
import type { ServiceContext } from '../core/context';
import { type Scope, scopes as allScopes } from '../core/scopes';
import type { StoreDirectory } from '../core/stores';
import { type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { createOAuthClient } from './clients';
import { listClients } from './data';
import { revokeAppAccessBySlug } from './revoke-app-access';

export const OAUTH_USAGE = `Usage: npm run oauth -- <command> [options]

  client:create --app <slug> --name <name> --type public|confidential --redirect-uri <uri> [--redirect-uri <uri> ...]
                --scopes <a,b|all> [--client-id <id>]
         Registers an app's OAuth client (creating the app if needed). A confidential client's secret is shown once.
  client:list   Lists clients (never secrets).
  access:revoke --merchant <slug> --app <slug>
         Revokes every OAuth grant of the app on the store, with all its access and refresh tokens.

  --json prints JSON. Scopes: ${allScopes.join(', ')}.`;

/** What `npm run oauth` takes (for parseCommandLine, and scripts/oauth.ts's runCommand). */
export const OAUTH_COMMAND = {
  usage: OAUTH_USAGE,
  options: {
    app: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    scopes: { type: 'string' },
    'client-id': { type: 'string' },
    merchant: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
} as const satisfies CommandSpec;

/** Runs one `npm run oauth` command and returns what to print; `stores` resolves store slugs (the catalog's). */
export async function runOAuthCommand(argv: readonly string[], ctx: ServiceContext, stores: StoreDirectory): Promise<string> {
  const { command, values } = parseCommandLine(argv, OAUTH_COMMAND);
  if (command === 'client:create') {
    if (!values.app || !values.name) throw new UsageError('client:create needs --app and --name');
    if (values.type !== 'public' && values.type !== 'confidential') throw new UsageError('--type must be public or confidential');
    const scopes = parseScopes(values.scopes);
    const created = await createOAuthClient(ctx, {
      appSlug: values.app,
      name: values.name,
      type: values.type,
      redirectUris: values['redirect-uri'] ?? [],
      scopes,
      clientId: values['client-id'],
    });
    if (values.json) return JSON.stringify(created, null, 2);
    return [`client_id:     ${created.clientId}`, created.clientSecret ? `client_secret: ${created.clientSecret}  (shown once)` : 'public client: no secret (PKCE + DPoP)'].join('\n');
  }
  if (command === 'client:list') {
    const clients = await listClients(ctx.db);
    if (values.json) return JSON.stringify(clients, null, 2);
    return clients.map((c) => `${c.clientId}  ${c.type.padEnd(12)} ${c.name}  scopes=${c.scopes.join(',')}  redirect=${c.redirectUris.join(' ')}`).join('\n') || 'no clients';
  }
  if (command === 'access:revoke') {
    if (!values.merchant || !values.app) throw new UsageError('access:revoke needs --merchant and --app');
    const r = await revokeAppAccessBySlug(ctx, { merchantSlug: values.merchant, appSlug: values.app }, stores);
    return values.json ? JSON.stringify(r) : `revoked ${r.grantsRevoked} grant(s) and ${r.tokensRevoked} token(s)`;
  }
  throw new UsageError(OAUTH_USAGE);
}

function parseScopes(value: string | undefined): Scope[] {
  if (!value) throw new UsageError('--scopes is required (a,b or all)');
  if (value === 'all') return [...allScopes];
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((s) => !(allScopes as readonly string[]).includes(s));
  if (unknown.length) throw new UsageError(`unknown scopes: ${unknown.join(', ')}`);
  return list as Scope[];
}
