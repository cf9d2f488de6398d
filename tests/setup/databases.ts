import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases. With TEST_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * every test file gets a fresh database cloned from a migrated, seeded template; otherwise every
 * test file gets its own in-memory PGlite loaded from a migrated, seeded snapshot.
 */
export const serverUrl = process.env.TEST_DATABASE_URL;

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}
