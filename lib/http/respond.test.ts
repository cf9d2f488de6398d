import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { errorResponse } from './respond';

describe('errorResponse', () => {
  it('renders an ApiError as a PublicErrorResponse with the request id', async () => {
    const res = errorResponse(new ApiError('cart_not_active', { details: { state: 'completed' } }), 'req_abc');
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
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = errorResponse(new Error('SELECT secret FROM keys failed'), 'req_x');
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answers 503 service_unavailable, retryable, when the database cannot be reached', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = errorResponse(Object.assign(new Error("Can't reach database server"), { code: 'P1001' }), 'req_y');
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(res.headers.get('retry-after')).toBe('1');
    log.mockRestore();
  });

  it('adds WWW-Authenticate to 401s', () => {
    const res = errorResponse(new ApiError('authentication_required'), 'req_z');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });
});
