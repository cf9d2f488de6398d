import path from 'node:path';
import type { RouteHandler } from '../../lib/http/handle';

type Module = Record<string, unknown>;

/** Every route module under app/api/v1, keyed by its file path relative to app/. */
export const routeModules = import.meta.glob<Module>('../../app/api/v1/**/route.ts', { eager: true });

export type RouteEntry = { file: string; method: string; handler: RouteHandler };

/** Every exported operation handler (not the 405 fallbacks, not the catch-all). */
export function operationHandlers(): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const [file, mod] of Object.entries(routeModules)) {
    for (const [method, value] of Object.entries(mod)) {
      if (typeof value === 'function' && 'operationId' in value) {
        out.push({ file: path.relative('../../app', file), method, handler: value as RouteHandler });
      }
    }
  }
  return out;
}

/** The route handler serving an operation (every operation of the table has one). */
export function handlerFor(operationId: string): RouteHandler {
  const handler = operationHandlers().find((e) => e.handler.operationId === operationId)?.handler;
  if (!handler) throw new Error(`no route serves ${operationId}`);
  return handler;
}
