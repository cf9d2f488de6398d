import { ServiceError } from '../core/errors';

/**
 * The opaque cursors of the webhook lists: where a page ended. Endpoints and deliveries page by
 * (createdAt, id), newest first; events by their outbox sequence, in either order.
 */

export type TimeCursor = { createdAt: Date; id: string };

const invalidCursor = () => new ServiceError('validation_failed', { issues: [{ path: 'query.cursor', code: 'invalid_cursor', message: 'not a cursor this list gave' }] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEQUENCE = /^e([1-9][0-9]{0,18})$/;

export function encodeTimeCursor(c: TimeCursor): string {
  return Buffer.from(`${c.createdAt.getTime()}.${c.id}`).toString('base64url');
}

export function decodeTimeCursor(cursor: string | undefined): TimeCursor | undefined {
  if (cursor === undefined) return undefined;
  const [ms, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (extra !== undefined || !ms || !/^\d{1,15}$/.test(ms) || !id || !UUID.test(id)) throw invalidCursor();
  return { createdAt: new Date(Number(ms)), id };
}

export function encodeSequenceCursor(sequence: bigint): string {
  return `e${sequence}`;
}

export function decodeSequenceCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  const m = SEQUENCE.exec(cursor);
  if (!m) throw invalidCursor();
  return BigInt(m[1]!);
}
