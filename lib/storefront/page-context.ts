import { headers } from 'next/headers';
import { cache } from 'react';
import { getDb } from '../db/client';
import { clientAddress } from '../http/client-address';
import { createServiceContext, type ServiceContext } from '../core/context';
import { readStoreAccess } from '../http/store-access';

/**
 * The service context of a storefront page request, built once per request: pages call the same
 * services as the API, with the shopper's store access cookies read the same way, and media URLs
 * root-relative.
 */
export const storefrontContext = cache(async (): Promise<ServiceContext> => {
  const h = new Headers(await headers());
  return createServiceContext({
    db: await getDb(),
    requestId: `page_${crypto.randomUUID()}`,
    clientAddress: clientAddress(h),
    storeAccess: await readStoreAccess(new Request('http://storefront.local/', { headers: h })),
    // Pages are served from this origin: their media URLs stay root-relative.
    mediaBase: null,
  });
});
