import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './test';
import { packSdk, QUICK_START_OUTPUT, runQuickStart, scratchProject, type Scratch } from '../tests/helpers/sdk-package';
import { e2eDemoFile } from './demo-file';

/**
 * The SDK as an app builder uses it, against the production build the browser tests serve (on
 * its seeded embedded database): packed, installed into a project of its own, and its README's
 * quick start run with the demo key and webhook secret. No browser is involved.
 */

type Demo = {
  apiKeys: { keys: { name: string; key: string }[] };
  webhooks: { endpointId: string; secret: string };
};

test('the packed SDK’s quick start runs against the production build', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const demo = JSON.parse(readFileSync(e2eDemoFile(baseURL!), 'utf8')) as Demo;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sc-sdk-e2e-'));
  let scratch: Scratch | undefined;
  try {
    const packed = await packSdk(workDir);
    scratch = await scratchProject(packed.tarball);
    const lines = await runQuickStart(scratch, {
      baseUrl: baseURL!,
      apiKey: demo.apiKeys.keys.find((k) => k.name === 'demo-all-scopes')!.key,
      webhookSecret: demo.webhooks.secret,
      webhookEndpointId: demo.webhooks.endpointId,
    });
    expect(lines).toHaveLength(QUICK_START_OUTPUT.length);
    QUICK_START_OUTPUT.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  } finally {
    await scratch?.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
});
