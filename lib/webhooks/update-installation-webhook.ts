import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import type { Prisma } from '../generated/prisma/client';
import { updateEndpoint } from './data';
import { checkEndpointUrlOrThrow, checkEventKindsOrThrow, getEndpointOfOrThrow, toPublicEndpoint } from './endpoints';
import type { WebhookOwner } from './owner';
import { DEFAULT_ROTATION_OVERLAP_SECONDS, type PublicWebhookUpdateRequest, type PublicWebhookUpdateResult } from './schemas';
import { encryptWebhookSecret, generateWebhookSecret } from './secrets';

/**
 * Changes an endpoint of the owner (the installation's, or any of the store's): URL (checked as on
 * creation), subscribed kinds, enabled, description, and secret rotation. A rotation returns the
 * new secret once; the previous one keeps signing beside it until the overlap ends, so receivers
 * can switch without dropping a delivery. Audited in the same transaction.
 */
export async function updateInstallationWebhook(ctx: ServiceContext, owner: WebhookOwner, id: string, input: PublicWebhookUpdateRequest): Promise<PublicWebhookUpdateResult> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, id);
  const data: Prisma.WebhookEndpointUpdateInput = {};
  if (input.url !== undefined) data.url = await checkEndpointUrlOrThrow(input.url);
  if (input.eventTypes !== undefined) {
    checkEventKindsOrThrow(input.eventTypes);
    data.eventTypes = [...new Set(input.eventTypes)];
  }
  if (input.description !== undefined) data.description = input.description;
  if (input.enabled !== undefined && input.enabled !== endpoint.enabled) {
    data.enabled = input.enabled;
    data.disabledReason = input.enabled ? null : 'api';
    // A fresh start: the failure streak that preceded a re-enable says nothing about the new URL or receiver.
    if (input.enabled) Object.assign(data, { consecutiveFailures: 0, health: 'healthy' });
  }
  let rotation: PublicWebhookUpdateResult['rotation'] = null;
  if (input.rotateSecret) {
    const secret = generateWebhookSecret();
    const overlap = input.rotationOverlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
    const previousSecretExpiresAt = new Date(ctx.now.getTime() + overlap * 1000);
    Object.assign(data, {
      secretCiphertext: encryptWebhookSecret(secret, endpoint.id),
      secretVersion: endpoint.secretVersion + 1,
      previousSecretCiphertext: overlap > 0 ? endpoint.secretCiphertext : null,
      previousSecretExpiresAt: overlap > 0 ? previousSecretExpiresAt : null,
    });
    rotation = { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  }
  const updated = await ctx.db.$transaction(async (tx) => {
    const changed = await updateEndpoint(tx, endpoint.id, data);
    await recordAudit(tx, ctx.actor, {
      merchantId: endpoint.merchantId,
      action: rotation ? 'webhook_endpoint.rotate_secret' : 'webhook_endpoint.update',
      subjectType: 'webhook_endpoint',
      subjectId: endpoint.id,
      details: {
        changed: Object.keys(input).filter((k) => k !== 'rotationOverlapSeconds').join(' '),
        ...(input.url !== undefined && { url: changed.url }),
        ...(input.enabled !== undefined && { enabled: changed.enabled }),
        ...(rotation && { previousSecretExpiresAt: rotation.previousSecretExpiresAt }),
      },
      occurredAt: ctx.now,
    });
    return changed;
  });
  ctx.log.info({ endpointId: endpoint.id, changed: Object.keys(input), rotated: Boolean(rotation) }, 'webhook endpoint updated');
  return { endpoint: toPublicEndpoint(updated), rotation };
}
