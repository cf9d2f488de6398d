import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { RouteHandler } from '../lib/http/handle';
import { operationList, operations } from '../lib/operations';
import { call, expectError } from './helpers/http';
import { operationHandlers, routeModules } from './helpers/routes';

describe('route inventory', () => {
  it('maps every exported handler under app/api/v1 to exactly one operation, at its method and path', () => {
    const entries = operationHandlers();
    expect(entries.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const { file, method, handler } of entries) {
      const op = operations[handler.operationId as keyof typeof operations];
      expect(op, `${file} ${method}`).toBeDefined();
      expect(method).toBe(op.method);
      // app/api/v1/catalog/merchants/[slug]/route.ts serves /api/v1/catalog/merchants/{slug}
      const folders = file.replace(/\/route\.ts$/, '').split('/');
      const segments = op.path.split('/').filter(Boolean);
      expect(folders.length, file).toBe(segments.length);
      folders.forEach((f, i) => {
        const s = segments[i]!;
        if (s.startsWith('{')) expect(f, file).toMatch(/^\[[A-Za-z]+\]$/);
        else expect(f, file).toBe(s);
      });
      expect(seen.has(op.id), `${op.id} served twice`).toBe(false);
      seen.add(op.id);
    }
  });

  it('serves every operation of the table from a route', () => {
    const served = new Set(operationHandlers().map((e) => e.handler.operationId));
    const unserved = operationList.filter((op) => !served.has(op.id)).map((op) => op.id);
    expect(unserved).toEqual([]);
  });

  it('answers every other method with the table-derived 405 and OPTIONS with the same Allow', async () => {
    const files = Object.entries(routeModules).filter(([file]) => !file.includes('[[...path]]') && !file.includes('openapi.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const [file, mod] of files) {
      const ops = operationHandlers().filter((e) => routeModules[file] === mod && e.file === path.relative('../../app', file));
      const declared = ops.map((e) => operations[e.handler.operationId as keyof typeof operations].method);
      const allow = [...declared.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'];
      const options = await call(mod.OPTIONS as RouteHandler, { method: 'OPTIONS', path: '/api/v1/x' });
      expect(options.status, file).toBe(204);
      expect(options.headers.get('x-request-id'), file).toMatch(/^req_/);
      expect(options.headers.get('allow')!.split(', ').sort(), file).toEqual(allow.sort());
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !declared.includes(m as never))) {
        const reply = await call(mod[method] as RouteHandler, { method, path: '/api/v1/x' });
        expectError(reply, 405, 'method_not_allowed');
        expect(reply.headers.get('allow'), `${file} ${method}`).toBe(options.headers.get('allow'));
      }
    }
  });

  it('exports no method a route does not declare except the enveloped fallbacks', () => {
    for (const [file, mod] of Object.entries(routeModules)) {
      for (const [name, value] of Object.entries(mod)) {
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(name)) continue;
        const isOperation = typeof value === 'function' && 'operationId' in value;
        const isFallback = typeof value === 'function' && 'fallback' in value;
        const isDocument = typeof value === 'function' && 'documentRoute' in value;
        expect(isOperation || isFallback || isDocument, `${file} ${name}`).toBe(true);
      }
    }
  });
});
