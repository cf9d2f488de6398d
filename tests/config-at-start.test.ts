import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * An invalid configuration stops every entry point before it does anything: the server (its
 * instrumentation hook, which `next start` and `next dev` run before serving) and the commands.
 * They print one line per problem, naming the variable, and no stack trace; exit code 1.
 */
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'sc-config-'));
const dataDir = path.join(work, 'pglite');
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The children start from a valid environment of their own (no database server, a data directory
// that must stay untouched), plus the values under test.
const { DATABASE_URL: _db, TEST_ACTIVE_DATABASE_URL: _active, ...inherited } = process.env as Record<string, string | undefined>;
const baseEnv: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'test', PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

function run(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', ...args], { cwd: root, env: { ...baseEnv, ...env }, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function expectRefused(r: ReturnType<typeof run>, ...problems: string[]) {
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('The configuration is invalid:');
  for (const p of problems) expect(r.stderr).toContain(`  ${p}\n`);
  expect(r.stderr).toContain('See "Configuration" in docs/OPERATORS.md.');
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stdout).toBe('');
  expect(existsSync(dataDir)).toBe(false);
}

describe('an invalid configuration stops each entry point at start', () => {
  it('an operator command, naming the variable, its value and what it accepts', () => {
    expectRefused(run(['scripts/keys.ts', 'list'], { DEFAULT_MARKET: 'XX' }), 'DEFAULT_MARKET="XX" is invalid: expected one of CN, US');
  });

  it('the database commands, with every problem at once and no secret repeated', () => {
    const r = run(['scripts/db-migrate.ts'], { API_KEY_SECRET: 'too-short-a-secret', TRUSTED_PROXY_HOPS: '-1', RATE_LIMIT_PUBLICK: '300/60' });
    expectRefused(
      r,
      'API_KEY_SECRET=<18 characters, not shown> is invalid: expected at least 32 characters (e.g. openssl rand -base64 48)',
      'TRUSTED_PROXY_HOPS="-1" is invalid: expected a whole number from 0 to 16',
    );
    expect(r.stderr).toContain('RATE_LIMIT_PUBLICK="300/60" is invalid: not a rate-limit policy: expected one of RATE_LIMIT_PUBLIC, ');
    expect(r.stderr).not.toContain('too-short-a-secret');
  });

  it('the worker, refusing the loopback opt-in in production', () => {
    expectRefused(
      run(['scripts/worker.ts'], { NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: '1', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }),
      'WEBHOOKS_ALLOW_LOOPBACK="1" is invalid: refused when NODE_ENV=production: webhooks never go to this machine in production',
    );
  });

  it('the server, in its instrumentation hook, before it claims the database or serves', () => {
    const hook = `const { register } = await import(${JSON.stringify(path.join(root, 'instrumentation.ts'))}); await register(); console.log('went on');`;
    expectRefused(run(['--input-type=module', '-e', hook], { NEXT_RUNTIME: 'nodejs', PGLITE_WORKER: 'maybe' }), 'PGLITE_WORKER="maybe" is invalid: expected one of on, off');
  });
});
