import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { variableFamilies, variables } from './config';
import { CONFIG_DOCS_END, CONFIG_DOCS_START, configurationTables, withConfigurationTables } from './config-docs';

const root = path.resolve(import.meta.dirname, '..', '..');
const readme = readFileSync(path.join(root, 'docs', 'OPERATORS.md'), 'utf8');

describe("the operators' configuration tables (docs/OPERATORS.md)", () => {
  it('are the ones the declarations make (npm run config:docs writes them)', () => {
    expect(readme, 'docs/OPERATORS.md differs from lib/platform/config.ts: run npm run config:docs').toBe(withConfigurationTables(readme));
  });

  it('list every declared variable and family once, with its default and meaning', () => {
    const block = readme.slice(readme.indexOf(CONFIG_DOCS_START), readme.indexOf(CONFIG_DOCS_END));
    const listed = [...block.matchAll(/^\| `([^`]+)` \| (.*) \| (.*) \|$/gm)].map((m) => ({ name: m[1]!, shownDefault: m[2]!, meaning: m[3]! }));
    const declared = [
      ...Object.entries(variables).map(([name, v]) => ({ name, shownDefault: v.shownDefault, meaning: v.meaning })),
      ...Object.entries(variableFamilies).map(([name, f]) => ({ name, shownDefault: f.shownDefault, meaning: f.meaning })),
    ];
    expect(listed.map((r) => r.name).sort()).toEqual(declared.map((d) => d.name).sort());
    expect(listed).toEqual(expect.arrayContaining(declared));
  });

  it('show the defaults the schema applies', () => {
    expect(configurationTables()).toContain('| `DEFAULT_MARKET` | `US` |');
    expect(configurationTables()).toContain('| `TRUSTED_PROXY_HOPS` | `0` |');
    expect(configurationTables()).toContain('| `CREDENTIAL_CACHE_MAX_ENTRIES` | `10000` |');
  });
});

/** The files whose `process.env.<NAME>` reads must name declared variables (the SDK package is a library of its own). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'generated' || name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|mjs)$/.test(name) ? [file] : [];
  });
}

describe('the declarations', () => {
  it('name every variable the app, its scripts, tests, benchmarks and browser tests read', () => {
    const files = [
      ...['app', 'components', 'lib', 'scripts', 'tests', 'e2e', 'bench'].flatMap((d) => sources(path.join(root, d))),
      ...['proxy.ts', 'instrumentation.ts', 'next.config.ts', 'playwright.config.ts', 'vitest.config.ts'].map((f) => path.join(root, f)),
    ];
    const read = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"`]([A-Z][A-Z0-9_]*)['"`]\])|stubEnv\(['"`]([A-Z][A-Z0-9_]*)/g)) read.add((m[1] ?? m[2] ?? m[3])!);
    }
    // The operating system's own, which tests pass on to the processes they start.
    const system = new Set(['PATH', 'HOME']);
    const undeclared = [...read].filter((name) => !(name in variables) && !system.has(name) && !/^RATE_LIMIT_[A-Z_]+$/.test(name));
    expect(read.size).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });
});
