import 'server-only';
import type { Db } from '../db/client';
import { deleteReturnOrigin, installationExists, listReturnOrigins } from './data';
import { allowReturnOrigin } from './return-urls';

export const ORIGINS_USAGE = `Usage: npm run checkout:origins -- <command>
  list <installationId>             the origins shoppers may be sent back to
  add <installationId> <origin>     allow an origin (https://shop.example; http only for localhost outside production)
  remove <installationId> <origin>  stop allowing it (sessions created before keep their URLs)`;

export class OriginsUsageError extends Error {}

/** The operator command behind `npm run checkout:origins`; returns what to print. */
export async function runOriginsCommand(argv: readonly string[], db: Db): Promise<string> {
  const [command, installationId, origin] = argv;
  if (!installationId || !/^[0-9a-f-]{36}$/i.test(installationId)) throw new OriginsUsageError(ORIGINS_USAGE);
  if (!(await installationExists(db, installationId))) throw new OriginsUsageError(`No installation ${installationId}.`);
  if (command === 'list') {
    const origins = await listReturnOrigins(db, installationId);
    return origins.length ? origins.join('\n') : '(no return origins: every session creation is refused with 400 return_url_not_allowed)';
  }
  if (!origin) throw new OriginsUsageError(ORIGINS_USAGE);
  if (command === 'add') {
    try {
      return `allowed ${await allowReturnOrigin(db, installationId, origin)}`;
    } catch (err) {
      throw new OriginsUsageError((err as Error).message);
    }
  }
  if (command === 'remove') {
    const normalized = URL.canParse(origin) ? new URL(origin).origin : origin;
    return (await deleteReturnOrigin(db, installationId, normalized)) ? `removed ${normalized}` : `${normalized} was not allowed`;
  }
  throw new OriginsUsageError(ORIGINS_USAGE);
}
