/**
 * The SDK as an app builder gets it: `npm pack` in packages/sdk (its prepack builds dist/ with
 * tsc), the tarball installed into a scratch project of its own, examples/quick-start.ts
 * type-checked there against the installed .d.ts and run with Node. Used by
 * tests/sdk-package.test.ts (route handlers) and e2e/sdk-package.spec.ts (a production build).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SDK_DIR = path.join(ROOT, 'packages', 'sdk');

/** The npm beside this Node (the one CI installs), else the one on PATH. */
const npm = existsSync(path.join(path.dirname(process.execPath), 'npm')) ? path.join(path.dirname(process.execPath), 'npm') : 'npm';
const quiet = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };

export type PackedSdk = { tarball: string; size: number; unpackedSize: number; files: string[] };

export async function packSdk(destination: string): Promise<PackedSdk> {
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', destination], { cwd: SDK_DIR, env: quiet, maxBuffer: 16 * 1024 * 1024 });
  // The prepack build may print before npm's JSON report.
  const [report] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  return { tarball: path.join(destination, report!.filename), size: report!.size, unpackedSize: report!.unpackedSize, files: report!.files.map((f) => f.path) };
}

export type Scratch = { dir: string; remove: () => Promise<void> };

/**
 * A new ESM project with the tarball installed: its dependencies come from npm's cache (which
 * the repository's `npm ci` filled), the registry only for what the cache lacks.
 */
export async function scratchProject(tarball: string): Promise<Scratch> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sc-sdk-scratch-'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'sdk-scratch', private: true, type: 'module' }, null, 2));
  await run(npm, ['install', tarball, '--prefer-offline', '--ignore-scripts', '--no-package-lock'], { cwd: dir, env: quiet });
  await copyFile(path.join(SDK_DIR, 'examples', 'quick-start.ts'), path.join(dir, 'quick-start.ts'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * tsc over the example in the scratch project: a Node app's settings (NodeNext, Node's types, no
 * DOM library), checking the package's .d.ts and its dependencies' too (no skipLibCheck).
 */
export async function typecheckQuickStart(scratch: Scratch): Promise<void> {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    },
    files: ['quick-start.ts'],
  };
  await writeFile(path.join(scratch.dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  try {
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', scratch.dir], { cwd: scratch.dir });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`the quick start does not type-check against the packed SDK:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

export type QuickStartEnv = { baseUrl: string; apiKey: string; webhookSecret: string; webhookEndpointId: string };

/** Runs the example with Node (its TypeScript types stripped), as the README says; resolves to its output lines. */
export async function runQuickStart(scratch: Scratch, env: QuickStartEnv): Promise<string[]> {
  try {
    const { stdout } = await run(process.execPath, ['--experimental-strip-types', 'quick-start.ts'], {
      cwd: scratch.dir,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        STOREFRONT_BASE_URL: env.baseUrl,
        STOREFRONT_API_KEY: env.apiKey,
        STOREFRONT_WEBHOOK_SECRET: env.webhookSecret,
        STOREFRONT_WEBHOOK_ENDPOINT_ID: env.webhookEndpointId,
      },
    });
    return stdout.trim().split('\n');
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`the quick start failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** What the quick start prints when every step worked. */
export const QUICK_START_OUTPUT: RegExp[] = [
  /^products: \d+ in the store, first ".+"$/,
  /^cart: [0-9a-f-]{36} holds 1 item\(s\), version 2$/,
  /^(order \S+ paid: \d+ (USD|CNY)|event \S+ about \S+ \S+)$/,
  /^webhook valid: 204 \(accept expected\)$/,
  /^webhook tampered_body: 400 \(reject expected\)$/,
  /^webhook stale_timestamp: 400 \(reject expected\)$/,
  /^webhook wrong_secret: 400 \(reject expected\)$/,
];
