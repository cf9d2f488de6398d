import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/**
 * The Upstash REST protocol (POST / with one command as a JSON array, POST /pipeline with
 * several; base64 results when asked) served over a real Redis, because no Upstash server is
 * reachable here and no npm package serves the protocol. Every command runs on the real Redis;
 * the only change is dropping the Upstash-only `#!lua flags=allow-key-locking` line that stock
 * Redis refuses (so EVALSHA of those scripts misses and the client falls back to EVAL).
 */
export async function startUpstashRestShim(redisUrl: string): Promise<{ url: string; token: string; close: () => Promise<void> }> {
  const redis = new Redis(redisUrl);
  const token = 'shim-token';
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'Unauthorized' });
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    const run = async (command: unknown[]) => {
      const [name, ...args] = command.map(String);
      if (name!.toLowerCase() === 'eval') args[0] = args[0]!.replace(/^#!lua[^\n]*\n/, '');
      try {
        return { result: encode(await redis.call(name!, ...args), base64) };
      } catch (err) {
        return { error: (err as Error).message };
      }
    };
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
    if (req.url === '/pipeline' || req.url === '/multi-exec') {
      const results = [];
      for (const command of body as unknown[][]) results.push(await run(command));
      return reply(200, results);
    }
    const one = await run(body);
    return reply('error' in one ? 400 : 200, one);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}

function encode(value: unknown, base64: boolean): unknown {
  if (!base64) return value;
  if (typeof value === 'string') return Buffer.from(value, 'utf8').toString('base64');
  if (Array.isArray(value)) return value.map((v) => encode(v, base64));
  return value;
}
