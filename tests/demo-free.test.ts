import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * A deployment without the demo seed serves its own stores and contract: the operation table, the
 * pipeline, the pages and their components never import the demo seed (lib/demo). Only the
 * OpenAPI document's example requests name demo rows, since they are what /docs tries on it.
 */
const demoFree = ['lib/operations', 'lib/http', 'lib/openapi', 'lib/storefront', 'app', 'components', 'proxy.ts', 'instrumentation.ts'];
const allowed = new Set(['lib/openapi/examples.ts']);

function sourceFiles(rel: string): string[] {
  const full = path.join(root, rel);
  if (/\.(ts|tsx|mts|mjs)$/.test(rel)) return [rel];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(rel, e.name)) : /\.(ts|tsx|mts|mjs)$/.test(e.name) ? [path.join(rel, e.name)] : [],
  );
}

const demoImport = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]*\/demo(?:\/[^'"]*)?)['"]/g;

describe('the contract and the pages hold no demo data', () => {
  it('imports lib/demo nowhere in the table, pipeline, document, pages or components', () => {
    const files = demoFree.flatMap(sourceFiles).filter((f) => !allowed.has(f) && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(50);
    const offending = files.flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(demoImport)].map((m) => `${f}: ${m[1]}`));
    expect(offending).toEqual([]);
  });

  it('catches such an import', () => {
    const samples = ["import { demoMerchants } from '@/lib/demo/catalog-data';", "import { X } from '../demo/carts';", "await import('../../lib/demo')"];
    for (const s of samples) expect([...s.matchAll(demoImport)], s).toHaveLength(1);
    expect([..."import { x } from './demo-helpers';".matchAll(demoImport)]).toHaveLength(0);
  });
});
