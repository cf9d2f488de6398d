import type { z } from 'zod';
import { ServiceError } from '../core/errors';
import { UploadedFile } from '../schemas/uploaded-file';
import { parseWith } from './parse';

const MAX_PARTS = 16;

function refusal(message: string, code: string): ServiceError {
  return new ServiceError('validation_failed', { message, issues: [{ path: 'body', code, message }] });
}

/**
 * A multipart/form-data body (already read within its limit) through the operation's schema:
 * text parts become strings, file parts `UploadedFile`s; a name given twice is an array, which a
 * schema of single values refuses. Text parts pass the shared string rule like every other input.
 */
export async function parseMultipartBody<T extends z.ZodType>(schema: T, bytes: Uint8Array, contentType: string | null): Promise<z.output<T>> {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'multipart/form-data' || !/;\s*boundary=/i.test(contentType ?? '')) {
    throw new ServiceError('unsupported_media_type', {
      message: 'The request body must be sent as multipart/form-data.',
      issues: [{ path: 'body', code: 'content_type', message: 'send Content-Type: multipart/form-data; boundary=...' }],
    });
  }
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': contentType! } }).formData();
  } catch {
    throw refusal('The multipart/form-data body is malformed.', 'malformed_multipart');
  }
  const text: Record<string, string | string[]> = {};
  const files: Record<string, UploadedFile | UploadedFile[]> = {};
  let parts = 0;
  for (const [name, value] of form) {
    if (++parts > MAX_PARTS) throw refusal(`A body may have at most ${MAX_PARTS} parts.`, 'too_many_parts');
    if (typeof value === 'string') add(text, name, value);
    else add(files, name, new UploadedFile(value.name, new Uint8Array(await value.arrayBuffer())));
  }
  // A file's bytes are not enumerable: the string rule sees its name, never a megabyte of numbers.
  return parseWith(schema, { ...text, ...files }, 'body') as z.output<T>;
}

function add<V>(into: Record<string, V | V[]>, name: string, value: V) {
  const held = into[name];
  into[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
}
