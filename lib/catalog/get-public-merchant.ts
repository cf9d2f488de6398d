import 'server-only';
import type { ServiceContext } from '../core/context';
import { getMerchantOrThrow, toPublicMerchant } from './merchants';
import type { PublicMerchant } from './schemas';

export async function getPublicMerchant(ctx: ServiceContext, slug: string): Promise<PublicMerchant> {
  return toPublicMerchant(await getMerchantOrThrow(ctx.db, slug), ctx);
}
