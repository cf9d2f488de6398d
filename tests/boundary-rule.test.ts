import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/**
 * The boundary rule (.dependency-cruiser.cjs, run by `npm run lint`) is proved here: each kind of
 * forbidden import is planted in a file of its own, and the rule must name every one; without
 * them it passes. The plants type-check and lint clean, so a type check or ESLint running beside
 * this test is not disturbed by them while they exist.
 */
/** `partOf`: the second file of a cycle, reported inside its first file's finding. */
type Plant = { kind: string; file: string; code: string; rule: string; partOf?: string };

function plants(tag: string): Plant[] {
  const f = (dir: string, ext = 'ts') => `${dir}/boundary-probe-${tag}.${ext}`;
  return [
    { kind: 'a lower domain imports a higher one', file: f('lib/catalog'), rule: 'layer-catalog', code: "export { orderStates } from '../orders/states';\n" },
    { kind: 'a .tsx file in a domain imports the pipeline', file: f('lib/carts', 'tsx'), rule: 'layer-carts', code: "export { JSON_TYPE } from '@/lib/http/respond';\n" },
    { kind: 'an .mjs module in lib/db imports lib/core', file: f('lib/db', 'mjs'), rule: 'layer-db', code: "export { errorCodes } from '../core/errors';\n" },
    { kind: 'a dynamic import() of a higher domain', file: f('lib/orders'), rule: 'layer-orders', code: "export const load = () => import('../checkout/sessions');\n" },
    { kind: 'a type-only import into lib/core', file: f('lib/core'), rule: 'layer-core', code: "export type { OrderState } from '../orders/states';\n" },
    { kind: 'a service imports a page of app/', file: f('lib/webhooks'), rule: 'layer-webhooks', code: "import type * as Home from '@/app/page';\nexport type HomeModule = typeof Home;\n" },
    { kind: 'a service imports proxy.ts', file: f('lib/checkout'), rule: 'layer-checkout', code: "import type * as Proxy from '../../proxy';\nexport type ProxyModule = typeof Proxy;\n" },
    { kind: 'page support imports a component', file: f('lib/storefront'), rule: 'layer-storefront', code: "import type * as Cart from '@/components/storefront/add-to-cart';\nexport type CartModule = typeof Cart;\n" },
    { kind: 'a service imports React', file: f('lib/decoration'), rule: 'services-are-framework-free', code: "export { useState } from 'react';\n" },
    { kind: 'shipped code imports an operator script', file: f('lib/jobs'), rule: 'shipped-code-imports-no-tooling', code: "import type * as Worker from '../../scripts/worker';\nexport type WorkerModule = typeof Worker;\n" },
    { kind: 'an operator script imports a page', file: f('scripts'), rule: 'scripts-stay-below-pages', code: "import type * as Home from '../app/page';\nexport type HomeModule = typeof Home;\n" },
    { kind: 'a page imports the demo seed', file: f('app'), rule: 'demo-is-seed-data', code: "import type * as Ids from '@/lib/demo/ids';\nexport type IdsModule = typeof Ids;\n" },
    { kind: 'a type-only cycle between two files', file: `lib/search/boundary-probe-${tag}-a.ts`, rule: 'no-circular', code: `import type { B } from './boundary-probe-${tag}-b';\nexport type A = { b?: B };\n` },
    { kind: 'the other half of the cycle', file: `lib/search/boundary-probe-${tag}-b.ts`, rule: 'no-circular', partOf: `lib/search/boundary-probe-${tag}-a.ts`, code: `import type { A } from './boundary-probe-${tag}-a';\nexport type B = { a?: A };\n` },
  ];
}

/** What `npm run lint` runs after ESLint: the boundary rule over the whole tree. */
async function boundaries(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'lint:boundaries'], { cwd: root, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('the boundary rule', () => {
  it('is part of npm run lint', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toContain('npm run lint:boundaries');
    expect(scripts['lint:boundaries']).toMatch(/depcruise .*app components lib scripts proxy\.ts/);
  });

  it('names every kind of forbidden import planted in the tree, and passes once they are gone', async () => {
    const planted = plants(randomBytes(4).toString('hex'));
    try {
      for (const p of planted) writeFileSync(path.join(root, p.file), p.code);
      const failing = await boundaries();
      expect(failing.code, failing.output).not.toBe(0);
      const lines = failing.output.split('\n');
      for (const p of planted) {
        if (p.partOf) {
          expect(failing.output).toContain(p.file);
          continue;
        }
        const named = lines.some((line) => line.includes(p.rule) && line.includes(p.file));
        expect(named, `${p.kind}: expected "${p.rule}" naming ${p.file} in\n${failing.output}`).toBe(true);
      }
    } finally {
      for (const p of planted) rmSync(path.join(root, p.file), { force: true });
    }
    const clean = await boundaries();
    expect(clean.output).not.toContain('boundary-probe');
    expect(clean.code, clean.output).toBe(0);
  }, 60_000);
});
