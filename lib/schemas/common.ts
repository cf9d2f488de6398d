import 'zod-openapi';
import { z } from 'zod';
import { errorCodes } from '../core/errors';

// In the browser these schemas run under the pages' strict CSP, which refuses eval: zod's JIT
// would only probe for it (new Function), and the probe is reported as a CSP violation.
if (typeof window !== 'undefined') z.config({ jitless: true });

export const locales = ['zh-CN', 'en-US'] as const;
export const markets = ['CN', 'US'] as const;
export const currencies = ['CNY', 'USD'] as const;

export const Locale = z.enum(locales).meta({ id: 'Locale', description: 'Content locale.' });
export const Market = z.enum(markets).meta({ id: 'Market', description: 'Selling market. CN sells in CNY, US in USD.' });
export const Currency = z.enum(currencies).meta({ id: 'Currency', description: 'ISO 4217 currency.' });
export type Locale = z.infer<typeof Locale>;
export type Market = z.infer<typeof Market>;
export type Currency = z.infer<typeof Currency>;

export function isMarket(value: string): value is Market {
  return (markets as readonly string[]).includes(value);
}

/**
 * A text in `locale`, else in the other supported locale when that one is empty, else '': how
 * every single-language rendering of a localized text (titles, alt texts, names) falls back.
 */
export function inLocale(text: Partial<Record<Locale, string>> | null | undefined, locale: Locale): string {
  return text?.[locale] || text?.[locale === 'zh-CN' ? 'en-US' : 'zh-CN'] || '';
}

export const marketCurrency: Record<Market, Currency> = { CN: 'CNY', US: 'USD' };
export const marketDefaultLocale: Record<Market, Locale> = { CN: 'zh-CN', US: 'en-US' };

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * THE string rule for everything a client sends (path parameters, query, bodies): no NUL and no
 * lone UTF-16 surrogate. PostgreSQL refuses both in text (a 500 if they got that far), and
 * neither has a meaning in any field of this interface. The pipeline applies it to every string
 * of the raw input before the operation's schema runs, so no schema can forget it.
 */
const UNSAFE_STRING = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeString(value: string): boolean {
  return !UNSAFE_STRING.test(value);
}

export const SafeInput = z.unknown().superRefine((value, ctx) => {
  const visit = (v: unknown, path: (string | number)[], depth: number): void => {
    if (typeof v === 'string') {
      if (!isSafeString(v)) {
        ctx.addIssue({ code: 'custom', path, message: 'must not contain NUL characters or unpaired surrogates' });
      }
    } else if (depth < 64 && Array.isArray(v)) {
      v.forEach((item, i) => visit(item, [...path, i], depth + 1));
    } else if (depth < 64 && v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (!isSafeString(k)) ctx.addIssue({ code: 'custom', path: [...path, k], message: 'field names must not contain NUL characters or unpaired surrogates' });
        visit(item, [...path, k], depth + 1);
      }
    }
  };
  visit(value, [], 0);
});

export const Money = z
  .strictObject({
    amount: z.int().min(0).max(MAX_SAFE).meta({ description: 'Integer amount in minor units (fen, cents).' }),
    currency: Currency,
  })
  .meta({ id: 'Money', description: 'An exact amount of money in minor units.' });
export type Money = z.infer<typeof Money>;

export const LocalizedString = z
  .strictObject({ 'zh-CN': z.string(), 'en-US': z.string() })
  .meta({ id: 'LocalizedString', description: 'The same text in each supported locale.' });
export type LocalizedString = z.infer<typeof LocalizedString>;

export const Slug = z
  .string()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lower-case letters, digits and inner hyphens');

/** A query parameter holding a positive integer, parsed from its text form. */
export function intQuery(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback)
    .meta({
      // Documented as the integer it is, not as the text it travels as.
      override: ({ jsonSchema }) => {
        delete jsonSchema.pattern;
        Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max, default: fallback });
      },
    });
}

export const PAGE_MAX = 100;
export const PAGE_SIZE_MAX = 50;

export const ListMeta = z
  .strictObject({
    page: z.int().min(1),
    pageSize: z.int().min(1),
    total: z.int().min(0),
    totalPages: z.int().min(0),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'ListMeta', description: 'Pagination of a list response.' });
export type ListMeta = z.infer<typeof ListMeta>;

export function listMeta(page: number, pageSize: number, total: number): ListMeta {
  const totalPages = Math.ceil(total / pageSize);
  return { page, pageSize, total, totalPages, hasNextPage: page < totalPages };
}

export const ErrorCodeSchema = z.enum(errorCodes as [string, ...string[]]).meta({ id: 'ErrorCode' });

export const PublicErrorResponse = z
  .strictObject({
    error: z.strictObject({
      code: ErrorCodeSchema,
      message: z.string(),
      status: z.int(),
      requestId: z.string(),
      retryable: z.boolean(),
      details: z.record(z.string(), z.unknown()).optional(),
      issues: z
        .array(z.strictObject({ path: z.string(), code: z.string(), message: z.string() }))
        .optional(),
    }),
  })
  .meta({ id: 'PublicErrorResponse', description: 'Every error answer of every operation.' });

/** `{ data: object }` */
export function dataEnvelope<T extends z.ZodType>(schema: T, id: string) {
  return z.strictObject({ data: schema }).meta({ id });
}

/** `{ data: array, meta }` */
export function listEnvelope<T extends z.ZodType, M extends z.ZodType>(item: T, meta: M, id: string) {
  return z.strictObject({ data: z.array(item), meta }).meta({ id });
}
