import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { getServerSecret } from '../credentials/server-secret';

const PREFIX = 'whsec_';
const FORMAT = 'v1';

/** A new signing secret: `whsec_` + base64 of 32 random bytes, as Standard Webhooks defines it. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** AES-256 key for secrets at rest, derived from the server secret (never the pepper itself). */
function encryptionKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', getServerSecret(), Buffer.alloc(0), 'storefront-commerce/webhook-secret/v1', 32));
}

/**
 * Encrypts a signing secret for storage. It is encrypted rather than hashed because the server
 * signs with it; the endpoint id is bound as associated data so a ciphertext copied onto
 * another endpoint does not decrypt.
 */
export function encryptWebhookSecret(secret: string, endpointId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  cipher.setAAD(Buffer.from(endpointId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptWebhookSecret(stored: string, endpointId: string): string {
  const [format, iv, tag, body] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(endpointId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
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
    secrets.push(decryptWebhookSecret(endpoint.previousSecretCiphertext, endpoint.id));
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
