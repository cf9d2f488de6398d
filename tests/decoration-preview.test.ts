import { describe, expect, it } from 'vitest';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { createDecorationPreview, getDecorationPreview } from '../lib/decoration/preview-decoration';
import { StorefrontDecoration } from '../lib/decoration/schemas';
import { withLastCharacterChanged } from './helpers/tamper';

const slug = 'lumen-audio';

async function ctx(now = new Date()) {
  return createServiceContext({ db: await getDb(), now, mediaBase: null });
}

async function liveDraft() {
  // As the API serves it (absolute media URLs), which is a valid draft as it stands.
  const api = createServiceContext({ db: await getDb() });
  const { locale, market, blocks } = StorefrontDecoration.parse(await getPublicStorefrontDecoration(api, { slug }));
  return { locale, market, blocks };
}

describe('decoration previews', () => {
  it('shows a draft through its link without publishing it, until the link expires', async () => {
    const before = await getPublicStorefrontDecoration(await ctx(), { slug });
    const draft = await liveDraft();
    const hero = draft.blocks.find((b) => b.type === 'brand_hero')!;
    if (hero.type === 'brand_hero') hero.title = { 'zh-CN': '冬季预览', 'en-US': 'Winter preview' };
    const now = new Date();
    const link = await createDecorationPreview(await ctx(now), { slug, draft, ttlSeconds: 3600 });
    expect(link.path).toBe(`/stores/${slug}?preview=${link.token}`);
    expect(new Date(link.expiresAt).getTime() - now.getTime()).toBeLessThanOrEqual(3600_000);

    const shown = await getDecorationPreview(await ctx(), { slug, token: link.token, locale: 'en-US' });
    expect(shown?.blocks.find((b) => b.type === 'brand_hero')).toMatchObject({ title: { 'en-US': 'Winter preview' } });
    // Nothing was published: shoppers still get the same version.
    const after = await getPublicStorefrontDecoration(await ctx(), { slug });
    expect(after.versionId).toBe(before.versionId);
    expect(after.blocks.find((b) => b.type === 'brand_hero')).not.toMatchObject({ title: { 'en-US': 'Winter preview' } });

    // Another store, a changed token, or after expiry: no preview.
    expect(await getDecorationPreview(await ctx(), { slug: 'huaxia-digital', token: link.token })).toBeNull();
    expect(await getDecorationPreview(await ctx(), { slug, token: withLastCharacterChanged(link.token) })).toBeNull();
    expect(await getDecorationPreview(await ctx(new Date(now.getTime() + 3601_000)), { slug, token: link.token })).toBeNull();
  });

  it('refuses an invalid draft with every violation, as publishing does', async () => {
    const draft = { ...(await liveDraft()), market: 'JP', blocks: [{ type: 'nope' }] };
    await expect(createDecorationPreview(await ctx(), { slug, draft })).rejects.toMatchObject({
      code: 'validation_failed',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'market' }), expect.objectContaining({ path: 'blocks.0.type' })]),
    });
  });
});
