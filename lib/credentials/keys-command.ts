import 'server-only';
import type { ServiceContext } from '../core/context';
import { type Scope, scopes as allScopes } from '../core/scopes';
import type { StoreDirectory } from '../core/stores';
import { type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { apiKeyEnvironments, type ApiKeyEnvironment } from './api-key-format';
import { type ApiKeySummary, CredentialAdminError, OWN_INTEGRATION_APP } from './api-keys';
import { createApiKey } from './create-api-key';
import { ensureInstallation } from './ensure-installation';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { rollApiKey } from './roll-api-key';

export const KEYS_USAGE = `Usage: npm run keys -- <command> [options]

  create --merchant <slug> --scopes <a,b|all|none> [--env test|live] [--app <slug>] [--expires <90d|12h|ISO date>] [--name <label>]
         Installs the app on the store if needed (granting the scopes) and issues a key. The key is shown once.
  list   [--merchant <slug>]
  revoke <keyId | sk_..._keyId>
         Stops the key at once.
  roll   <keyId | sk_..._keyId> [--overlap <24h|0>] [--expires <...>]
         Issues a replacement; the old key keeps working for the overlap (default 24h), then stops.

  --json prints JSON. Scopes: ${allScopes.join(', ')}.`;

/** What `npm run keys` takes (for parseCommandLine, and scripts/keys.ts's runCommand). */
export const KEYS_COMMAND = {
  usage: KEYS_USAGE,
  options: {
    merchant: { type: 'string' },
    app: { type: 'string' },
    scopes: { type: 'string' },
    env: { type: 'string' },
    expires: { type: 'string' },
    name: { type: 'string' },
    overlap: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
} as const satisfies CommandSpec;

const DEFAULT_APP = OWN_INTEGRATION_APP.slug;

/**
 * Runs one `npm run keys` command and returns what to print. Stores are named by slug, which the
 * catalog (above credentials) knows: the caller passes its directory in.
 */
export async function runKeysCommand(argv: readonly string[], ctx: ServiceContext, stores: StoreDirectory): Promise<string> {
  const {
    command,
    args: [target],
    values,
  } = parseCommandLine(argv, KEYS_COMMAND);
  const out = (text: string, data: unknown) => (values.json ? JSON.stringify(data, null, 2) : text);

  switch (command) {
    case 'create': {
      if (!values.merchant) throw new UsageError('create needs --merchant <slug>');
      const scopes = parseScopes(values.scopes);
      const environment = parseEnvironment(values.env ?? 'test');
      const [store] = await stores.bySlugs(ctx.db, [values.merchant]);
      if (!store) throw new CredentialAdminError(`No store with slug ${values.merchant}`);
      const installation = await ensureInstallation(ctx, { merchantId: store.id, appSlug: values.app ?? DEFAULT_APP, scopes });
      const created = await createApiKey(ctx, {
        installationId: installation.id,
        environment,
        scopes,
        expiresAt: parseWhen(values.expires, ctx.now),
        name: values.name ?? null,
      });
      const [apiKey] = await listings(ctx, stores, [created.apiKey]);
      return out(`${created.key}\n\nShown once: store it now. Only its hash is kept.\n\n${formatKeys([apiKey!])}`, { key: created.key, apiKey });
    }
    case 'list': {
      // A slug no store has lists nothing.
      const merchantId = values.merchant === undefined ? undefined : ((await stores.bySlugs(ctx.db, [values.merchant]))[0]?.id ?? null);
      const keys = merchantId === null ? [] : await listings(ctx, stores, await listApiKeys(ctx, { merchantId }));
      return out(keys.length ? formatKeys(keys) : 'No API keys.', keys);
    }
    case 'revoke': {
      if (!target) throw new UsageError('revoke needs a key id');
      const [apiKey] = await listings(ctx, stores, [await revokeApiKey(ctx, { keyId: target })]);
      return out(`Revoked.\n\n${formatKeys([apiKey!])}`, apiKey);
    }
    case 'roll': {
      if (!target) throw new UsageError('roll needs a key id');
      const overlapSeconds = parseDuration(values.overlap ?? '24h') / 1000;
      const rolled = await rollApiKey(ctx, { keyId: target, overlapSeconds, expiresAt: parseWhen(values.expires, ctx.now) });
      const [previous, apiKey] = await listings(ctx, stores, [rolled.previous, rolled.apiKey]);
      return out(
        `${rolled.key}\n\nShown once: store it now. The old key stops at ${previous!.expiresAt?.toISOString()}.\n\n${formatKeys([previous!, apiKey!])}`,
        { key: rolled.key, apiKey, previous },
      );
    }
    default:
      throw new UsageError(KEYS_USAGE);
  }
}

function parseScopes(text: string | undefined): Scope[] {
  if (text === undefined) throw new UsageError(`--scopes is required: a comma-separated list of ${allScopes.join(', ')}, or all, or none`);
  if (text === 'all') return [...allScopes];
  if (text === 'none') return [];
  const list = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((s) => !(allScopes as readonly string[]).includes(s));
  if (unknown.length) throw new UsageError(`Unknown scopes: ${unknown.join(', ')} (known: ${allScopes.join(', ')})`);
  return list as Scope[];
}

function parseEnvironment(text: string): ApiKeyEnvironment {
  if (!(apiKeyEnvironments as readonly string[]).includes(text)) throw new UsageError('--env is test or live');
  return text as ApiKeyEnvironment;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3600_000, d: 86400_000 };

/** `90d`, `12h`, `30m`, `45s` or `0`, in milliseconds. */
export function parseDuration(text: string): number {
  if (text === '0') return 0;
  const m = /^(\d+)([smhd])$/.exec(text);
  if (!m) throw new UsageError(`"${text}" is not a duration like 90d, 12h, 30m or 45s`);
  return Number(m[1]) * UNITS[m[2]!]!;
}

/** A duration from now or an ISO date; undefined means no expiry. */
export function parseWhen(text: string | undefined, now: Date): Date | null {
  if (text === undefined) return null;
  if (/^\d+[smhd]$/.test(text)) return new Date(now.getTime() + parseDuration(text));
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text)) throw new UsageError(`"${text}" is neither a duration nor an ISO date`);
  return date;
}

/** A key as the command shows it: with its store's slug instead of the store's id. */
type ApiKeyListing = Omit<ApiKeySummary, 'merchantId'> & { merchant: string };

async function listings(ctx: ServiceContext, stores: StoreDirectory, keys: ApiKeySummary[]): Promise<ApiKeyListing[]> {
  const slugs = new Map((await stores.byIds(ctx.db, [...new Set(keys.map((k) => k.merchantId))])).map((s) => [s.id, s.slug]));
  return keys.map(({ merchantId, app, createdAt, expiresAt, lastUsedAt, rolledFromId, ...head }) => ({
    ...head,
    merchant: slugs.get(merchantId) ?? merchantId,
    app,
    createdAt,
    expiresAt,
    lastUsedAt,
    rolledFromId,
  }));
}

function formatKeys(keys: ApiKeyListing[]): string {
  const when = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');
  const rows = [
    ['KEY', 'STATUS', 'SCOPES', 'MERCHANT', 'APP', 'NAME', 'CREATED', 'EXPIRES', 'LAST USED'],
    ...keys.map((k) => [
      `${k.prefix}…${k.last4}`,
      k.status,
      k.scopes.join(',') || '-',
      k.merchant,
      k.app,
      k.name ?? '-',
      when(k.createdAt),
      when(k.expiresAt),
      when(k.lastUsedAt),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
