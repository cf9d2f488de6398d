import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortBlock } from './helpers/ports';
import { processGroupAlive, until } from './helpers/wait';

/**
 * `npm run dev` as an editor's run button, a process manager or `kill <pid>` stops it: SIGTERM goes
 * to npm alone, not to its process group. npm passes it to its child; when that child was a shell
 * running `next dev` after the database set-up, the shell died and `next dev` (with its server)
 * kept running on the port, holding the embedded database and `.next/dev`, so the next
 * `npm run dev` refused to start ("Another next dev server is already running") or talked to the
 * old code. The script execs its launcher (scripts/dev.ts), which passes the signal on to `next dev`
 * and ends with it.
 *
 * The same start is the newcomer's first: the port given with `-p` is the one every printed and
 * served link names (the guide printed before the server starts, the media URLs the server
 * answers with), and the seed prints a summary and the guide, not one JSON log line per seeded
 * checkout and order.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sc-dev-launcher-'));
// Next wants its build folder inside the project.
const distDir = `.next-test-dev-${process.pid}`;
// `next dev` adds its build folder's type globs to tsconfig.json's include: put the file back, so a
// test run leaves the tree as it found it (these entries used to pile up in commits).
const tsconfig = readFileSync('tsconfig.json', 'utf8');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
  writeFileSync('tsconfig.json', tsconfig);
});

/** A newcomer's shell: no LOG_LEVEL, PUBLIC_BASE_URL or PORT, and not vitest's (whose logs default to warn). */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || ['LOG_LEVEL', 'PUBLIC_BASE_URL', 'PORT', 'TEST'].includes(name)) delete env[name];
  return env;
}

describe('npm run dev under its launcher', () => {
  it('-p: the guide and the served links name that port; the set-up prints a summary; SIGTERM to the npm process stops next dev and its server: the port closes, nothing of the tree is left', async () => {
    const port = await freePortBlock(1);
    const npm = spawn('npm', ['run', '--silent', 'dev', '--', '-p', String(port)], {
      env: {
        ...newcomerEnv(),
        NODE_ENV: 'development',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        NEXT_DIST_DIR: distDir,
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
      // Budgeted by progress: set-up, seed and next's first compile print as they go, so the wait
      // lasts while output keeps coming (a loaded host, two CI runs on one machine) and fails once
      // nothing new has come for SILENT_MS, or after MAX_MS in all.
      const SILENT_MS = 420_000;
      const MAX_MS = 600_000;
      const began = Date.now();
      let seen = out.length;
      let lastOutput = began;
      while (!(await health())) {
        if (out.length !== seen) [seen, lastOutput] = [out.length, Date.now()];
        const silent = Date.now() - lastOutput;
        if (silent > SILENT_MS || Date.now() - began > MAX_MS) {
          throw new Error(`next dev on ${port} not answering after ${Math.round((Date.now() - began) / 1000)} s, ${Math.round(silent / 1000)} s since its last output: ${out.slice(-2000)}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }

      // What came before next's banner: a few lines of summary and the guide, on the port given.
      const setup = out.slice(0, out.indexOf('Next.js')).split('\n');
      expect(setup.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(setup.find((line) => line.startsWith('Database ready:'))).toBeDefined();
      expect(setup.find((line) => line.startsWith('Demo data ready'))).toBeDefined();
      expect(setup).toContain(`  http://localhost:${port}/stores/lumen-audio  Lumen Audio`);
      expect(setup.join('\n')).not.toContain('localhost:3000');
      expect(setup.length).toBeLessThan(20);
      // The server's absolute URLs (PUBLIC_BASE_URL unset) name its port too.
      const products = await (await fetch(`http://127.0.0.1:${port}/api/v1/catalog/merchants/lumen-audio/products?pageSize=1`)).text();
      expect(products).toContain(`"http://localhost:${port}/media/`);
      expect(products).not.toContain('localhost:3000');

      process.kill(npm.pid!, 'SIGTERM');
      await exited;
      await until(() => !groupAlive(), 15_000, 'the process group to exit');
      expect(await health()).toBe(false);
    } finally {
      if (groupAlive()) process.kill(-npm.pid!, 'SIGKILL');
    }
  }, 700_000);
});
