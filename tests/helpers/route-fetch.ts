import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeModules } from './routes';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * Next's file-system routing of app/api/v1, for tests: `[name]` is one segment, `[[...name]]`
 * any rest; a route with fewer dynamic segments wins, the catch-all comes last.
 */
const routes = Object.entries(routeModules)
  .map(([file, module]) => {
    const segments = file.replace(/^.*?\/app\//, '/').replace(/\/route\.ts$/, '').split('/').filter(Boolean);
    const names: string[] = [];
    let catchAll = false;
    const source = segments
      .map((segment) => {
        const rest = segment.match(/^\[\[\.\.\.(.+)\]\]$/);
        if (rest) {
          catchAll = true;
          names.push(rest[1]!);
          return '(?:/(.*))?';
        }
        const one = segment.match(/^\[(.+)\]$/);
        if (one) {
          names.push(one[1]!);
          return '/([^/]+)';
        }
        return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      })
      .join('');
    return { pattern: new RegExp(`^${source}/?$`), names, catchAll, module: module as Record<string, unknown> };
  })
  .sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || a.names.length - b.names.length);

/** A fetch that answers from the app's route handlers in this process, as `next start` would route them. */
export async function routeFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const route of routes) {
    const match = pathname.match(route.pattern);
    if (!match) continue;
    const handler = route.module[request.method] as Handler | undefined;
    if (typeof handler !== 'function') return new Response(null, { status: 405 });
    const params: Record<string, string | string[]> = {};
    route.names.forEach((name, i) => {
      const value = match[i + 1];
      if (value === undefined) return;
      params[name] = route.catchAll && i === route.names.length - 1 ? value.split('/').map(decodeURIComponent) : decodeURIComponent(value);
    });
    return handler(request, { params: Promise.resolve(params) });
  }
  return new Response('not found', { status: 404 });
}

/** The route handlers behind a real HTTP server on 127.0.0.1 (an ephemeral port), for clients in other processes. */
export async function startRouteServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
      const response = await routeFetch(new Request(url, { method: req.method, headers, body }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
