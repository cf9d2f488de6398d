import 'server-only';
import type { ServiceContext } from '../core/context';
import { eventKind, eventKinds } from './event-catalogue';
import { getEndpointOfOrThrow } from './endpoints';
import { exampleEvent, messageBody } from './message';
import type { WebhookOwner } from './owner';
import type { WebhookSignatureFixture } from './schemas';
import { decryptWebhookSecret, generateWebhookSecret, signMessage, signingSecrets } from './secrets';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * A sample delivery signed with the endpoint's real secret(s) now, and the ways a verifier
 * must refuse one: a body changed after signing, a timestamp outside the tolerance, a
 * signature made with a secret that is not the endpoint's.
 */
export async function getInstallationWebhookSignatureFixture(ctx: ServiceContext, owner: WebhookOwner, id: string): Promise<WebhookSignatureFixture> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, id);
  const kind = endpoint.eventTypes.map(eventKind).find((k) => k !== undefined) ?? eventKinds[0];
  const secrets = signingSecrets(endpoint, ctx.now);
  // The example message of a kind the endpoint receives; a plain document while no kind exists.
  const body = kind
    ? messageBody(exampleEvent(kind, endpoint.installationId))
    : JSON.stringify({ fixture: true, endpointId: endpoint.id, note: 'A signature fixture, not an event.' });
  const messageIdOf = (name: string) => `msg_fixture_${name}_${ctx.now.getTime()}`;
  const vector = (name: WebhookSignatureFixture['vectors'][number]['name'], description: string, opts: { secrets?: string[]; at?: Date; body?: string; expected: 'valid' | 'reject' }) => {
    const id = messageIdOf(name);
    const headers = signMessage(opts.secrets ?? secrets, id, opts.at ?? ctx.now, body);
    const sent = opts.body ?? body;
    return { name, description, headers, body: sent, signedContent: `${id}.${headers['webhook-timestamp']}.${sent}`, expected: opts.expected };
  };
  const tampered = body.replace(/}$/, ',"tampered":true}');
  return {
    endpointId: endpoint.id,
    algorithm: 'v1',
    toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
    secretVersion: endpoint.secretVersion,
    signedWith: secrets.length > 1 ? ['current', 'previous'] : ['current'],
    verifyAt: Math.floor(ctx.now.getTime() / 1000),
    vectors: [
      vector('valid', 'Signed with the endpoint’s secret(s) just now: accept it.', { expected: 'valid' }),
      vector('tampered_body', 'The body was changed after signing: the signature no longer matches.', { body: tampered, expected: 'reject' }),
      vector('stale_timestamp', `Correctly signed, but ${2 * SIGNATURE_TOLERANCE_SECONDS} s old: outside the tolerance, a possible replay.`, {
        at: new Date(ctx.now.getTime() - 2 * SIGNATURE_TOLERANCE_SECONDS * 1000),
        expected: 'reject',
      }),
      vector('wrong_secret', 'Signed with a secret that is not this endpoint’s.', {
        secrets: [differentSecret(decryptWebhookSecret(endpoint.secretCiphertext, endpoint.id))],
        expected: 'reject',
      }),
    ],
  };
}

function differentSecret(current: string): string {
  let other = generateWebhookSecret();
  while (other === current) other = generateWebhookSecret();
  return other;
}
