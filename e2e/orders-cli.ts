import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { laneDatabaseUrl } from './lanes';

/** The environment of an operator command against the e2e server's database (scripts/e2e-server.ts's place for it). */
export function laneCommandEnv(baseURL: string): NodeJS.ProcessEnv {
  const port = new URL(baseURL).port;
  // The lane server's own public URL (scripts/e2e-server.ts), for what a command prints with it (a notification URL).
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: new URL(baseURL).origin, PGLITE_DATA_DIR: path.join(os.tmpdir(), `sc-e2e-${port}`, 'pglite') };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else if (process.env.E2E_POSTGRES_URL) env.DATABASE_URL = laneDatabaseUrl(process.env.E2E_POSTGRES_URL, port);
  return env;
}

/** `npm run orders -- <args>` against the e2e server's database. */
export function orders(baseURL: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['node_modules/.bin/tsx', '--conditions=react-server', 'scripts/orders.ts', ...args], { env: laneCommandEnv(baseURL), encoding: 'utf8' });
}

/** "$1,234.56" / "¥1,234.56" -> 123456 (minor units). */
export const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
