import 'server-only';
import { z } from 'zod';
import type { ServiceContext } from '../core/context';
import { eventKinds } from './event-catalogue';
import { WEBHOOK_API_VERSION, WebhookMessage, exampleEvent, messageBody } from './message';
import type { WebhookEventCatalogue } from './schemas';

/** JSON Schema from the same zod schema the emitter validates with, so the two cannot drift. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
}

/** Every event kind an endpoint can subscribe to: description, stability, payload JSON Schema and a whole example message. */
export async function listInstallationWebhookEvents(ctx: ServiceContext): Promise<WebhookEventCatalogue> {
  const installationId = ctx.principal?.installationId ?? null;
  return {
    apiVersion: WEBHOOK_API_VERSION,
    envelope: jsonSchema(WebhookMessage),
    events: eventKinds.map((kind) => ({
      type: kind.type,
      description: kind.description,
      stability: kind.stability,
      subjectType: kind.subjectType,
      payloadSchema: jsonSchema(kind.payload),
      example: JSON.parse(messageBody(exampleEvent(kind, installationId))) as Record<string, unknown>,
    })),
  };
}
