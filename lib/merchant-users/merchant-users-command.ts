import 'server-only';
import type { ServiceContext } from '../core/context';
import type { StoreDirectory } from '../core/stores';
import { type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { listMerchantUsers } from './data';
import { createMerchantUser, resetMerchantUserPassword } from './merchant-users';

export const MERCHANT_USERS_USAGE = `Usage: npm run merchant-users -- <command> [options]

  create          --email <email> --password <12+ chars> --merchant <slug> [--merchant <slug> ...] [--name <display name>]
  reset-password  --email <email> --password <12+ chars>     (also lifts a sign-in lock)
  list`;

/** What `npm run merchant-users` takes (for parseCommandLine, and scripts/merchant-users.ts's runCommand). */
export const MERCHANT_USERS_COMMAND = {
  usage: MERCHANT_USERS_USAGE,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    merchant: { type: 'string', multiple: true },
    name: { type: 'string' },
  },
} as const satisfies CommandSpec;

/** Runs one `npm run merchant-users` command and returns what to print; `stores` resolves store slugs (the catalog's). */
export async function runMerchantUsersCommand(argv: readonly string[], ctx: ServiceContext, stores: StoreDirectory): Promise<string> {
  const { command, values } = parseCommandLine(argv, MERCHANT_USERS_COMMAND);
  if (command === 'create') {
    if (!values.email || !values.password) throw new UsageError('create needs --email and --password');
    const user = await createMerchantUser(ctx, { email: values.email, password: values.password, displayName: values.name, merchantSlugs: values.merchant ?? [] }, stores);
    return `created ${user.email} (stores: ${user.merchantSlugs.join(', ')})`;
  }
  if (command === 'reset-password') {
    if (!values.email || !values.password) throw new UsageError('reset-password needs --email and --password');
    await resetMerchantUserPassword(ctx, { email: values.email, password: values.password });
    return `password reset for ${values.email.trim().toLowerCase()}`;
  }
  if (command === 'list') {
    const users = await listMerchantUsers(ctx.db);
    const merchants = await stores.byIds(ctx.db, [...new Set(users.flatMap((u) => u.merchantIds))]);
    const slug = (id: string) => merchants.find((m) => m.id === id)?.slug ?? id;
    return users.map((u) => `${u.email}  stores=${u.merchantIds.map(slug).join(',')}${u.lockedUntil && u.lockedUntil > ctx.now ? '  (locked)' : ''}`).join('\n') || 'no merchant users';
  }
  throw new UsageError(MERCHANT_USERS_USAGE);
}
