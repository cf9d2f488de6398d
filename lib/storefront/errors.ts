import { notFound, redirect } from 'next/navigation';
import { isServiceError } from '../core/errors';

/**
 * What a storefront page does with a service error: unknown stores and products are the 404
 * page; a protected store sends the shopper to its access page; anything else is a real failure.
 */
export function handleStorefrontError(err: unknown, slug: string, returnTo: string): never {
  if (isServiceError(err)) {
    if (err.code === 'merchant_not_found' || err.code === 'product_not_found') notFound();
    if (err.code === 'store_access_required') {
      redirect(`/stores/${encodeURIComponent(slug)}/access?next=${encodeURIComponent(returnTo)}`);
    }
  }
  throw err;
}
