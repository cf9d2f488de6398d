import 'server-only';
import { z } from 'zod';
import type { ServiceContext } from '../core/context';
import { eventKinds } from './event-catalogue';
import { WEBHOOK_API_VERSION, WebhookMessage, exampleEvent, messageBody } from './message';
import type { WebhookEventCatalogue } from './schemas';

/**
 * JSON Schema from the same zod schema the emitter validates with, so the two cannot drift. A schema
 * with an id (WebhookMessage) comes out as `{ $ref: '#/$defs/Id', $defs }`; the definition is put in
 * place of the reference, so the answer is self-contained and a viewer that resolves `$ref`s across
 * the whole OpenAPI document (where this answer is an example) finds nothing dangling.
 */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
  const { $ref, $defs, ...root } = out;
  const id = typeof $ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec($ref)?.[1] : undefined;
  const defs = ($defs ?? {}) as Record<string, Record<string, unknown>>;
  if (!id || !defs[id]) return out;
  const { [id]: target, ...others } = defs;
  // A definition that refers to itself (a recursive schema) keeps its reference.
  if (JSON.stringify(target).includes(`"#/$defs/${id}"`) || JSON.stringify(others).includes(`"#/$defs/${id}"`)) return out;
  return { ...root, ...target, ...(Object.keys(others).length ? { $defs: others } : {}) };
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
