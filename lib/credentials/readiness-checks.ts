import type { Scope } from '../core/scopes';
import type { ApiKeyEnvironment } from './api-key-format';
import type { ReadinessCheck } from './schemas';

/** Everything the checks look at, loaded once per readiness request. */
export type ReadinessFacts = {
  now: Date;
  key: {
    prefix: string;
    environment: ApiKeyEnvironment;
    expiresAt: Date | null;
    /** Effective scopes of the calling key. */
    scopes: Scope[];
    /** A newer active key that replaced this one by a roll. */
    replacement: string | null;
  };
  installationScopes: Scope[];
  app: { slug: string; requestedScopes: Scope[] };
  merchant: { slug: string; accessMode: 'open' | 'protected' };
  sellableProducts: number;
  /** The installation's webhook endpoints. */
  webhookEndpoints: {
    id: string;
    enabled: boolean;
    disabledReason: string | null;
    health: 'healthy' | 'failing';
    consecutiveFailures: number;
    lastSuccessAt: Date | null;
    lastFailureAt: Date | null;
  }[];
};

type Outcome = Omit<ReadinessCheck, 'id'>;

const DAY_MS = 24 * 3600_000;
/** A key expiring within this is a warning (roll it soon)... */
export const EXPIRY_WARN_DAYS = 14;
/** ...and within this it blocks going live. */
export const EXPIRY_FAIL_DAYS = 1;

/** Without an acknowledged delivery for this long, the webhook delivery check warns. */
export const WEBHOOK_SUCCESS_WARN_DAYS = 7;

const pass = (summary: string, details?: Record<string, unknown>): Outcome => ({ status: 'pass', summary, action: null, ...(details ? { details } : {}) });

/**
 * The go-live checks, in the order they are reported: one table, so a new concern (webhook
 * endpoint health, once webhooks exist) is one more row.
 */
export const readinessChecks: { id: ReadinessCheck['id']; run: (f: ReadinessFacts) => Outcome }[] = [
  {
    id: 'key_environment',
    run: ({ key }) =>
      key.environment === 'live'
        ? pass('This is a live key.')
        : {
            status: 'warn',
            summary: 'This is a test key (sk_test_).',
            action: 'Use a live key (sk_live_) in production: ask the store operator to issue one with the scopes your app needs.',
          },
  },
  {
    id: 'key_expiry',
    run: ({ key, now }) => {
      if (!key.expiresAt) return pass('The key does not expire.');
      const days = (key.expiresAt.getTime() - now.getTime()) / DAY_MS;
      const details = { expiresAt: key.expiresAt.toISOString(), ...(key.replacement ? { replacement: key.replacement } : {}) };
      if (days > EXPIRY_WARN_DAYS) return pass(`The key expires in ${Math.floor(days)} days.`, details);
      const action = key.replacement
        ? `Switch to the key that replaced it (${key.replacement}…) before it expires.`
        : 'Roll the key (a new key works at once; the old one keeps working for the overlap you choose) and switch to the new one.';
      const summary = `The key expires at ${key.expiresAt.toISOString()}.`;
      return { status: days <= EXPIRY_FAIL_DAYS ? 'fail' : 'warn', summary, action, details };
    },
  },
  {
    id: 'key_scopes',
    run: ({ key, app }) => {
      const missing = app.requestedScopes.filter((s) => !key.scopes.includes(s));
      if (!missing.length) return pass('The key holds every scope the app requests.', { scopes: key.scopes });
      return {
        status: 'fail',
        summary: `The key lacks scopes the app requests: ${missing.join(', ')}.`,
        action: 'Use a key that holds these scopes; operations that need them answer 403 insufficient_scope.',
        details: { missingScopes: missing },
      };
    },
  },
  {
    id: 'scopes_granted',
    run: ({ installationScopes, app }) => {
      const missing = app.requestedScopes.filter((s) => !installationScopes.includes(s));
      if (!missing.length) return pass('The store granted every scope the app requests.');
      return {
        status: 'fail',
        summary: `The store has not granted: ${missing.join(', ')}.`,
        action: 'Ask the merchant to grant these scopes to the installation.',
        details: { missingScopes: missing },
      };
    },
  },
  {
    id: 'store_access',
    run: ({ merchant }) =>
      merchant.accessMode === 'open'
        ? pass('The store is open to shoppers.')
        : {
            status: 'warn',
            summary: 'The store is protected: shoppers need a store access token to read it.',
            action: `Send shoppers through the store access challenge (POST /api/v1/public/store-access/${merchant.slug}/challenges) or ask the merchant to open the store.`,
          },
  },
  {
    id: 'catalog_published',
    run: ({ sellableProducts }) =>
      sellableProducts > 0
        ? pass(`The store has ${sellableProducts} active products with prices.`, { sellableProducts })
        : {
            status: 'fail',
            summary: 'The store has no active product with a price.',
            action: 'Ask the merchant to publish products before going live.',
          },
  },
  {
    id: 'webhook_endpoint',
    run: ({ webhookEndpoints }) => {
      const endpoints = webhookEndpoints.map((e) => e.id);
      if (!webhookEndpoints.length) {
        return {
          status: 'warn',
          summary: 'No webhook endpoint is configured: the app will not hear about orders and checkouts.',
          action: 'Ask the store operator to create one (npm run webhooks -- create), then verify signatures with the signature fixture.',
        };
      }
      const failing = webhookEndpoints.filter((e) => e.enabled && e.health === 'failing');
      if (failing.length) {
        return {
          status: 'fail',
          summary: `Deliveries to ${failing.length} endpoint(s) keep failing (${failing[0]!.consecutiveFailures} attempts in a row).`,
          action: 'Make the receiver answer 2xx within 5 s; check the delivery log (npm run webhooks -- deliveries <id>). The next success clears this.',
          details: { failing: failing.map((e) => e.id) },
        };
      }
      const enabled = webhookEndpoints.filter((e) => e.enabled);
      if (!enabled.length) {
        const gone = webhookEndpoints.some((e) => e.disabledReason === 'gone');
        return {
          status: gone ? 'fail' : 'warn',
          summary: gone ? 'The receiver answered 410 Gone, so its endpoint was disabled.' : 'Every webhook endpoint is disabled.',
          action: 'Enable the endpoint (updateInstallationWebhook with enabled: true) once its receiver is ready.',
          details: { endpoints },
        };
      }
      const disabled = webhookEndpoints.filter((e) => !e.enabled).map((e) => e.id);
      const summary = `${enabled.length} webhook endpoint(s) enabled and healthy` + (disabled.length ? `; ${disabled.length} disabled (their events wait).` : '.');
      return pass(summary, { endpoints: enabled.map((e) => e.id), ...(disabled.length ? { disabled } : {}) });
    },
  },
  {
    id: 'webhook_delivery',
    run: ({ webhookEndpoints, now }) => {
      const last = webhookEndpoints
        .map((e) => e.lastSuccessAt)
        .filter((d): d is Date => d !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      if (!last) {
        return {
          status: 'warn',
          summary: 'No webhook delivery has been acknowledged yet.',
          action: 'Once events occur, make sure your receiver verifies the signature and answers 2xx.',
        };
      }
      const days = (now.getTime() - last.getTime()) / DAY_MS;
      if (days > WEBHOOK_SUCCESS_WARN_DAYS) {
        return { status: 'warn', summary: `The last acknowledged delivery was ${Math.floor(days)} days ago.`, action: 'Check that the receiver still answers 2xx.', details: { lastSuccessAt: last.toISOString() } };
      }
      return pass('A webhook delivery was acknowledged recently.', { lastSuccessAt: last.toISOString() });
    },
  },
];
