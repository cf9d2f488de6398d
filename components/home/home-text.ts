import type { Locale } from '@/lib/schemas/common';

/**
 * The words of the site's own pages (home, site 404). What names the demo seed's stores (the demo
 * intro, the things to try) is shown only where the database holds those stores.
 */
const text = {
  'en-US': {
    tagline: 'Storefronts, carts and hosted checkout for merchants and app builders.',
    intro: 'Shop the stores below, or build on the API they run on: catalog, search, carts, hosted checkout, orders and webhooks.',
    demoIntro:
      'This is a running demo: three stores with a catalog of 200 products in Chinese and English, sold in China (CNY) and the United States (USD), over the same API that apps use.',
    stores: 'Stores',
    demoStores: 'Demo stores',
    moreStores: (shown: number, total: number) => `The first ${shown} of ${total} stores.`,
    noStoresTitle: 'No stores yet',
    noStoresBody: 'Stores appear here as soon as this deployment’s database holds them.',
    noStoresSeed: 'To look around with sample data, load the demo catalog:',
    visit: 'Visit the store',
    protectedStore: 'Members only: unlock it at the store',
    tryTitle: 'What to try',
    tries: [
      { label: 'Search in Chinese: 耳机 (earbuds and headphones) at 华夏数码', href: '/stores/huaxia-digital/search?q=%E8%80%B3%E6%9C%BA&locale=en-US' },
      { label: 'Search with a typo: “wirless earbuds” at Lumen Audio', href: '/stores/lumen-audio/search?q=wirless+earbuds' },
      { label: 'Browse a category page by page: Electronics at 华夏数码', href: '/stores/huaxia-digital/categories/electronics?locale=en-US' },
      { label: 'Pick a colour and a quantity: Aurora Wireless Earbuds Pro', href: '/stores/lumen-audio/products/aurora-wireless-earbuds-pro' },
      { label: 'See every product of a store, cheapest first', href: '/stores/lumen-audio/products?sort=price_asc' },
      { label: 'Unlock the members-only Maison Atelier with the password atelier-members-2026', href: '/stores/maison-atelier/access' },
    ],
    devTitle: 'For developers',
    docs: 'API reference',
    docsBody: 'Every operation, its scopes and errors, with examples to run.',
    demoDocsBody: 'Every operation, its scopes and errors, with examples that run against this demo.',
    openapi: 'OpenAPI document',
    bootstrap: 'Bootstrap: locales, markets, limits',
    commands: 'Try from a terminal',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is no page or store at this address.',
    backHome: 'Back to the home page',
    language: 'Language',
  },
  'zh-CN': {
    tagline: '为商家和应用开发者提供店铺、购物车与托管结账。',
    intro: '逛逛下面的店铺，或基于它们所用的 API 开发：商品目录、搜索、购物车、托管结账、订单与 Webhook。',
    demoIntro: '这是一个正在运行的演示：三家店铺、200 件中英双语商品，面向中国（人民币）和美国（美元）市场销售，页面与第三方应用使用同一套 API。',
    stores: '店铺',
    demoStores: '演示店铺',
    moreStores: (shown: number, total: number) => `共 ${total} 家店铺，这里列出前 ${shown} 家。`,
    noStoresTitle: '还没有店铺',
    noStoresBody: '本站数据库中有了店铺，就会显示在这里。',
    noStoresSeed: '想用示例数据看看，可载入演示商品目录：',
    visit: '进入店铺',
    protectedStore: '会员专享：需在店铺页面解锁',
    tryTitle: '可以试试',
    tries: [
      { label: '中文搜索：在华夏数码搜索“耳机”', href: '/stores/huaxia-digital/search?q=%E8%80%B3%E6%9C%BA&locale=zh-CN' },
      { label: '拼写纠错：在 Lumen Audio 搜索“wirless earbuds”', href: '/stores/lumen-audio/search?q=wirless+earbuds&locale=zh-CN' },
      { label: '按分类逐页浏览：华夏数码的数码电子', href: '/stores/huaxia-digital/categories/electronics?locale=zh-CN' },
      { label: '选择颜色和数量：极光无线耳机 Pro', href: '/stores/lumen-audio/products/aurora-wireless-earbuds-pro?locale=zh-CN' },
      { label: '查看店铺全部商品，价格从低到高', href: '/stores/lumen-audio/products?sort=price_asc&locale=zh-CN' },
      { label: '进入会员店铺 Maison Atelier：密码 atelier-members-2026', href: '/stores/maison-atelier/access?locale=zh-CN' },
    ],
    devTitle: '开发者',
    docs: 'API 参考文档',
    docsBody: '每个接口的权限范围、错误码，以及可直接运行的示例。',
    demoDocsBody: '每个接口的权限范围、错误码，以及可在本演示上直接运行的示例。',
    openapi: 'OpenAPI 文档',
    bootstrap: '启动信息：语言、市场与限制',
    commands: '在终端里试试',
    notFoundTitle: '页面不存在',
    notFoundBody: '这个地址下没有页面或店铺。',
    backHome: '返回首页',
    language: '语言',
  },
} as const;

export function homeText(locale: Locale) {
  return text[locale];
}

/** The demo seed's stores: the demo intro and the things to try name them. */
const demoStoreSlugs = ['huaxia-digital', 'lumen-audio', 'maison-atelier'];

/** Whether the stores listed are the demo seed's (all of them present): only then is the demo described. */
export function isDemoSeeded(slugs: readonly string[]): boolean {
  return demoStoreSlugs.every((s) => slugs.includes(s));
}
