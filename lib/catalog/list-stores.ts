import 'server-only';
import type { ServiceContext } from '../core/context';
import { mediaUrl } from '../core/media-urls';
import type { LocalizedString } from '../schemas/common';
import { readStoreListing } from './data';

export type StoreListing = {
  slug: string;
  displayName: string;
  tagline: LocalizedString;
  logoUrl: string | null;
  accentColor: string | null;
  /** A protected store's profile is public; its catalog needs a store access token. */
  access: 'open' | 'protected';
};

/**
 * The stores of this deployment, for its own front door and 404 page: whatever the database
 * holds (the demo seed's stores only where it ran), the first `limit` of them, oldest first.
 */
export async function listStores(ctx: ServiceContext, input: { limit: number }): Promise<{ total: number; stores: StoreListing[] }> {
  const { total, stores } = await readStoreListing(ctx.db, input.limit);
  return {
    total,
    stores: stores.map((s) => ({
      slug: s.slug,
      displayName: s.displayName,
      tagline: s.tagline,
      logoUrl: s.logoUrl && mediaUrl(ctx, s.logoUrl),
      accentColor: s.accentColor,
      access: s.accessMode,
    })),
  };
}
