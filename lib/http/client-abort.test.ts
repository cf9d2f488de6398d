import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { logger } from '../platform/logger';
import { defineOperation } from '../operations/types';
import { dataEnvelope } from '../schemas/common';
import { handle } from './handle';

const echo = defineOperation({
  id: 'echoForAbortTest',
  method: 'POST',
  path: '/api/v1/echo',
  summary: 'test',
  tag: 'test',
  stability: 'candidate',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  body: z.strictObject({ text: z.string() }),
  response: dataEnvelope(z.strictObject({ text: z.string() }), 'Echo'),
  responseName: 'Echo',
  errors: [],
});

afterEach(() => vi.restoreAllMocks());

describe('a client that closes the connection mid-body', () => {
  it('gets a 400 envelope, and is logged at info without a stack trace, not as an error', async () => {
    const error = vi.spyOn(logger, 'error');
    const info = vi.spyOn(logger, 'info');
    const service = vi.fn(async (input: { body: { text: string } }) => input.body);
    const route = handle(echo, service);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"text":"hel'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const req = new Request('http://localhost/api/v1/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const res = await route(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.code).toBe('invalid_json');
    expect(json.error.issues[0]).toMatchObject({ path: 'body', code: 'incomplete' });
    expect(res.headers.get('x-request-id')).toBe(json.error.requestId);
    expect(service).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    const logged = info.mock.calls.find((c) => String(c[1]).includes('client closed the connection'));
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
