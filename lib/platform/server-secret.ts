import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from './config';
import { logger } from './logger';
import { processWide } from './process-wide';

export function serverSecretFile(): string {
  return path.join(process.cwd(), '.data', 'api-key-secret');
}

/**
 * The pepper of API key hashes: API_KEY_SECRET, or for the embedded default a random secret
 * generated once and kept in .data/api-key-secret. Every instance that shares a database must
 * use the same secret, so a multi-instance deployment sets API_KEY_SECRET.
 */
export function getServerSecret(): Buffer {
  return processWide('api-key-secret', loadSecret);
}

function loadSecret(): Buffer {
  // Its length is checked with the rest of the configuration (at least SERVER_SECRET_MIN_LENGTH).
  const { API_KEY_SECRET: configured, DATABASE_URL } = config();
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  if (DATABASE_URL) {
    logger.warn('API_KEY_SECRET is not set: using .data/api-key-secret; instances sharing DATABASE_URL must share it');
  }
  const file = serverSecretFile();
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and hard-linked into place: link fails if another process won the race,
    // and nobody ever reads a half-written file.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, randomBytes(32).toString('base64url') + '\n', { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
  } catch (err) {
    throw new Error(`Set API_KEY_SECRET: cannot persist a generated secret at ${file} (${(err as Error).message})`);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}
