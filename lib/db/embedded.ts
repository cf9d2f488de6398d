import 'server-only';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';

/**
 * One process owns an embedded PGlite data directory: PGlite is a single-process database, and a
 * second opener works on its own copy of the pages (what it writes is silently lost, and it never
 * sees the owner's writes). The owner holds `<dataDir>.lock` (pid, host, command, socket) and serves
 * the database over the PostgreSQL wire protocol on a unix socket, so operator commands run while
 * the app server runs: they connect through that socket instead of opening the directory.
 */

export type LockInfo = { pid: number; host: string; command: string; startedAt: string; socketDir: string | null };

/** Thrown when another live process holds the data directory. The message says who and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
        'PGlite allows one process per data directory. Stop that process first, or set PGLITE_DATA_DIR to another directory. ' +
        'Operator commands (npm run keys, decoration:*, db:seed, db:migrate) need not wait: they connect through the running server.',
    );
    this.name = 'DataDirLockedError';
  }
}

export const lockPath = (dataDir: string) => `${dataDir}.lock`;

/** Where the owner's socket lives; pg connects with `host` = this directory (socket `.s.PGSQL.5432` inside). */
export function socketDirFor(dataDir: string): string {
  const beside = `${dataDir}.sock`;
  // Unix socket paths are limited to ~107 bytes; a deep checkout falls back to a short path in tmp.
  if (path.join(beside, '.s.PGSQL.5432').length < 100) return beside;
  return path.join(tmpdir(), `storefront-pglite-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The current holder, or null when the lock is free or stale (its process is gone). */
export function readLock(dataDir: string): LockInfo | null {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let info: LockInfo;
  try {
    info = JSON.parse(text) as LockInfo;
  } catch {
    // Written atomically (rename), so a torn file is not expected; treat it as held by an unknown live process.
    return { pid: -1, host: hostname(), command: 'unknown (unreadable lock file)', startedAt: 'unknown', socketDir: null };
  }
  if (info.host !== hostname()) return info; // another machine sharing the folder: cannot check, so it holds
  return alive(info.pid) ? info : null;
}

function writeLockAtomically(dataDir: string, info: LockInfo) {
  const tmp = `${lockPath(dataDir)}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info));
  renameSync(tmp, lockPath(dataDir));
}

export type DataDirLock = { info: LockInfo; setSocket(socketDir: string | null): void; release(): void };

/** Takes the lock or throws DataDirLockedError naming the holder. A stale lock (dead pid) is taken over. */
export function acquireLock(dataDir: string): DataDirLock {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    command: process.argv.slice(1).map((a) => path.basename(a)).join(' ') || 'node',
    startedAt: new Date().toISOString(),
    socketDir: null,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath(dataDir), 'wx', 0o600); // atomic: exactly one creator wins
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readLock(dataDir)?.pid === process.pid) unlinkSync(lockPath(dataDir));
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return {
        info,
        setSocket(socketDir) {
          info.socketDir = socketDir;
          writeLockAtomically(dataDir, info);
        },
        release,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(dataDir);
      if (holder) throw new DataDirLockedError(dataDir, holder);
      rmSync(lockPath(dataDir), { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${lockPath(dataDir)}`);
}
