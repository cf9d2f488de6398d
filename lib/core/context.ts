import 'server-only';
import type { Db } from '../db/client';
import { type Logger, logger } from '../platform/logger';
import { publicBaseUrl } from './media-urls';
import type { Scope } from './scopes';
import type { WriteCompletion } from './write-completion';

/** The credential behind an API-key (or OAuth) request, once authenticated. */
export type Principal = {
  kind: 'apiKey' | 'oauth';
  installationId: string;
  merchantId: string;
  appId: string;
  credentialId: string;
  scopes: readonly Scope[];
  /** False for `sk_test_` API keys: what they start is test mode (test cards only). OAuth tokens are live. */
  livemode: boolean;
};

/**
 * Who a change is done by, as the audit trail records it: a signed-in merchant user (console),
 * an installation's credential (API), the operator (CLI), a shopper (storefront pages), or the
 * system (sweeps, background work). Set once where the request enters: the pipeline from its
 * principal, console actions from the session, the commands as the operator.
 */
export type Actor =
  | { kind: 'merchant_user'; userId: string; email: string }
  | { kind: 'installation'; installationId: string; appId: string; credentialId: string }
  | { kind: 'operator' }
  | { kind: 'shopper' }
  | { kind: 'system' };

export const actorKinds = ['merchant_user', 'installation', 'operator', 'shopper', 'system'] as const satisfies readonly Actor['kind'][];

/** The actor of a request made with a credential. */
export function installationActor(principal: Principal): Actor {
  return { kind: 'installation', installationId: principal.installationId, appId: principal.appId, credentialId: principal.credentialId };
}

/** What services receive: who is asking, when, the database to use and where to log. Never the Request. */
export type ServiceContext = {
  db: Db;
  now: Date;
  requestId: string;
  principal: Principal | null;
  /** Who the change is done by (the audit trail's "who"). */
  actor: Actor;
  /** The client address as seen through the trusted proxy chain. */
  clientAddress: string;
  /** Stores (slugs) the caller holds a valid store access token for. */
  storeAccess: ReadonlySet<string>;
  /**
   * Where own media URLs (stored root-relative, "/media/...") point in what services return:
   * absolute against PUBLIC_BASE_URL for API clients on any origin (the default), root-relative
   * (null) for the app's own pages.
   */
  mediaBase: URL | null;
  log: Logger;
  /**
   * Set while an idempotent operation runs without a surrounding transaction, its outcome to be
   * recorded by its own write statement (see write-completion.ts). Absent everywhere else.
   */
  completion?: WriteCompletion;
};

export type ServiceContextInit = Pick<ServiceContext, 'db'> & Partial<Omit<ServiceContext, 'db' | 'log'>>;

/**
 * The one constructor of a service context, for request handling, pages, operator commands and
 * tests alike. What a caller leaves out is "nobody in particular, now": no principal, no store
 * access, the address `local`, and as actor the principal's installation, else the system.
 */
export function createServiceContext(init: ServiceContextInit): ServiceContext {
  const requestId = init.requestId ?? `local_${crypto.randomUUID()}`;
  return {
    db: init.db,
    now: init.now ?? new Date(),
    requestId,
    principal: init.principal ?? null,
    actor: init.actor ?? (init.principal ? installationActor(init.principal) : { kind: 'system' }),
    clientAddress: init.clientAddress ?? 'local',
    storeAccess: init.storeAccess ?? new Set(),
    mediaBase: init.mediaBase === undefined ? publicBaseUrl() : init.mediaBase,
    log: logger.child({ requestId }),
  };
}
