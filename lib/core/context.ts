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

/** What services receive: who is asking, when, the database to use and where to log. Never the Request. */
export type ServiceContext = {
  db: Db;
  now: Date;
  requestId: string;
  principal: Principal | null;
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
 * access, the address `local`.
 */
export function createServiceContext(init: ServiceContextInit): ServiceContext {
  const requestId = init.requestId ?? `local_${crypto.randomUUID()}`;
  return {
    db: init.db,
    now: init.now ?? new Date(),
    requestId,
    principal: init.principal ?? null,
    clientAddress: init.clientAddress ?? 'local',
    storeAccess: init.storeAccess ?? new Set(),
    mediaBase: init.mediaBase === undefined ? publicBaseUrl() : init.mediaBase,
    log: logger.child({ requestId }),
  };
}
