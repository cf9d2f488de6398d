import { describe, expect, it } from 'vitest';
import { isDemoSeeded } from '../components/home/home-text';
import { listStores } from '../lib/catalog/list-stores';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';

/**
 * The home page and the site 404 list the stores the database holds (lib/catalog/list-stores.ts),
 * not the demo seed's list: a deployment shows its own stores, and an empty one shows none.
 */
async function ctx(mediaBase: URL | null = null) {
  return createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1', mediaBase });
}

describe('listStores', () => {
  it('lists the seeded demo stores, oldest first, with their profile and access mode', async () => {
    const { total, stores } = await listStores(await ctx(), { limit: 24 });
    expect(total).toBe(3);
    expect(stores.map((s) => s.slug)).toEqual(['huaxia-digital', 'lumen-audio', 'maison-atelier']);
    expect(stores[1]).toEqual({
      slug: 'lumen-audio',
      displayName: 'Lumen Audio',
      tagline: { 'zh-CN': expect.any(String), 'en-US': expect.any(String) },
      logoUrl: '/media/stores/lumen-audio.svg',
      accentColor: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      access: 'open',
    });
    expect(stores.find((s) => s.slug === 'maison-atelier')!.access).toBe('protected');
    expect(isDemoSeeded(stores.map((s) => s.slug))).toBe(true);
  });

  it('makes logo URLs absolute for a context that serves another origin', async () => {
    const { stores } = await listStores(await ctx(new URL('https://shop.example')), { limit: 1 });
    expect(stores[0]!.logoUrl).toBe('https://shop.example/media/stores/huaxia-digital.svg');
  });

  it('lists a store of the deployment’s own, and counts the stores beyond the limit', async () => {
    const db = await getDb();
    await db.merchant.create({
      data: {
        slug: 'corner-books',
        displayName: 'Corner Books',
        tagline: { 'zh-CN': '街角书店', 'en-US': 'Books on the corner' },
        defaultLocale: 'en-US',
        defaultMarket: 'US',
        markets: ['US'],
        contact: {},
        createdAt: new Date(Date.now() + 60_000),
      },
    });
    const { total, stores } = await listStores(await ctx(), { limit: 3 });
    expect(total).toBe(4);
    expect(stores.map((s) => s.slug)).not.toContain('corner-books');
    const all = await listStores(await ctx(), { limit: 24 });
    expect(all.stores.at(-1)).toMatchObject({ slug: 'corner-books', logoUrl: null, accentColor: null, access: 'open' });
  });

  it('lists nothing, and describes no demo, for a database without stores', async () => {
    const db = await getDb();
    await db.merchant.deleteMany({});
    expect(await listStores(await ctx(), { limit: 24 })).toEqual({ total: 0, stores: [] });
    expect(isDemoSeeded([])).toBe(false);
    expect(isDemoSeeded(['lumen-audio', 'corner-books'])).toBe(false);
  });
});
