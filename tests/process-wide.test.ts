import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * State one process shares across Next's bundled copies of a module lives in a processWide()
 * slot (lib/platform/process-wide.ts), the one place that touches globalThis. The API reference
 * page's inline browser script sets a global of the page, not of the server.
 */
const allowed = new Set(['lib/platform/process-wide.ts', 'app/docs/route.ts']);

function sourceFiles(rel: string): string[] {
  if (/\.(ts|tsx|mts|mjs)$/.test(rel)) return [rel];
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) =>
    e.name === 'generated' ? [] : e.isDirectory() ? sourceFiles(path.join(rel, e.name)) : /\.(ts|tsx|mts|mjs)$/.test(e.name) ? [path.join(rel, e.name)] : [],
  );
}

describe('process-wide state', () => {
  it('is kept through processWide(), never in hand-written globalThis slots', () => {
    const files = ['lib', 'app', 'components', 'scripts', 'proxy.ts', 'instrumentation.ts'].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offending = files.filter((f) => !allowed.has(f) && !f.endsWith('.test.ts') && /\bglobalThis\b/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offending).toEqual([]);
  });
});
