import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { errorCatalogue, type ErrorCode } from '../core/errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../http/idempotency';
import { resolvePolicy } from '../operations/rate-limit-policies';
import { operationList } from '../operations';
import type { OperationDef } from '../operations/types';
import { PublicErrorResponse } from '../schemas/common';
import { operationExamples } from './examples';
import { responseExamples } from './response-examples';
import { openApiWebhooks } from './webhooks';

/** The statuses every operation declares (spec, "Endpoints"). */
const ERROR_STATUSES = [400, 401, 403, 404, 409, 429] as const;
/** Statuses only some operations answer (an upload's 413, 415 and 422): declared where one of their codes is. */
const OCCASIONAL_STATUSES = [413, 415, 422] as const;

/** The error statuses an operation declares: every operation's, and those its own codes add. */
function errorStatuses(codes: readonly ErrorCode[]): number[] {
  return [...ERROR_STATUSES, ...OCCASIONAL_STATUSES.filter((s) => codes.some((c) => errorCatalogue[c].status === s))];
}
const MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

/** Codes the pipeline itself may answer, by what the operation declares. */
function pipelineCodes(op: OperationDef): ErrorCode[] {
  const codes: ErrorCode[] = ['validation_failed', 'rate_limited'];
  if (op.body && op.bodyType === 'multipart') codes.push('upload_too_large', 'unsupported_media_type');
  else if (op.body) codes.push(op.bodyType === 'form' ? 'invalid_request' : 'invalid_json', 'payload_too_large');
  if (op.body && op.bodyType === undefined) codes.push('unsupported_media_type');
  if (op.auth.kind === 'apiKey') codes.push('authentication_required', 'insufficient_scope');
  if (op.idempotency === 'required') {
    codes.push('idempotency_key_missing', 'idempotency_key_invalid', 'idempotency_key_reused', 'idempotency_request_in_progress');
  }
  return codes;
}

const IdempotencyKeyHeader = z.strictObject({
  'Idempotency-Key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).meta({
    description:
      'Required. 8 to 255 characters of A-Z a-z 0-9 . _ : -. A retry with the same key and request replays the first outcome (with `Idempotent-Replayed: true`) for 24 hours; the same key with another request is 409 `idempotency_key_reused`.',
    example: 'demo-7f3c2a91-0001',
  }),
});

const rateLimitHeaders = {
  'X-Request-Id': { description: 'Identifies this request in logs and support tickets.', schema: { type: 'string' as const } },
  RateLimit: { description: 'IETF RateLimit header: remaining quota and seconds to reset.', schema: { type: 'string' as const } },
  'RateLimit-Policy': { description: 'IETF RateLimit-Policy header: quota and window.', schema: { type: 'string' as const } },
};

function describeErrors(codes: ErrorCode[]): string {
  return codes.map((c) => `\`${c}\``).join(', ');
}

/** Every error code an operation declares: the pipeline's for what it declares, and its own `errors`. */
export function declaredErrorCodes(op: OperationDef): ErrorCode[] {
  return [...new Set([...pipelineCodes(op), ...op.errors])];
}

function operationObject(op: OperationDef) {
  const codes = declaredErrorCodes(op);
  const examples = operationExamples(op.id);
  const responses: Record<string, unknown> = {
    '200': {
      description: `Success: \`${op.responseName}\`${op.list ? ' (`{ data: array, meta }`)' : ' (`{ data: object }`)'}.`,
      headers: {
        ...rateLimitHeaders,
        ...(op.cache ? { ETag: { description: 'Validator for If-None-Match (answers 304).', schema: { type: 'string' } } } : {}),
        ...(op.idempotency === 'required'
          ? { 'Idempotent-Replayed': { description: '`true` when this is the stored outcome of an earlier request with the same key.', schema: { type: 'string' } } }
          : {}),
      },
      content: {
        'application/json': { schema: op.response, ...(op.id in responseExamples ? { example: responseExamples[op.id] } : {}) },
      },
    },
  };
  for (const status of errorStatuses(codes)) {
    const here = codes.filter((c) => errorCatalogue[c].status === status);
    responses[String(status)] = {
      description: here.length ? `PublicErrorResponse. Codes: ${describeErrors(here)}.` : 'PublicErrorResponse.',
      content: { 'application/json': { schema: PublicErrorResponse } },
    };
  }
  const policy = resolvePolicy(op.rateLimit);
  const description = [
    op.description,
    op.extension ? '**Extension**: not one of the 30 operations of the public interface.' : undefined,
    op.auth.kind === 'apiKey'
      ? op.auth.scopes.length
        ? `Requires an API key with scope ${op.auth.scopes.map((s) => `\`${s}\``).join(', ')}.`
        : 'Requires a valid API key; no scope needed.'
      : undefined,
    `Rate limit policy \`${policy.name}\`: ${policy.limit} requests per ${policy.windowSeconds} s.`,
  ]
    .filter(Boolean)
    .join('\n\n');

  return {
    operationId: op.id,
    summary: op.summary,
    description,
    tags: [op.tag],
    security:
      op.auth.kind === 'apiKey'
        ? [{ apiKey: [...op.auth.scopes] }, { dpop: [...op.auth.scopes] }]
        : op.auth.kind === 'oauth'
          ? [{ oauth2: [] }]
          : [],
    'x-stability': op.stability,
    'x-idempotency': op.idempotency,
    ...(op.auth.kind === 'apiKey' ? { 'x-required-scopes': [...op.auth.scopes] } : {}),
    ...(op.extension ? { 'x-extension': true } : {}),
    'x-rate-limit-policy': policy.name,
    'x-error-codes': codes.filter((c) => errorStatuses(codes).includes(errorCatalogue[c].status)),
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.idempotency === 'required' ? { header: IdempotencyKeyHeader } : {}),
    },
    ...(op.body
      ? {
          requestBody: {
            required: true,
            description: op.requestName ? `\`${op.requestName}\`` : undefined,
            content: {
              [MEDIA_TYPES[op.bodyType ?? 'json']]: {
                schema: op.body,
                ...(examples.body !== undefined ? { example: examples.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

type Doc = ReturnType<typeof createDocument>;
type ParamObject = { name: string; in: string; example?: unknown; required?: boolean; schema?: { type?: string } };

/** Puts each operation's working examples on its parameters, so "Try it" works out of the box. */
function applyParameterExamples(doc: Doc) {
  for (const op of operationList) {
    const examples = operationExamples(op.id);
    const operation = (doc.paths?.[op.path] as Record<string, { parameters?: ParamObject[] }> | undefined)?.[
      op.method.toLowerCase()
    ];
    for (const param of operation?.parameters ?? []) {
      const value =
        param.in === 'path' ? examples.params?.[param.name] : param.in === 'query' ? examples.query?.[param.name] : undefined;
      if (value !== undefined) param.example = param.schema?.type === 'integer' ? Number(value) : value;
    }
  }
}

/**
 * How a reference viewer labels a tag where its name alone would mislead: the operations tagged
 * Webhooks manage an installation's endpoint, while the document's `webhooks` section (the events
 * we send) is labelled Webhooks by the viewer too; two sidebar entries of one name.
 */
const tagDisplay: Record<string, { 'x-displayName': string; description: string }> = {
  Webhooks: {
    'x-displayName': 'Webhook endpoints',
    description: 'Manage where the installation’s events are delivered. The events themselves are listed under Webhooks.',
  },
};

let cached: Doc | undefined;

/** The OpenAPI 3.1 document, generated from the operation table and the examples beside it. */
export function openApiDocument(): Doc {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operationList) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operationObject(op);
  }
  const doc = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Storefront Commerce API',
        version: 'v1',
        description:
          'Public catalog reads, search, storefront decoration, carts and checkout quotes, orders, hosted checkout, webhooks, installation credentials, OAuth and store access.\n\n' +
          'Success bodies are `{ data }` (lists: `{ data, meta }`); every error is a `PublicErrorResponse`. Money is integer minor units with a currency. ' +
          'Operations marked `x-idempotency: required` need an `Idempotency-Key` header.',
      },
      servers: [{ url: '/', description: 'This deployment' }],
      tags: [...new Set(operationList.map((o) => o.tag))].map((name) => ({ name, ...tagDisplay[name] })),
      paths: paths as never,
      webhooks: openApiWebhooks() as never,
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sk_live_… / sk_test_…',
            description: 'An installation API key: `Authorization: Bearer sk_test_…`. Scopes are listed per operation.',
          },
          dpop: {
            type: 'http',
            scheme: 'DPoP',
            description: 'A DPoP-bound OAuth access token: `Authorization: DPoP <token>` with a `DPoP` proof carrying `ath` (RFC 9449).',
          },
          oauth2: {
            type: 'oauth2',
            description:
              'Authorization Code with PKCE (S256) and DPoP-bound tokens. `tokenUrl` is the RFC 6749 endpoint `POST /oauth/token`, beside `POST /oauth/revoke` (RFC 7009), both advertised in `/.well-known/oauth-authorization-server`: form bodies, RFC 6749 §5.1/§5.2 answers without the `{data}` envelope or `PublicErrorResponse`, no Idempotency-Key, the DPoP nonce in a `DPoP-Nonce` header (400 `use_dpop_nonce`), `Cache-Control: no-store`. They are for stock OAuth clients and are not operations of this document; operations 18 and 19 (`/api/v1/oauth/revoke`, `/api/v1/oauth/token`) serve the same clients, grants, single-use codes, refresh rotation and `oauth` rate limit in the API\'s envelope.',
            flows: {
              authorizationCode: {
                authorizationUrl: '/oauth/authorize',
                tokenUrl: '/oauth/token',
                refreshUrl: '/oauth/token',
                scopes: {
                  'catalog:read': 'Read the catalog and manage carts and orders',
                  'checkout:quote': 'Set addresses and quote checkouts',
                  'webhooks:read': 'Read webhook endpoints and fixtures',
                  'webhooks:write': 'Change webhook endpoints',
                  'checkout:write': 'Create hosted checkout sessions (extension)',
                  'orders:read': 'Read the installation’s orders with their payments, fulfilment and after-sales (extension)',
                  'orders:write': 'Move the store’s orders (payment, fulfilment, shipment, delivery, cancellation) and decide after-sales requests (extension)',
                  'decoration:read': 'Read the store’s decoration draft and published versions (extension)',
                  'decoration:write': 'Save, validate, preview, publish and roll back the store’s decoration (extension)',
                  'inventory:read': 'Read the store’s stock levels, their history and the low-stock threshold (extension)',
                  'inventory:write': 'Adjust and set the store’s stock and its low-stock threshold (extension)',
                  'products:read': 'Read the store’s own catalog: drafts and archived products, variants with exact stock and SKU codes, the store’s categories, product media (extension)',
                  'products:write': 'Create, change, archive and delete the store’s products and variants, manage its categories, and upload, order and describe product media (extension)',
                },
              },
            },
          },
        },
      },
    },
    { reused: 'inline' },
  );
  applyParameterExamples(doc);
  cached = doc;
  return doc;
}
