import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxBinary, renderNginxConf } from '../scripts/stack-topology';

/** deploy/: the nginx template renders, nginx accepts it, and the compose file's copy is the template's. */
const compose = () => renderNginxConf({ listen: '8080', upstreams: ['app1:3000', 'app2:3000'], runDir: '/tmp' });

/** The `next start` line of scripts/stack-topology.ts, its keep-alive constant written out. */
function stackStart(): string {
  const source = readFileSync(path.join('scripts', 'stack-topology.ts'), 'utf8');
  const constant = /INSTANCE_KEEPALIVE_MS = ([\d_]+)/.exec(source)?.[1]?.replaceAll('_', '');
  const line = /'start', '--experimental-next-config-strip-types'[^\n]*/.exec(source)![0];
  return line.replace('String(INSTANCE_KEEPALIVE_MS)', `'${constant}'`).replaceAll("', '", ' ');
}

describe('deploy/nginx.conf', () => {
  it('deploy/nginx.compose.conf is the template rendered for compose (UPDATE: write it again when the template changes)', () => {
    const file = path.join('deploy', 'nginx.compose.conf');
    const rendered = `# Generated from deploy/nginx.conf for compose.yaml (tests/topology-config.test.ts holds them equal).\n${compose()}`;
    if (process.env.UPDATE_NGINX_COMPOSE === '1') writeFileSync(file, rendered);
    expect(readFileSync(file, 'utf8')).toBe(rendered);
  });

  it.skipIf(!nginxBinary())('nginx accepts the rendered template', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-nginx-'));
    try {
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, renderNginxConf({ listen: '127.0.0.1:3399', upstreams: ['127.0.0.1:3398'], runDir: dir, user: process.getuid?.() === 0 ? 'root' : undefined }));
      const r = spawnSync(nginxBinary()!, ['-t', '-q', '-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every way of starting an instance keeps idle connections longer than nginx keeps its upstream ones, so nginx closes first', () => {
    // nginx reuses a kept-alive upstream connection until its `keepalive_timeout` (60 s when unset);
    // an instance closing one sooner (Node's default: 5 s) races nginx's next request on it, which
    // nginx then answers 503 if it is a POST (tests/upstream-keepalive.test.ts, docs/TOPOLOGY.md).
    const upstream = /upstream storefront_instances \{([^}]*)\}/.exec(readFileSync(path.join('deploy', 'nginx.conf'), 'utf8'))![1]!;
    const nginxMs = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1] ?? 60) * 1_000;
    const starts: Record<string, string> = {
      'package.json start': JSON.parse(readFileSync('package.json', 'utf8')).scripts.start,
      'deploy/storefront@.service': readFileSync(path.join('deploy', 'storefront@.service'), 'utf8').split('\n').find((l) => l.startsWith('ExecStart='))!,
      'deploy/Dockerfile': readFileSync(path.join('deploy', 'Dockerfile'), 'utf8').split('\n').find((l) => l.startsWith('CMD '))!.replaceAll('", "', ' '),
      'npm run stack (scripts/stack-topology.ts)': stackStart(),
    };
    const instanceMs = Object.fromEntries(Object.entries(starts).map(([where, line]) => [where, Number(/--keepAliveTimeout[ =]'?(\d+)/.exec(line)?.[1] ?? 5_000)]));
    expect(Object.entries(instanceMs).filter(([, ms]) => !(ms > nginxMs)).map(([where, ms]) => `${where}: ${ms} ms, nginx ${nginxMs} ms`)).toEqual([]);
  });
});
