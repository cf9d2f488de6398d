import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { seal, unseal } from '../platform/seal';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes, as Standard Webhooks defines it. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

const PURPOSE = 'webhook-secret';

/**
 * Encrypts a signing secret for storage. It is encrypted rather than hashed because the server
 * signs with it; the endpoint id is bound as associated data so a ciphertext copied onto
 * another endpoint does not decrypt.
 */
export function encryptWebhookSecret(secret: string, endpointId: string): string {
  return seal(secret, PURPOSE, endpointId);
}

export function decryptWebhookSecret(stored: string, endpointId: string): string {
  return unseal(stored, PURPOSE, endpointId);
}

type SecretColumns = {
  id: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
};

/** The secrets deliveries are signed with at `now`: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(endpoint: SecretColumns, now: Date): string[] {
  const secrets = [decryptWebhookSecret(endpoint.secretCiphertext, endpoint.id)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    // A previous secret that no longer decrypts (the rotation that replaced an unreadable one) is dropped: the current one signs.
    try {
      secrets.push(decryptWebhookSecret(endpoint.previousSecretCiphertext, endpoint.id));
    } catch {
      /* see above */
    }
  }
  return secrets;
}

/** The three Standard Webhooks headers; with several secrets the signatures are space-separated. */
export function signMessage(secrets: readonly string[], messageId: string, timestamp: Date, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(messageId, timestamp, body)).join(' '),
  };
}
