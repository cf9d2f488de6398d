import type { Locale } from '../schemas/common';

/** The storefront's own words (merchants' texts come localized in their data). */
const text = {
  'zh-CN': {
    language: '语言',
    learnMore: '了解详情',
    digital: '数字商品',
    notSold: '本市场暂不销售',
    from: '起',
    comingSoon: '店铺装修即将上线',
    comingSoonBody: '这家店铺尚未发布店面装修，您可以先浏览下方商品。',
    browseProducts: '浏览全部商品',
    backToStore: '返回店铺',
    inStock: '有货',
    soldOut: '已售罄',
    options: '可选规格',
    variants: '规格与价格',
    variant: '规格',
    price: '价格',
    availability: '库存',
    description: '商品介绍',
    maxPerOrder: (n: number) => `每单限购 ${n} 件`,
    poweredBy: '由 Storefront Commerce 提供技术支持',
    playVideo: '品牌视频',
    storeHome: '店铺首页',
    breadcrumb: '面包屑导航',
  },
  'en-US': {
    language: 'Language',
    learnMore: 'Learn more',
    digital: 'Digital',
    notSold: 'Not sold in this market',
    from: 'From',
    comingSoon: 'Storefront coming soon',
    comingSoonBody: 'This store has not published its storefront yet. Its products are below.',
    browseProducts: 'Browse all products',
    backToStore: 'Back to store',
    inStock: 'In stock',
    soldOut: 'Sold out',
    options: 'Options',
    variants: 'Variants and prices',
    variant: 'Variant',
    price: 'Price',
    availability: 'Availability',
    description: 'About this product',
    maxPerOrder: (n: number) => `Limit ${n} per order`,
    poweredBy: 'Powered by Storefront Commerce',
    playVideo: 'Brand video',
    storeHome: 'Store home',
    breadcrumb: 'Breadcrumb',
  },
} as const;

export type UiText = (typeof text)[Locale];

export function uiText(locale: Locale): UiText {
  return text[locale];
}
