/**
 * Store access tokens the request carries (header for API clients, cookie for pages).
 * No store is protected until store access challenges exist, so a request opens none.
 */
export async function readStoreAccess(_req: Request): Promise<ReadonlySet<string>> {
  return new Set();
}
