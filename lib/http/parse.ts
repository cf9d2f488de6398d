import type { z } from 'zod';
import { ServiceError, type ErrorIssue } from '../core/errors';
import { toIssues } from '../core/issues';
import { SafeInput } from '../schemas/common';

export const MAX_BODY_BYTES = 64 * 1024;

/** Client input through the shared string rule, then the operation's schema: any failure is a 400 with issues. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, prefix: string): z.output<T> {
  const raw = value instanceof URLSearchParams ? Object.fromEntries([...new Set(value.keys())].map((k) => [k, value.getAll(k)])) : value;
  const safe = SafeInput.safeParse(raw);
  if (!safe.success) throw new ServiceError('validation_failed', { issues: toIssues(safe.error, prefix) });
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError('validation_failed', { issues: toIssues(result.error, prefix) });
  return result.data;
}

/** Query string to an object; a repeated parameter is refused rather than silently picked. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  const issues: ErrorIssue[] = [];
  for (const [key, value] of url.searchParams) {
    if (key in out) issues.push({ path: `query.${key}`, code: 'duplicate', message: 'must be given once' });
    out[key] = value;
  }
  if (issues.length) throw new ServiceError('validation_failed', { issues });
  return out;
}

/** Reads the body as text within the size cap, without trusting Content-Length alone. */
export async function readBodyText(req: Request): Promise<string> {
  const bytes = await readBodyBytes(req, MAX_BODY_BYTES, () => new ServiceError('payload_too_large'));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * Reads the body within `limit` bytes: a declared Content-Length over it is refused before a byte
 * is read, and a body that runs over it (chunked, or lying about its length) is cancelled as soon
 * as it does, so no more than `limit` bytes are ever held.
 */
export async function readBodyBytes(req: Request, limit: number, tooLarge: () => ServiceError): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function parseJsonBody(text: string, contentType: string | null): unknown {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json' && !mediaType?.endsWith('+json')) {
    throw new ServiceError('unsupported_media_type', {
      issues: [{ path: 'body', code: 'content_type', message: 'send Content-Type: application/json' }],
    });
  }
  if (text.trim() === '') {
    throw new ServiceError('invalid_json', { issues: [{ path: 'body', code: 'required', message: 'a JSON body is required' }] });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ServiceError('invalid_json', {
      issues: [{ path: 'body', code: 'invalid_json', message: (err as Error).message }],
    });
  }
}
