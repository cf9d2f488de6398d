import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { countInstallationEndpoints, createEndpoint } from './data';
import { checkEndpointUrlOrThrow, checkEventKindsOrThrow, toPublicEndpoint } from './endpoints';
import type { InstallationOwner } from './owner';
import type { PublicWebhookCreateRequest, PublicWebhookCreateResult } from './schemas';
import { encryptWebhookSecret, generateWebhookSecret } from './secrets';

/** Endpoints one installation may have: enough for a receiver per environment and purpose, few enough to fan out cheaply. */
export const MAX_ENDPOINTS_PER_INSTALLATION = 16;

/**
 * Creates an endpoint of the installation, whoever asks (the app through the API, a merchant user
 * in the console, the operator's command): the URL checked as every saved URL is (public https
 * hosts only), the kinds from the catalogue, at most MAX_ENDPOINTS_PER_INSTALLATION (409
 * webhook_endpoint_limit_reached), a new `whsec_` secret returned here and never again (only an
 * encrypted copy is kept), and an audit entry naming who did it, in one transaction. It receives
 * the events that happen from its creation on, not older ones still waiting to be fanned out.
 */
export async function createInstallationWebhook(ctx: ServiceContext, owner: InstallationOwner, input: PublicWebhookCreateRequest): Promise<PublicWebhookCreateResult> {
  const eventTypes = [...new Set(input.eventTypes)];
  checkEventKindsOrThrow(eventTypes);
  const url = await checkEndpointUrlOrThrow(input.url);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const created = await ctx.db.$transaction(async (tx) => {
    const count = await countInstallationEndpoints(tx, owner.installationId);
    if (count >= MAX_ENDPOINTS_PER_INSTALLATION) {
      throw new ServiceError('webhook_endpoint_limit_reached', { details: { limit: MAX_ENDPOINTS_PER_INSTALLATION } });
    }
    const enabled = input.enabled ?? true;
    const endpoint = await createEndpoint(tx, {
      id,
      installationId: owner.installationId,
      merchantId: owner.merchantId,
      url,
      eventTypes,
      description: input.description ?? null,
      enabled,
      disabledReason: enabled ? null : 'api',
      secretCiphertext: encryptWebhookSecret(secret, id),
      // On the clock events are stamped with: the endpoint hears of what happens from now on.
      createdAt: ctx.now,
    });
    await recordAudit(tx, ctx.actor, {
      merchantId: owner.merchantId,
      action: 'webhook_endpoint.create',
      subjectType: 'webhook_endpoint',
      subjectId: id,
      details: { url, eventTypes: endpoint.eventTypes.join(','), installationId: owner.installationId },
      occurredAt: ctx.now,
    });
    return endpoint;
  });
  ctx.log.info({ endpointId: id, installationId: owner.installationId }, 'webhook endpoint created');
  return { endpoint: toPublicEndpoint(created), secret };
}
