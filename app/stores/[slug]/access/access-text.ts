import type { Locale } from '@/lib/schemas/common';

/** The access page's own words, in both storefront locales. */
const text = {
  'zh-CN': {
    title: '会员专享店铺',
    intro: '这家店铺仅对会员开放。请输入店铺密码，或让浏览器完成一次验证计算后进入。',
    passwordHeading: '使用店铺密码',
    passwordLabel: '店铺密码',
    unlock: '进入店铺',
    unlocking: '正在验证…',
    powHeading: '没有密码？',
    powIntro: '您的浏览器将在后台完成一道计算题（通常只需几秒），以证明访问来自真实浏览器。',
    powStart: '通过计算验证进入',
    powFetching: '正在获取题目…',
    powSolving: (percent: number) => `正在计算… 已检查 ${percent}%`,
    powSubmitting: '已完成，正在进入…',
    progressLabel: '计算进度',
    errors: {
      store_access_denied: (left: number) => `密码或答案不正确，还可尝试 ${left} 次。`,
      challenge_locked: (minutes: number) => `错误次数过多，请约 ${minutes} 分钟后再试。`,
      challenge_expired: '题目已过期，请重试。',
      challenge_already_used: '这道题目已被使用，请重试。',
      rate_limited: '请求过于频繁，请稍后再试。',
      other: '暂时无法进入店铺，请稍后再试。',
    },
  },
  'en-US': {
    title: 'Members-only store',
    intro: 'This store is open to members only. Enter the store password, or let your browser solve a small puzzle to get in.',
    passwordHeading: 'Use the store password',
    passwordLabel: 'Store password',
    unlock: 'Enter the store',
    unlocking: 'Checking…',
    powHeading: 'No password?',
    powIntro: 'Your browser solves a small computing puzzle in the background (usually a few seconds) to show the visit comes from a real browser.',
    powStart: 'Enter by solving a puzzle',
    powFetching: 'Getting a puzzle…',
    powSolving: (percent: number) => `Solving… ${percent}% checked`,
    powSubmitting: 'Solved, entering the store…',
    progressLabel: 'Puzzle progress',
    errors: {
      store_access_denied: (left: number) => `That is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
      challenge_locked: (minutes: number) => `Too many wrong answers. Try again in about ${minutes} minutes.`,
      challenge_expired: 'The puzzle expired. Please try again.',
      challenge_already_used: 'That puzzle was already used. Please try again.',
      rate_limited: 'Too many tries in a short time. Please wait a moment.',
      other: 'The store cannot be opened right now. Please try again later.',
    },
  },
} as const;

export type AccessText = (typeof text)[Locale];

export function accessText(locale: Locale): AccessText {
  return text[locale];
}
