import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Store events. A store's settings belong to the store, not to one app: the event goes to the
 * endpoints of every installation on the store that subscribe to it. Payloads name what changed,
 * never a secret (a new store password is "password", not its value).
 */

export const StoreSettingsSection = z.enum(['profile', 'access', 'shipping']);
export type StoreSettingsSection = z.output<typeof StoreSettingsSection>;

export const StoreSettingsChangedPayload = z.strictObject({
  section: StoreSettingsSection,
  market: z.enum(['CN', 'US']).nullable().meta({ description: 'The market of a shipping rule; null for the other sections.' }),
  changed: z.array(z.string().max(64)).max(16).meta({ description: 'The settings that changed, by name (e.g. freeOverAmount, password).' }),
  changedAt: z.iso.datetime(),
});
export type StoreSettingsChangedPayload = z.input<typeof StoreSettingsChangedPayload>;

export const storeSettingsChanged = defineEventKind({
  type: 'store.settings_changed',
  description:
    'A merchant changed the store’s settings in the console: its profile, how shoppers unlock it, or a market’s shipping rule and free-shipping notice (same transaction as the change).',
  stability: 'candidate',
  subjectType: 'store',
  payload: StoreSettingsChangedPayload,
  example: { section: 'shipping', market: 'US', changed: ['freeOverAmount'], changedAt: '2026-11-25T16:30:00.000Z' },
});

export const storeEventKinds = [storeSettingsChanged] as const;
