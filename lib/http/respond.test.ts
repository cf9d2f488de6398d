import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { errorResponse } from './respond';
import { captureLogs } from '../platform/logger';

describe('errorResponse', () => {
  it('renders an ServiceError as a PublicErrorResponse with the request id', async () => {
    const res = errorResponse(new ServiceError('cart_not_active', { details: { state: 'completed' } }), 'req_abc');
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({
      error: {
        code: 'cart_not_active',
        message: 'The cart is not active and cannot be changed.',
        status: 409,
        requestId: 'req_abc',
        retryable: false,
        details: { state: 'completed' },
      },
    });
  });

  it('hides internals of unexpected errors behind 500 internal_error', async () => {
    const log = captureLogs();
    const res = errorResponse(new Error('SELECT secret FROM keys failed'), 'req_x');
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(log.lines.length).toBeGreaterThan(0);
    log.restore();
  });

  it('answers 503 service_unavailable, retryable, when the database cannot be reached', async () => {
    const log = captureLogs();
    const res = errorResponse(Object.assign(new Error("Can't reach database server"), { code: 'P1001' }), 'req_y');
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(res.headers.get('retry-after')).toBe('1');
    log.restore();
  });

  it('adds WWW-Authenticate to 401s', () => {
    const res = errorResponse(new ServiceError('authentication_required'), 'req_z');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });
});
