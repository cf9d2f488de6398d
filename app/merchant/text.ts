import type { Locale } from '@/lib/schemas/common';
import { isLocale, preferredLocale } from '@/lib/merchant-users/console-locale';

/** The merchant area's and the consent page's words, zh-CN and en-US. */
const en = {
  language: '中文',
  area: 'Merchant',
  signInTitle: 'Sign in to your store',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signInErrors: {
    credentials: 'That email and password do not match an account. After 5 failed attempts in a row an account cannot sign in for 15 minutes.',
    throttled: 'Too many sign-in attempts from this network. Wait a few minutes and try again.',
    MissingCSRF: 'The form expired. Please try again.',
    other: 'Sign-in failed. Please try again.',
  } as Record<string, string>,
  cookiesNeeded: 'Signing in needs cookies, and this browser refused the one this page set. Allow cookies for this site, then try again.',
  tryAgain: 'Try again',
  signedInAs: (who: string) => `Signed in as ${who}`,
  storesTitle: 'Your stores',
  openConsole: 'Open the store console',
  noStores: 'This account does not belong to any store yet.',
  appsTitle: 'Installed apps',
  noApps: 'No apps are installed on this store.',
  scopes: 'Permissions',
  oauthLive: 'Has access through OAuth',
  uninstalled: 'Uninstalled',
  revoke: 'Revoke access',
  revoked: (app: string) => `${app} can no longer act on your store through OAuth; its tokens are revoked.`,
  notMember: 'You are not a member of that store.',
  consentTitle: (app: string) => `${app} wants to access your store`,
  consentStore: 'Store',
  consentAsks: 'It will be able to:',
  consentNote: 'You can revoke this access at any time from the merchant area.',
  approve: 'Allow',
  deny: 'Deny',
  chooseStore: 'Which store?',
  errorTitle: 'This authorization request cannot be completed',
  noStoreForConsent: 'Your account does not belong to any store, so no app can be authorized.',
  scopeWords: {
    'catalog:read': 'Read your catalog: products, prices and stock',
    'checkout:quote': 'Create carts and price them',
    'checkout:write': 'Create checkout sessions for shoppers',
    'webhooks:read': 'See its webhook subscriptions',
    'webhooks:write': 'Manage its webhook subscriptions',
    'orders:read': 'Read your orders',
    'decoration:read': 'See your storefront decoration and its history',
    'decoration:write': 'Edit, publish and roll back your storefront decoration',
    'orders:write': 'Move your orders and decide after-sales requests: mark paid, ship, deliver, cancel with refund, refund',
  } as Record<string, string>,
};

const zh: typeof en = {
  language: 'English',
  area: '商家后台',
  signInTitle: '登录你的店铺',
  email: '邮箱',
  password: '密码',
  signIn: '登录',
  signOut: '退出登录',
  signInErrors: {
    credentials: '邮箱或密码不正确。连续失败 5 次后，该账号 15 分钟内无法登录。',
    throttled: '来自此网络的登录尝试过多，请稍候几分钟再试。',
    MissingCSRF: '表单已过期，请重试。',
    other: '登录失败，请重试。',
  },
  cookiesNeeded: '登录需要使用 Cookie，但此浏览器拒绝了本页面设置的 Cookie。请允许本站使用 Cookie 后重试。',
  tryAgain: '重试',
  signedInAs: (who) => `已登录：${who}`,
  storesTitle: '你的店铺',
  openConsole: '进入店铺后台',
  noStores: '该账号尚未加入任何店铺。',
  appsTitle: '已安装的应用',
  noApps: '此店铺尚未安装应用。',
  scopes: '权限',
  oauthLive: '已通过 OAuth 获得授权',
  uninstalled: '已卸载',
  revoke: '撤销授权',
  revoked: (app) => `${app} 已无法再通过 OAuth 操作你的店铺，其令牌已撤销。`,
  notMember: '你不是该店铺的成员。',
  consentTitle: (app) => `${app} 请求访问你的店铺`,
  consentStore: '店铺',
  consentAsks: '授权后它将能够：',
  consentNote: '你可以随时在商家后台撤销此授权。',
  approve: '允许',
  deny: '拒绝',
  chooseStore: '选择店铺',
  errorTitle: '无法完成此授权请求',
  noStoreForConsent: '你的账号不属于任何店铺，因此无法授权应用。',
  scopeWords: {
    'catalog:read': '读取你的商品目录：商品、价格和库存',
    'checkout:quote': '创建购物车并计算价格',
    'checkout:write': '为顾客创建结账会话',
    'webhooks:read': '查看它的 Webhook 订阅',
    'webhooks:write': '管理它的 Webhook 订阅',
    'orders:read': '读取你的订单',
    'decoration:read': '查看你的店铺装修及其历史版本',
    'decoration:write': '编辑、发布和回滚你的店铺装修',
    'orders:write': '处理你的订单和售后申请：确认收款、发货、签收、取消并退款、退款',
  },
};

export function merchantText(locale: Locale) {
  return locale === 'zh-CN' ? zh : en;
}

/** `?lang=` when given, else the browser's first preference between the two. */
export function pickLocale(lang: string, acceptLanguage: string | null): Locale {
  return isLocale(lang) ? lang : preferredLocale(acceptLanguage);
}
