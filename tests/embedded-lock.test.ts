import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireLock, lockPath, readLock } from '@/lib/db/embedded';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'sc-embedded-'));
const dataDir = path.join(work, 'pglite');
// The children use the embedded default: no DATABASE_URL, whatever the test run has.
const { DATABASE_URL: _unused, ...inherited } = process.env as Record<string, string | undefined>;
const env: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'test', PGLITE_DATA_DIR: dataDir, API_KEY_SECRET: 'embedded-lock-test-secret-0123456789abcdef' };
const node = (script: string, args: string[] = []) => [
  '--conditions=react-server',
  '--import',
  'tsx',
  path.join(root, script),
  ...args,
];
const holders: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const h of holders) h.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** The stand-in server: resolves once it owns the database, with a way to ask it what it sees. */
async function startServer(overrides: Record<string, string> = {}) {
  const child = spawn(process.execPath, node('tests/helpers/hold-embedded-db.ts'), { cwd: root, env: { ...env, ...overrides } });
  holders.push(child);
  const lines = createInterface({ input: child.stdout });
  const pending: ((line: string) => void)[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? resolve() : pending.shift()?.(line)));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  await ready;
  const ask = (line: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      pending.push((answer) => resolve(JSON.parse(answer) as Record<string, unknown>));
      child.stdin.write(`${line}\n`);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.on('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, ask, stop };
}

function command(script: string, args: string[], overrides: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, node(script, args), { cwd: root, env: { ...env, ...overrides }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the embedded database has one owner', () => {
  it('refuses a second opener in-process, naming the holder; takes over a lock whose process is gone', () => {
    const dir = path.join(work, 'unit');
    const lock = acquireLock(dir);
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireLock(dir)).toThrow(`in use by process ${process.pid}`);
    lock.release();
    expect(readLock(dir)).toBeNull();

    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lockPath(dir), JSON.stringify({ ...lock.info, pid: Number(gone.stdout) }));
    expect(readLock(dir)).toBeNull(); // stale
    const again = acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    again.release();
  });

  it('operator commands write through the running server, a second server is refused, and a restart loses nothing', { timeout: 180_000 }, async () => {
    const server = await startServer();
    expect(readLock(dataDir)).toMatchObject({ pid: server.child.pid, socketDir: expect.any(String) });
    expect(await server.ask('seed')).toEqual({ done: 'seed' });
    expect(await server.ask('state huaxia-digital')).toEqual({ liveVersion: 1, apiKeys: expect.any(Number) });
    const keysBefore = (await server.ask('state huaxia-digital')).apiKeys as number;

    // Commands while the server runs: they reach its database, and the server sees their writes at once.
    const draft = path.join(work, 'draft.json');
    expect(command('scripts/decoration.ts', ['export', 'huaxia-digital', draft]).status).toBe(0);
    const published = command('scripts/decoration.ts', ['publish', 'huaxia-digital', draft]);
    expect(published.out).toContain('version 2');
    expect(published.status).toBe(0);
    const created = command('scripts/keys.ts', ['create', '--merchant', 'lumen-audio', '--scopes', 'catalog:read']);
    expect(created.out).toContain('sk_test_');
    expect(created.status).toBe(0);
    expect(await server.ask('state huaxia-digital')).toEqual({ liveVersion: 2, apiKeys: keysBefore + 1 });

    // The server writes after the commands did (the cart that used to vanish).
    expect(await server.ask('keys create --merchant maison-atelier --scopes catalog:read')).toEqual({ done: 'keys' });

    // A second server on the same directory is refused, saying who holds it.
    const second = spawnSync(process.execPath, node('tests/helpers/hold-embedded-db.ts'), { cwd: root, env, encoding: 'utf8' });
    expect(second.status).toBe(3);
    expect(second.stderr).toContain(`is in use by process ${server.child.pid}`);
    expect(second.stderr).toContain('hold-embedded-db.ts');

    // Restart: everything written by the commands and by the server is there.
    await server.stop();
    expect(readLock(dataDir)).toBeNull();
    const restarted = await startServer();
    expect(await restarted.ask('state huaxia-digital')).toEqual({ liveVersion: 2, apiKeys: keysBefore + 2 });
    await restarted.stop();
  });

  it('takes a relative PGLITE_DATA_DIR from the project folder: the server reaches its own socket, and commands find it', { timeout: 120_000 }, async () => {
    const absolute = path.join(work, 'relative', 'pglite');
    const relative = { PGLITE_DATA_DIR: path.relative(root, absolute) };
    const server = await startServer(relative);
    expect(readLock(absolute)).toMatchObject({ pid: server.child.pid, socketDir: `${absolute}.sock` });
    expect(await server.ask('state huaxia-digital')).toEqual({ liveVersion: null, apiKeys: 0 });
    const listed = command('scripts/keys.ts', ['list'], relative);
    expect(listed.out).toContain('No API keys.');
    expect(listed.status).toBe(0);
    await server.stop();
  });
});
