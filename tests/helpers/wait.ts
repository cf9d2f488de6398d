import { readdirSync, readFileSync } from 'node:fs';

/** Polls `cond` every 50 ms until it holds; throws after `ms`, naming `what`. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 20_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether any process of the process group `pgid` (a child spawned `detached`) is still alive. */
export function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The processes descended from `pid` now (Linux: /proc), in whatever process group: children
 * spawned `detached` lead groups of their own, which processGroupAlive(pid) does not see.
 */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length; ) {
    const next = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** Whether process `pid` still runs (a zombie, exited but not yet reaped, does not). */
export function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
