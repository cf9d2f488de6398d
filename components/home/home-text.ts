import type { Locale } from '@/lib/schemas/common';

/** The words of the demo's own pages (home, site 404). */
const text = {
  'en-US': {
    tagline: 'Storefronts, carts and hosted checkout for merchants and app builders.',
    intro:
      'This is a running demo: three stores with a catalog of 200 products in Chinese and English, sold in China (CNY) and the United States (USD), over the same API that apps use.',
    stores: 'Demo stores',
    visit: 'Visit the store',
    protectedStore: (password: string) => `Members only: unlock it with the password ${password}`,
    tryTitle: 'What to try',
    tries: [
      { label: 'Search in Chinese: 耳机 (earbuds and headphones) at 华夏数码', href: '/stores/huaxia-digital/search?q=%E8%80%B3%E6%9C%BA&locale=en-US' },
      { label: 'Search with a typo: “wirless earbuds” at Lumen Audio', href: '/stores/lumen-audio/search?q=wirless+earbuds' },
      { label: 'Browse a category page by page: Electronics at 华夏数码', href: '/stores/huaxia-digital/categories/electronics?locale=en-US' },
      { label: 'Pick a colour and a quantity: Aurora Wireless Earbuds Pro', href: '/stores/lumen-audio/products/aurora-wireless-earbuds-pro' },
      { label: 'See every product of a store, cheapest first', href: '/stores/lumen-audio/products?sort=price_asc' },
    ],
    devTitle: 'For developers',
    docs: 'API reference',
    docsBody: 'Every operation, its scopes and errors, with examples that run against this demo.',
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
    intro: '这是一个正在运行的演示：三家店铺、200 件中英双语商品，面向中国（人民币）和美国（美元）市场销售，页面与第三方应用使用同一套 API。',
    stores: '演示店铺',
    visit: '进入店铺',
    protectedStore: (password: string) => `会员专享：使用密码 ${password} 进入`,
    tryTitle: '可以试试',
    tries: [
      { label: '中文搜索：在华夏数码搜索“耳机”', href: '/stores/huaxia-digital/search?q=%E8%80%B3%E6%9C%BA&locale=zh-CN' },
      { label: '拼写纠错：在 Lumen Audio 搜索“wirless earbuds”', href: '/stores/lumen-audio/search?q=wirless+earbuds&locale=zh-CN' },
      { label: '按分类逐页浏览：华夏数码的数码电子', href: '/stores/huaxia-digital/categories/electronics?locale=zh-CN' },
      { label: '选择颜色和数量：极光无线耳机 Pro', href: '/stores/lumen-audio/products/aurora-wireless-earbuds-pro?locale=zh-CN' },
      { label: '查看店铺全部商品，价格从低到高', href: '/stores/lumen-audio/products?sort=price_asc&locale=zh-CN' },
    ],
    devTitle: '开发者',
    docs: 'API 参考文档',
    docsBody: '每个接口的权限范围、错误码，以及可在本演示上直接运行的示例。',
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
