import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processGroupAlive, until } from './helpers/wait';

/**
 * `npm run dev` as an editor's run button, a process manager or `kill <pid>` stops it: SIGTERM goes
 * to npm alone, not to its process group. npm passes it to its child; when that child was a shell
 * running `next dev` after the database set-up, the shell died and `next dev` (with its server)
 * kept running on the port, holding the embedded database and `.next/dev`, so the next
 * `npm run dev` refused to start ("Another next dev server is already running") or talked to the
 * old code. The script ends in `exec next dev`: npm's child is next itself.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sc-dev-launcher-'));
// Next wants its build folder inside the project.
const distDir = `.next-test-dev-${process.pid}`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

describe('npm run dev under its launcher', () => {
  it('SIGTERM to the npm process stops next dev and its server: the port closes, nothing of the tree is left', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const npm = spawn('npm', ['run', '--silent', 'dev', '--', '-p', String(port)], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        NEXT_DIST_DIR: distDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: what is left of the tree afterwards can be found
    });
    let out = '';
    npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    const groupAlive = () => processGroupAlive(npm.pid!);
    try {
      await until(health, 150_000, `next dev on ${port}: ${out.slice(-2000)}`);
      process.kill(npm.pid!, 'SIGTERM');
      await exited;
      await until(() => !groupAlive(), 15_000, 'the process group to exit');
      expect(await health()).toBe(false);
    } finally {
      if (groupAlive()) process.kill(-npm.pid!, 'SIGKILL');
    }
  }, 200_000);
});
