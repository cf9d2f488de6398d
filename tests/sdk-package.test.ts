import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { seedDemoCredentials } from '../lib/demo/seed-credentials';
import { seedDemoWebhooks } from '../lib/demo/webhooks';
import { startRouteServer } from './helpers/route-fetch';
import {
  packSdk,
  QUICK_START_OUTPUT,
  runQuickStart,
  scratchProject,
  SDK_DIR,
  typecheckQuickStart,
  type PackedSdk,
  type Scratch,
} from './helpers/sdk-package';

/**
 * The packed SDK: what the tarball holds, installed into a project of its own, its quick start
 * type-checked there and run against the app's route handlers behind a real HTTP server (the
 * same script runs against a production build in e2e/sdk-package.spec.ts).
 */

const run = promisify(execFile);
let workDir: string;
let packed: PackedSdk;
let scratch: Scratch;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'sc-sdk-pack-'));
  packed = await packSdk(workDir);
  scratch = await scratchProject(packed.tarball);
}, 240_000);

afterAll(async () => {
  await scratch?.remove();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the SDK tarball', () => {
  it('holds the built JavaScript, its declarations, the README and nothing else', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/generated/openapi.d.ts']));
    expect(packed.files.filter((f) => !/^(package\.json|README\.md|dist\/.+\.(js|d\.ts))$/.test(f))).toEqual([]);
    expect(packed.files.some((f) => f.includes('.test.'))).toBe(false);
    expect(packed.size).toBeLessThan(150 * 1024);
  });

  it('uses no Node.js module or global in its JavaScript, so edge runtimes can load it', async () => {
    for (const file of packed.files.filter((f) => f.endsWith('.js'))) {
      const source = await readFile(path.join(scratch.dir, 'node_modules', '@storefront-commerce', 'sdk', file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]node:|\brequire\(|\bBuffer\b|\bprocess\.|__dirname/);
    }
  });

  it('loads by its package name with its exports', async () => {
    const probe = `import * as sdk from '@storefront-commerce/sdk';
      console.log(JSON.stringify([typeof sdk.createStorefrontClient, typeof sdk.verifyWebhook, typeof sdk.StorefrontError, Object.keys(sdk.operationTable).length]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], { cwd: scratch.dir });
    const [client, verify, error, operations] = JSON.parse(stdout) as [string, string, string, number];
    expect([client, verify, error]).toEqual(['function', 'function', 'function']);
    expect(operations).toBeGreaterThanOrEqual(30);
  });

  it('type-checks the quick start against the installed declarations', async () => {
    await typecheckQuickStart(scratch);
  }, 120_000);

  it('runs the quick start against the app', async () => {
    const db = await getDb();
    const credentials = await seedDemoCredentials(db);
    const webhooks = await seedDemoWebhooks(db, credentials.installationId);
    const server = await startRouteServer();
    try {
      const lines = await runQuickStart(scratch, {
        baseUrl: server.url,
        apiKey: credentials.keys.find((k) => k.name === 'demo-all-scopes')!.key,
        webhookSecret: webhooks.secret,
        webhookEndpointId: webhooks.endpointId,
      });
      expect(lines).toHaveLength(QUICK_START_OUTPUT.length);
      QUICK_START_OUTPUT.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
    } finally {
      await server.close();
    }
  }, 120_000);

  it('is the quick start the README shows', async () => {
    const readme = await readFile(path.join(SDK_DIR, 'README.md'), 'utf8');
    const example = await readFile(path.join(SDK_DIR, 'examples', 'quick-start.ts'), 'utf8');
    expect(readme).toContain('```ts\n' + example + '```');
  });
});
