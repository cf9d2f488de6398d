import { ServiceError } from './errors';

/**
 * The opaque cursor of the merchant's keyset lists (orders, after-sales requests, products):
 * where a page ended, a time and an id, as base64url JSON. Lists page newest first by
 * (createdAt, id), so a page never overlaps or skips while new rows arrive.
 */
export type TimeCursor = { createdAt: Date; id: string };

const cursorIssue = () => new ServiceError('validation_failed', { issues: [{ path: 'query.cursor', code: 'invalid_cursor', message: 'not a cursor this list gave' }] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: TimeCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): TimeCursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string' || !UUID.test(parsed[1])) throw cursorIssue();
    const createdAt = new Date(parsed[0]);
    if (Number.isNaN(createdAt.getTime())) throw cursorIssue();
    return { createdAt, id: parsed[1] };
  } catch {
    throw cursorIssue();
  }
}
