import type { Db } from '../db/client';
import type { Scope } from '../operations/types';

/** The credential behind an API-key (or OAuth) request, once authenticated. */
export type Principal = {
  kind: 'apiKey' | 'oauth';
  installationId: string;
  merchantId: string;
  appId: string;
  credentialId: string;
  scopes: readonly Scope[];
};

/** What services receive: who is asking, when, and the database to use. Never the Request. */
export type ServiceContext = {
  db: Db;
  now: Date;
  requestId: string;
  principal: Principal | null;
  /** The client address as seen through the trusted proxy chain. */
  clientAddress: string;
  /** Stores (slugs) the caller holds a valid store access token for. */
  storeAccess: ReadonlySet<string>;
};
