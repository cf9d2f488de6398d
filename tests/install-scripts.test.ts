import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` ends without npm's "install scripts not yet covered by allowScripts" warning: every
 * installed dependency with an install script has its entry in package.json's `allowScripts`
 * (CONTRIBUTING.md, "Set-up"). npm 11.16 and newer know the field; older ones skip this file.
 */
const npm = (args: string[]) => execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const [major = 0, minor = 0] = npm(['--version']).trim().split('.').map(Number);
const knowsAllowScripts = major > 11 || (major === 11 && minor >= 16);

describe.skipIf(!knowsAllowScripts)('install scripts', () => {
  it('every dependency that has one is reviewed in allowScripts: none pending', () => {
    const { allowScripts } = JSON.parse(npm(['install-scripts', 'ls', '--json'])) as { allowScripts: { name: string }[] };
    expect(allowScripts.map((p) => p.name)).toEqual([]);
  });
});
