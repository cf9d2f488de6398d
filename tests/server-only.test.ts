import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const marker = /^import 'server-only';$/m;

function serviceFiles(): string[] {
  const out: string[] = [];
  for (const domain of readdirSync(path.join(root, 'lib'), { withFileTypes: true })) {
    // lib/http is the HTTP layer, lib/generated is Prisma's output; every other folder is a domain.
    if (!domain.isDirectory() || domain.name === 'http' || domain.name === 'generated') continue;
    for (const file of readdirSync(path.join(root, 'lib', domain.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const rel = path.join('lib', domain.name, file);
      // A service: an exported function whose first parameter is the ServiceContext.
      if (/export (async )?function \w+\(\s*ctx: ServiceContext/.test(readFileSync(path.join(root, rel), 'utf8'))) out.push(rel);
    }
  }
  return out;
}

describe('server-only markers', () => {
  it('marks every service, the operation table, the context constructor and the database client', () => {
    const files = [...serviceFiles(), 'lib/operations/index.ts', 'lib/core/context.ts', 'lib/db/client.ts'];
    expect(files.length).toBeGreaterThan(25);
    const unmarked = files.filter((f) => !marker.test(readFileSync(path.join(root, f), 'utf8')));
    expect(unmarked).toEqual([]);
  });

  it('the marker throws outside the react-server condition and is empty inside it (Next server bundles, tsx scripts)', () => {
    const load = (args: string[]) =>
      spawnSync(process.execPath, [...args, '--input-type=module', '-e', "await import('server-only')"], { cwd: root, encoding: 'utf8' });
    const client = load([]);
    expect(client.status).not.toBe(0);
    expect(client.stderr).toContain('cannot be imported from a Client Component module');
    const server = load(['--conditions=react-server']);
    expect(server.stderr).toBe('');
    expect(server.status).toBe(0);
  });

  it('every tsx script in package.json runs with the react-server condition', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const bare = Object.entries(scripts).filter(
      ([, cmd]) => /(?<!--import )\btsx (?!--conditions=react-server)/.test(cmd) || (/--import tsx\b/.test(cmd) && !/--conditions=react-server/.test(cmd)),
    );
    expect(bare).toEqual([]);
  });
});
