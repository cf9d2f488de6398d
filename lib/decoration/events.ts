import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Decoration events. Payloads are stable once published: fields are added, never renamed or
 * removed. A decoration belongs to the store, not to one app: the event goes to the endpoints of
 * every installation on the store that subscribe to it.
 */

const ChangeCount = z.int().min(0);

export const DecorationPublishedPayload = z.strictObject({
  versionId: z.uuid(),
  version: z.int().min(1),
  previousVersion: z.int().min(1).nullable().meta({ description: 'The version shoppers saw before; null for the first.' }),
  restoredFromVersion: z.int().min(1).nullable().meta({ description: 'Set when this publish was a rollback: the version it republished.' }),
  locale: z.enum(['zh-CN', 'en-US']),
  market: z.enum(['CN', 'US']),
  blockCount: z.int().min(0),
  productCount: z.int().min(0),
  changes: z
    .strictObject({ added: ChangeCount, removed: ChangeCount, changed: ChangeCount, reordered: z.boolean() })
    .meta({ description: 'How many blocks this version added, removed and changed against the previous one.' }),
  publishedAt: z.iso.datetime(),
});
export type DecorationPublishedPayload = z.input<typeof DecorationPublishedPayload>;

export const decorationPublished = defineEventKind({
  type: 'decoration.published',
  description:
    'A new version of the store’s decoration is live: published from the draft (console or API), from a file (operator), or as a rollback to an earlier version (same transaction as the version).',
  stability: 'candidate',
  subjectType: 'storefront_decoration_version',
  payload: DecorationPublishedPayload,
  example: {
    versionId: '0b6f1f0e-5d8c-4c1e-9a2b-3f4d5e6a7b8c',
    version: 4,
    previousVersion: 3,
    restoredFromVersion: null,
    locale: 'en-US',
    market: 'US',
    blockCount: 8,
    productCount: 20,
    changes: { added: 1, removed: 0, changed: 2, reordered: false },
    publishedAt: '2026-11-23T01:05:00.000Z',
  },
});

/**
 * The audit trail's subject of every decoration change (draft saves, publishes, rollbacks): the
 * store's decoration, named by the store's id, so one trail holds them all.
 */
export const DECORATION_AUDIT_SUBJECT = 'storefront_decoration';

export const decorationEventKinds = [decorationPublished] as const;
