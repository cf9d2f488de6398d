import { type IncomingHttpHeaders, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };
export type Reply = { status: number; body?: string; delayMs?: number; hang?: boolean; headers?: Record<string, string> };

/**
 * A real webhook receiver on the loopback (ports 3440-3449, else any): records every request
 * and answers what `respond` says (status, body, delay, or never).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  respond: (req: Received, index: number) => Reply = () => ({ status: 200, body: 'ok' });
  private server: Server | null = null;
  private sockets = new Set<import('node:net').Socket>();
  port = 0;

  async start(): Promise<this> {
    for (const port of [3440, 3441, 3442, 3443, 3444, 3445, 3446, 3447, 3448, 3449, 0]) {
      try {
        await this.listen(port);
        return this;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      }
    }
    throw new Error('no port for the webhook receiver');
  }

  private listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const entry = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(entry);
        const reply = this.respond(entry, this.received.length - 1);
        if (reply.hang) return;
        setTimeout(() => {
          res.statusCode = reply.status;
          for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
          res.end(reply.body ?? '');
        }, reply.delayMs ?? 0);
      });
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.server = server;
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/storefront`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Verifies a received delivery with the standardwebhooks library and one secret; returns the parsed message or throws. */
export function verifyWith(secret: string, r: Received): any {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
}
