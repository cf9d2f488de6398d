import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGINS_USAGE } from '@/lib/checkout/origins-command';
import { PAYMENTS_USAGE } from '@/lib/checkout/payments/payments-command';
import { KEYS_USAGE } from '@/lib/credentials/keys-command';
import { MERCHANT_USERS_USAGE } from '@/lib/merchant-users/merchant-users-command';
import { OAUTH_USAGE } from '@/lib/oauth/oauth-command';
import { MAIL_USAGE } from '@/lib/notifications/mail-command';
import { ORDERS_USAGE } from '@/lib/orders/orders-command';
import { WEBHOOKS_USAGE } from '@/lib/webhooks/webhooks-command';

/**
 * Every operator command reads its arguments one way (lib/platform/cli.ts): `--help` prints the
 * usage and exits 0, no arguments print it and exit 2, a mistaken option is named, followed by the
 * usage, with exit code 2; none of that touches the database.
 */
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'sc-commands-'));
const dataDir = path.join(work, 'pglite');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { DATABASE_URL: _db, ...inherited } = process.env as Record<string, string | undefined>;

function run(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'test', PGLITE_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('operator commands', () => {
  it.each([
    ['keys.ts', KEYS_USAGE],
    ['oauth.ts', OAUTH_USAGE],
    ['merchant-users.ts', MERCHANT_USERS_USAGE],
    ['webhooks.ts', WEBHOOKS_USAGE],
    ['orders.ts', ORDERS_USAGE],
    ['mail.ts', MAIL_USAGE],
    ['checkout-origins.ts', ORIGINS_USAGE],
    ['payments.ts', PAYMENTS_USAGE],
  ])('%s --help prints its usage and exits 0', (script, usage) => {
    expect(run(script, '--help')).toEqual({ status: 0, stdout: `${usage}\n`, stderr: '' });
  });

  it('without arguments print the usage and exit 2', () => {
    expect(run('webhooks.ts')).toEqual({ status: 2, stdout: '', stderr: `${WEBHOOKS_USAGE}\n` });
  });

  it('name an option they do not take, or one missing its value, then the usage; exit 2, no stack trace', () => {
    expect(run('keys.ts', 'list', '--merchnat', 'lumen-audio')).toEqual({ status: 2, stdout: '', stderr: `unknown option --merchnat\n\n${KEYS_USAGE}\n` });
    expect(run('orders.ts', 'ship', 'SO-1', '--carrier')).toEqual({ status: 2, stdout: '', stderr: `--carrier needs a value\n\n${ORDERS_USAGE}\n` });
    const decoration = run('decoration.ts', 'export', 'lumen-audio', '--force');
    expect(decoration.status).toBe(2);
    expect(decoration.stderr).toMatch(/^unknown option --force\n\nUsage: npm run decoration:<command> -- <store> \[arguments\]\n/);
    expect(run('decoration.ts', 'publish', 'lumen-audio')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^Usage: npm run decoration:/) });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('say what failed in a sentence, with the exit code of the failure', { timeout: 180_000 }, () => {
    expect(run('decoration.ts', 'history', 'no-such-store')).toEqual({ status: 1, stdout: '', stderr: 'Refused: No store exists with this slug.\n' });
    expect(run('keys.ts', 'roll')).toEqual({ status: 2, stdout: '', stderr: 'roll needs a key id\n' });
  });
});
