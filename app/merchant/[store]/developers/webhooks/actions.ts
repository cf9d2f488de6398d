'use server';

import { redirect } from 'next/navigation';
import type { FormState } from '@/components/merchant/console-form';
import { sectionHref } from '@/components/merchant/sections';
import { listInstallationsOfStore } from '@/lib/credentials/list-store-installations';
import { installOwnIntegration } from '@/lib/credentials/own-integration';
import { runBackgroundWorkAfterResponse } from '@/lib/http/after-response';
import { eventKind } from '@/lib/webhooks/event-catalogue';
import { createInstallationWebhook } from '@/lib/webhooks/create-installation-webhook';
import { deleteInstallationWebhook } from '@/lib/webhooks/delete-installation-webhook';
import { resendInstallationWebhookDelivery } from '@/lib/webhooks/resend-installation-webhook-delivery';
import { sendInstallationWebhookTestEvent } from '@/lib/webhooks/send-installation-webhook-test-event';
import { updateInstallationWebhook } from '@/lib/webhooks/update-installation-webhook';
import { developersAction, field, fields, oneOf, revealed } from '../form-input';
import type { DevelopersText } from '../text';
import { OWN_APP, ROTATION_OVERLAPS } from './choices';
import { webhookRefusal as refusal } from './refusal';

/** The URL, description and event kinds a create or edit form posted, or their errors. */
function endpointFields(form: FormData, t: DevelopersText) {
  const url = field(form, 'url');
  const description = field(form, 'description');
  const eventTypes = fields(form, 'eventTypes');
  const errors: Record<string, string> = {};
  if (!url) errors.url = t.webhooks.errors.url;
  if (description.length > 500) errors.description = t.webhooks.errors.description;
  if (!eventTypes.length || eventTypes.some((k) => !eventKind(k))) errors.eventTypes = t.webhooks.errors.events;
  return { url, description, eventTypes, errors, values: { url, description, eventTypes: eventTypes.join(' ') } };
}

/** Adds an endpoint for one of the store's apps (or its own integration); the signing secret comes back once. */
export async function createEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const input = endpointFields(form, t);
  const app = field(form, 'installationId');
  const installations = (await listInstallationsOfStore(ctx, store.merchantId)).filter((i) => i.active);
  if (app !== OWN_APP && !installations.some((i) => i.installationId === app)) input.errors.installationId = t.origins.errors.app;
  const values = { ...input.values, installationId: app };
  if (Object.keys(input.errors).length) return { errors: input.errors, values };
  try {
    const installationId = app === OWN_APP ? (await installOwnIntegration(ctx, store.merchantId)).installationId : app;
    const { secret } = await createInstallationWebhook(ctx, { installationId, merchantId: store.merchantId }, { url: input.url, eventTypes: input.eventTypes, description: input.description || null });
    return done({ notice: t.webhooks.created, secret: revealed(t, t.webhooks.newSecret, secret) });
  } catch (err) {
    return { ...refusal(err, t), values };
  }
}

/** Changes an endpoint's URL, description and events. */
export async function updateEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const input = endpointFields(form, t);
  if (Object.keys(input.errors).length) return { errors: input.errors, values: input.values };
  try {
    await updateInstallationWebhook(ctx, { merchantId: store.merchantId }, field(form, 'endpointId'), { url: input.url, description: input.description || null, eventTypes: input.eventTypes });
    return done({ notice: t.webhooks.saved });
  } catch (err) {
    return { ...refusal(err, t), values: input.values };
  }
}

/** Enables or disables an endpoint (`enabled` = `true` | `false`). */
export async function toggleEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const enabled = field(form, 'enabled') === 'true';
  try {
    await updateInstallationWebhook(ctx, { merchantId: store.merchantId }, field(form, 'endpointId'), { enabled });
    if (enabled) runBackgroundWorkAfterResponse();
    return done({ notice: enabled ? t.webhooks.enabledNow : t.webhooks.disabledNow });
  } catch (err) {
    return refusal(err, t);
  }
}

/**
 * Rotates the signing secret; the new one comes back once. Like a key's roll, the page is not
 * re-rendered here, so the answer stays on screen until the merchant has stored it.
 */
export async function rotateSecretAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t } = await developersAction(form);
  const overlap = field(form, 'overlap');
  if (!oneOf(overlap, ROTATION_OVERLAPS)) return { errors: { overlap: t.webhooks.errors.overlap } };
  try {
    const { rotation } = await updateInstallationWebhook(ctx, { merchantId: store.merchantId }, field(form, 'endpointId'), { rotateSecret: true, rotationOverlapSeconds: Number(overlap) });
    return { notice: t.webhooks.rotated, secret: revealed(t, t.webhooks.newRotatedSecret, rotation!.secret) };
  } catch (err) {
    return refusal(err, t);
  }
}

/** Sends a test event of the chosen kind to this endpoint only, delivered right after the answer. */
export async function sendTestEventAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const type = field(form, 'type');
  if (!eventKind(type)) return { errors: { type: t.webhooks.errors.kind } };
  try {
    await sendInstallationWebhookTestEvent(ctx, { merchantId: store.merchantId }, { endpointId: field(form, 'endpointId'), kind: type });
  } catch (err) {
    return refusal(err, t);
  }
  runBackgroundWorkAfterResponse();
  return done({ notice: t.webhooks.testSent, values: { type } });
}

/** Sends a delivery again at once. */
export async function redeliverAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  try {
    await resendInstallationWebhookDelivery(ctx, { merchantId: store.merchantId }, { endpointId: field(form, 'endpointId'), deliveryId: field(form, 'deliveryId') });
  } catch (err) {
    return refusal(err, t);
  }
  runBackgroundWorkAfterResponse();
  return done({ notice: t.webhooks.redelivered });
}

/** Deletes the endpoint (the form carries the confirmation) and goes back to the list. */
export async function deleteEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t } = await developersAction(form);
  if (field(form, 'confirm') !== 'yes') return { message: t.confirmFirst };
  try {
    await deleteInstallationWebhook(ctx, { merchantId: store.merchantId }, field(form, 'endpointId'));
  } catch (err) {
    return refusal(err, t);
  }
  redirect(`${sectionHref(store.slug, 'developers/webhooks')}?deleted=1`);
}
