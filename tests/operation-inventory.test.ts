import { describe, expect, it } from 'vitest';
import { operations } from '../lib/operations';
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

  it('exports no method a route does not declare except the enveloped 405 fallbacks', () => {
    for (const [file, mod] of Object.entries(routeModules)) {
      for (const [name, value] of Object.entries(mod)) {
        if (file.includes('[...path]')) continue;
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(name)) continue;
        const isOperation = typeof value === 'function' && 'operationId' in value;
        const isFallback = typeof value === 'function' && 'methodNotAllowed' in value;
        const isDocument = typeof value === 'function' && 'documentRoute' in value;
        expect(isOperation || isFallback || isDocument, `${file} ${name}`).toBe(true);
      }
    }
  });
});
