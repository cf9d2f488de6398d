import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxBinary, renderNginxConf } from '../scripts/stack-topology';

/** deploy/: the nginx template renders, nginx accepts it, and the compose file's copy is the template's. */
const compose = () => renderNginxConf({ listen: '8080', upstreams: ['app1:3000', 'app2:3000'], runDir: '/tmp' });

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
});
