import type { z } from 'zod';
import type { ErrorIssue } from './errors';

/** A zod failure as the public `issues` list: dotted paths under a prefix (body, query, params). */
export function toIssues(error: z.ZodError, prefix: string): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    code: issue.code,
    message: issue.message,
  }));
}
