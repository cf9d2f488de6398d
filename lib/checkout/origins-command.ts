import 'server-only';
import type { Db } from '../db/client';
import { CommandError, type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { deleteReturnOrigin, installationExists, listReturnOrigins } from './data';
import { allowReturnOrigin } from './return-urls';

export const ORIGINS_USAGE = `Usage: npm run checkout:origins -- <command>
  list <installationId>             the origins shoppers may be sent back to
  add <installationId> <origin>     allow an origin (https://shop.example; http only for localhost outside production)
  remove <installationId> <origin>  stop allowing it (sessions created before keep their URLs)`;

/** What `npm run checkout:origins` takes (for parseCommandLine, and scripts/checkout-origins.ts's runCommand): no options. */
export const ORIGINS_COMMAND = { usage: ORIGINS_USAGE } as const satisfies CommandSpec;

/** The operator command behind `npm run checkout:origins`; returns what to print. */
export async function runOriginsCommand(argv: readonly string[], db: Db): Promise<string> {
  const {
    command,
    args: [installationId, origin],
  } = parseCommandLine(argv, ORIGINS_COMMAND);
  if (!installationId || !/^[0-9a-f-]{36}$/i.test(installationId)) throw new UsageError(ORIGINS_USAGE);
  if (!(await installationExists(db, installationId))) throw new CommandError(`No installation ${installationId}.`);
  if (command === 'list') {
    const origins = await listReturnOrigins(db, installationId);
    return origins.length ? origins.join('\n') : '(no return origins: every session creation is refused with 400 return_url_not_allowed)';
  }
  if (!origin) throw new UsageError(ORIGINS_USAGE);
  if (command === 'add') {
    try {
      return `allowed ${await allowReturnOrigin(db, installationId, origin)}`;
    } catch (err) {
      throw new CommandError((err as Error).message);
    }
  }
  if (command === 'remove') {
    const normalized = URL.canParse(origin) ? new URL(origin).origin : origin;
    return (await deleteReturnOrigin(db, installationId, normalized)) ? `removed ${normalized}` : `${normalized} was not allowed`;
  }
  throw new UsageError(ORIGINS_USAGE);
}
