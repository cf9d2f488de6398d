import type { Db } from '../db/client';
import { getMerchantOrThrow } from '../catalog/merchants';
import { readCurrentDraft, saveDecorationDraft } from '../decoration/decoration-draft';
import { publishDecoration } from '../decoration/publish-decoration';
import type { DecorationDraftInput } from '../decoration/schemas';
import { createServiceContext } from '../core/context';
import { type L, demoMerchants } from './catalog-data';
import { stableUuid } from './ids';

type BlockInput = DecorationDraftInput['blocks'][number];
type Pick = { categories: string[]; take: number; kind?: 'physical' | 'digital' };

const l = (zh: string, en: string): L => ({ 'zh-CN': zh, 'en-US': en });

/** A demo decoration: blocks with `products` naming which catalog products to show. */
type DemoBlock = Exclude<BlockInput, { type: 'product_collection' }> | (Omit<Extract<BlockInput, { type: 'product_collection' }>, 'products'> & { pick: Pick });

function image(key: string, url: string, alt: string, width: number, height: number) {
  return { id: stableUuid(`decoration-media:${key}`), kind: 'image' as const, url, thumbnailUrl: null, alt, width, height, durationSeconds: null };
}

/** Every demo store's decoration uses all four block kinds, with responsive and disabled blocks to show. */
function demoDecoration(slug: string): { blocks: DemoBlock[] } | undefined {
  const id = (name: string) => stableUuid(`decoration-block:${slug}:${name}`);
  switch (slug) {
    case 'lumen-audio':
      return {
        blocks: [
          {
            // No shipping offer typed in here: the storefront announces free shipping itself, written
            // from the store's shipping rule, so the two cannot disagree.
            id: id('notice-shipping'),
            type: 'notice',
            text: l('30 天无忧退货 · 两年保修', '30-day returns · 2-year warranty'),
            path: '/products/aurora-wireless-earbuds-pro',
            theme: { density: 'compact' },
          },
          {
            id: id('hero'),
            type: 'brand_hero',
            title: l('为细节而生的声音', 'Sound built for the details'),
            description: l(
              '定制动圈单元、录音室级调校与空间音频，从通勤到混音台都清晰如一。',
              'Custom drivers, studio tuning and spatial audio: clear from the commute to the mixing desk.',
            ),
            media: {
              id: stableUuid('decoration-media:lumen-hero'),
              kind: 'video',
              url: '/media/decoration/lumen-hero.webm',
              thumbnailUrl: '/media/decoration/lumen-hero-poster.jpg',
              alt: 'A sound wave pulsing across a deep blue gradient',
              width: 960,
              height: 540,
              durationSeconds: 6,
            },
          },
          {
            id: id('headphones'),
            type: 'product_collection',
            title: l('耳机新品', 'New in headphones'),
            pick: { categories: ['headphones'], take: 8 },
          },
          {
            id: id('banner-desktop'),
            type: 'image_banner',
            alt: l('书架音箱系列：木质箱体，温暖声场', 'Bookshelf speakers: wood cabinets, a warm soundstage'),
            path: '/products/bookshelf-speakers-pro',
            media: image('lumen-banner', '/media/decoration/lumen-banner.svg', 'Bookshelf speakers banner', 1600, 400),
            responsive: { desktop: true, mobile: false },
          },
          {
            id: id('banner-mobile'),
            type: 'image_banner',
            alt: l('书架音箱系列', 'Bookshelf speakers'),
            path: '/products/bookshelf-speakers-pro',
            media: image('lumen-banner-mobile', '/media/decoration/lumen-banner-mobile.svg', 'Bookshelf speakers', 800, 800),
            responsive: { desktop: false, mobile: true },
          },
          {
            id: id('speakers'),
            type: 'product_collection',
            title: l('音箱与配件', 'Speakers and accessories'),
            pick: { categories: ['speakers', 'accessories', 'chargers'], take: 8 },
            theme: { surface: 'muted' },
          },
          {
            id: id('studio'),
            type: 'product_collection',
            title: l('录音室软件与指南', 'Studio software and guides'),
            pick: { categories: ['software', 'ebooks'], take: 4, kind: 'digital' },
            theme: { surface: 'elevated', accent: 'neutral', density: 'compact' },
          },
          {
            id: id('notice-holiday'),
            type: 'notice',
            text: l('假日期间客服响应可能延迟。', 'Support replies may be slower over the holidays.'),
            path: null,
            enabled: false,
          },
        ],
      };
    case 'huaxia-digital':
      return {
        blocks: [
          {
            id: id('hero'),
            type: 'brand_hero',
            title: l('正品数码，次日达', 'Genuine electronics, next-day delivery'),
            description: l('官方授权渠道，全国联保，下午 4 点前下单次日送达。', 'Authorised channels, nationwide warranty, order by 4 pm for next-day delivery.'),
            media: image('huaxia-hero', '/media/decoration/huaxia-hero.svg', '暖橙色渐变背景上的抽象圆形与波纹', 1600, 640),
          },
          {
            id: id('notice'),
            type: 'notice',
            text: l('双十二预热：氮化镓快充限时直降', 'Pre-sale: GaN fast chargers at limited-time prices'),
            path: '/products/gan-fast-charger-pro',
            theme: { accent: 'primary', density: 'compact' },
          },
          {
            id: id('audio'),
            type: 'product_collection',
            title: l('热销耳机与音箱', 'Best-selling audio'),
            pick: { categories: ['headphones', 'speakers'], take: 8 },
          },
          {
            id: id('banner-desktop'),
            type: 'image_banner',
            alt: l('智能家居专场：插座、门铃一站配齐', 'Smart home: plugs and doorbells in one place'),
            path: '/products/smart-video-doorbell-pro',
            media: image('huaxia-banner', '/media/decoration/huaxia-banner.svg', '智能家居专场横幅', 1600, 400),
            responsive: { desktop: true, mobile: false },
          },
          {
            id: id('banner-mobile'),
            type: 'image_banner',
            alt: l('智能家居专场', 'Smart home'),
            path: '/products/smart-video-doorbell-pro',
            media: image('huaxia-banner-mobile', '/media/decoration/huaxia-banner-mobile.svg', '智能家居专场', 800, 800),
            responsive: { desktop: false, mobile: true },
          },
          {
            id: id('accessories'),
            type: 'product_collection',
            title: l('手机配件', 'Phone accessories'),
            pick: { categories: ['phone-cases', 'chargers'], take: 8 },
            theme: { surface: 'muted', density: 'compact' },
          },
        ],
      };
    case 'maison-atelier':
      return {
        blocks: [
          {
            id: id('notice'),
            type: 'notice',
            text: l('会员专享：所有订单免费礼品包装', 'Members only: free gift wrapping on every order'),
            path: null,
            theme: { surface: 'muted', accent: 'neutral' },
          },
          {
            id: id('hero'),
            type: 'brand_hero',
            title: l('会员专享的手作家居', 'Handmade home goods for members'),
            description: l('每一件都出自工坊匠人之手，小批量制作。', 'Every piece made by hand in small batches in our workshop.'),
            media: image('maison-hero', '/media/decoration/maison-hero.svg', 'Soft green and sand shapes over a linen-toned gradient', 1600, 640),
            theme: { surface: 'elevated' },
          },
          {
            id: id('kitchen'),
            type: 'product_collection',
            title: l('厨房与餐桌', 'Kitchen and table'),
            pick: { categories: ['kitchen'], take: 6 },
          },
          {
            id: id('banner'),
            type: 'image_banner',
            alt: l('秋冬羊毛与羊绒系列', 'Autumn wool and cashmere'),
            path: '/products/wool-overcoat-pro',
            media: image('maison-banner', '/media/decoration/maison-banner.svg', 'Autumn collection banner', 1600, 400),
          },
          {
            id: id('living'),
            type: 'product_collection',
            title: l('家饰与衣橱', 'Living and wardrobe'),
            pick: { categories: ['decor', 'outerwear', 'accessories'], take: 8 },
            theme: { surface: 'muted' },
          },
        ],
      };
    default:
      return undefined;
  }
}

/**
 * Publishes version 1 of each demo store's decoration through the same publishing path merchants
 * use (so the seed is validated like any publish). Idempotent: a store with a version is left alone.
 */
export async function seedDemoDecorations(db: Db): Promise<{ decorations: number }> {
  const ctx = createServiceContext({ db, requestId: 'seed', clientAddress: 'seed' });
  let published = 0;
  for (const merchant of demoMerchants) {
    const decoration = demoDecoration(merchant.slug);
    if (!decoration) continue;
    const merchantId = stableUuid(`merchant:${merchant.slug}`);
    if (await db.storefrontDecorationVersion.findFirst({ where: { merchantId }, select: { id: true } })) continue;
    const blocks: BlockInput[] = [];
    for (const block of decoration.blocks) {
      if (!('pick' in block)) {
        blocks.push(block);
        continue;
      }
      const { pick, ...rest } = block;
      const products = await db.product.findMany({
        where: { merchantId, status: 'active', category: { slug: { in: pick.categories } }, ...(pick.kind ? { kind: pick.kind } : {}) },
        orderBy: [{ createdAt: 'desc' }, { slug: 'asc' }],
        take: pick.take,
        select: { id: true, slug: true, kind: true },
      });
      // Only `id` links an entry to the catalog; the other fields are refreshed from it when publishing.
      blocks.push({
        ...rest,
        products: products.map((p) => ({ id: p.id, slug: p.slug, title: p.slug, imageUrl: null, kind: p.kind, price: null })),
      });
    }
    await publishDecoration(ctx, {
      slug: merchant.slug,
      draft: { locale: merchant.defaultLocale, market: merchant.defaultMarket, blocks },
    });
    published++;
  }
  await seedDemoDraft(db);
  return { decorations: published };
}

/**
 * lumen-audio also has a saved draft with one unpublished change (the notice block's text), so the
 * studio and the API's draft, preview and publish examples have something to show. Idempotent:
 * a store with a saved draft is left alone.
 */
async function seedDemoDraft(db: Db): Promise<void> {
  const ctx = createServiceContext({ db, requestId: 'seed', clientAddress: 'seed' });
  const merchant = await getMerchantOrThrow(db, 'lumen-audio');
  const current = await readCurrentDraft(ctx, merchant);
  if (current.source !== 'live') return;
  const notice = stableUuid('decoration-block:lumen-audio:notice-shipping');
  const blocks = current.blocks.map((b) =>
    b.id === notice && b.type === 'notice' ? { ...b, text: l('30 天无忧退货 · 两年保修 · 免费刻字', '30-day returns · 2-year warranty · free engraving') } : b,
  );
  await saveDecorationDraft(ctx, merchant, { draft: { locale: current.locale, market: current.market, blocks } });
}
