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
