import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` passes `--experimental-next-config-strip-types`: Next then imports next.config.ts
 * with Node's own type stripping instead of compiling it with SWC, whose native module (and the
 * React it pulls in) cost the server 40-60 MB. Should the import fail (an import without its
 * file extension, a TypeScript-only construct), Next falls back to SWC with nothing but a warning;
 * this holds the file to what Node can load by itself.
 */
describe('next.config.ts', () => {
  it.skipIf(!process.features.typescript)('loads under Node alone, security headers included', () => {
    const script = `const { default: c } = await import(${JSON.stringify(new URL('../next.config.ts', import.meta.url).href)});
process.stdout.write(JSON.stringify(await c.headers()));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rules = JSON.parse(r.stdout) as { source: string; headers: { key: string; value: string }[] }[];
    expect(rules.find((x) => x.source === '/:path*')?.headers).toContainEqual({ key: 'X-Frame-Options', value: 'DENY' });
  });

  it.skipIf(!process.features.typescript)('stops next dev, build and start on an invalid configuration, naming the variable', () => {
    const script = `await import(${JSON.stringify(new URL('../next.config.ts', import.meta.url).href)}); process.stdout.write('loaded');`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', PUBLIC_BASE_URL: 'shop.example' },
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('PUBLIC_BASE_URL="shop.example" is invalid: expected an absolute http:// or https:// URL');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
