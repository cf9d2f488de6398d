import type { Locale } from '@/lib/schemas/common';

/** The merchant console's shared words (the shell and its reusable pieces), en-US and zh-CN. */
const en = {
  console: 'Merchant console',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  sections: 'Sections',
  store: 'Store',
  switchStore: 'Switch store',
  allStores: 'All your stores',
  language: '中文',
  languageName: 'Chinese',
  account: 'Account',
  signOut: 'Sign out',
  signedInAs: (who: string) => `Signed in as ${who}`,
  nav: { orders: 'Orders', afterSales: 'After-sales', products: 'Products', inventory: 'Inventory', decoration: 'Decoration', developers: 'Developers', settings: 'Settings' } as Record<string, string>,
  pagination: { label: 'Pages', first: 'First page', next: 'Next page', previous: 'Previous page' },
  confirm: 'Confirm',
  keep: 'Keep it',
  required: 'Required.',
  formFailed: 'Please correct the fields marked below.',
  notFoundTitle: 'Not found',
  notFoundBody: 'There is nothing here, or it belongs to a store you are not a member of.',
  backToStores: 'Back to your stores',
};

const zh: typeof en = {
  console: '商家后台',
  skipToContent: '跳到正文',
  menu: '菜单',
  sections: '栏目',
  store: '店铺',
  switchStore: '切换店铺',
  allStores: '你的全部店铺',
  language: 'English',
  languageName: '英文',
  account: '账号',
  signOut: '退出登录',
  signedInAs: (who) => `已登录：${who}`,
  nav: { orders: '订单', afterSales: '售后', products: '商品', inventory: '库存', decoration: '店铺装修', developers: '开发者', settings: '设置' },
  pagination: { label: '分页', first: '第一页', next: '下一页', previous: '上一页' },
  confirm: '确认',
  keep: '保留',
  required: '必填。',
  formFailed: '请修正下方标出的字段。',
  notFoundTitle: '未找到',
  notFoundBody: '这里没有内容，或它属于你不是成员的店铺。',
  backToStores: '返回你的店铺',
};

export type ConsoleText = typeof en;

export function consoleText(locale: Locale): ConsoleText {
  return locale === 'zh-CN' ? zh : en;
}
