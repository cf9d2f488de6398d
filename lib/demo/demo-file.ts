import path from 'node:path';
import { type Config, config, defaultPgliteDataDir } from '../platform/config';

/**
 * Where `npm run db:seed` writes the demo facts (keys, passwords, links): `.data/demo.json` for
 * PostgreSQL and for the default embedded database, beside any other data directory
 * (`<dir>.demo.json`), so that seeding a second directory never overwrites the first one's facts.
 */
export function demoFile(settings: Pick<Config, 'DATABASE_URL' | 'pgliteDataDir'> = config()): string {
  if (settings.DATABASE_URL || settings.pgliteDataDir === defaultPgliteDataDir()) {
    return path.join(path.dirname(defaultPgliteDataDir()), 'demo.json');
  }
  return `${settings.pgliteDataDir}.demo.json`;
}
