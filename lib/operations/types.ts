import type { z } from 'zod';
import type { ErrorCode } from '../core/errors';
import type { Scope } from '../core/scopes';
import type { RateLimitPolicyName } from './rate-limit-policies';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';


export type AuthMode =
  | { kind: 'none' }
  /** API key (or DPoP-bound OAuth access token); `scopes` empty = any valid credential. */
  | { kind: 'apiKey'; scopes: readonly Scope[] }
  /** The OAuth 2.0 token endpoint family: client authentication happens inside the operation. */
  | { kind: 'oauth' };

export type CachePolicy = {
  /** Seconds a shared cache (CDN) may serve the response without revalidating. */
  sMaxAge: number;
  staleWhileRevalidate: number;
};

export type OperationDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  id: string;
  method: HttpMethod;
  /** OpenAPI form: /api/v1/catalog/merchants/{slug} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  stability: 'stable' | 'candidate';
  /** Operations beyond the 30 of the public interface are marked as extensions in OpenAPI. */
  extension?: boolean;
  auth: AuthMode;
  idempotency: 'required' | 'none';
  rateLimit: RateLimitPolicyName;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Body media type; JSON unless stated (the OAuth endpoints take forms, uploads multipart:
   * text fields as strings, file fields as `UploadedFile`s, lib/http/multipart.ts).
   */
  bodyType?: 'json' | 'form' | 'multipart';
  /**
   * The largest body in bytes, when it is not the 64 KiB of JSON and forms (an upload's limit
   * comes from the configuration): a larger one is refused 413 `upload_too_large` while it is
   * read, before the rest arrives.
   */
  maxBodyBytes?: () => number;
  requestName?: string;
  /** The whole 200 body, envelope included. */
  response: R;
  responseName: string;
  list?: boolean;
  /** Public reads that CDNs may cache, with ETag revalidation. */
  cache?: CachePolicy;
  /** Business errors this operation may answer, beyond those the pipeline adds itself. */
  errors: readonly ErrorCode[];
};

export function defineOperation<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(def: OperationDef<P, Q, B, R>): OperationDef<P, Q, B, R> {
  return def;
}

/** What a handler receives: validated path parameters, query and body. */
export type OperationInput<Op> =
  Op extends OperationDef<infer P, infer Q, infer B, z.ZodType>
    ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
    : never;

/** What a handler returns: the `data` of the envelope, or `{data, meta}` for lists. */
export type OperationOutput<Op> =
  Op extends OperationDef<z.ZodType, z.ZodType, z.ZodType, infer R>
    ? z.input<R> extends { data: unknown[]; meta: unknown }
      ? z.input<R>
      : z.input<R> extends { data: infer D }
        ? D
        : never
    : never;
