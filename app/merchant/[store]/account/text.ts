import type { Locale } from '@/lib/schemas/common';

/** The console's account page words, en-US and zh-CN. */
const en = {
  title: 'Account',
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  passwordTitle: 'Change your password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: (min: number) => `At least ${min} characters.`,
  repeatPassword: 'New password again',
  save: 'Change password',
  changed: 'Your password was changed.',
  errors: {
    wrong: 'This is not your current password.',
    too_short: (min: number) => `Use at least ${min} characters.`,
    too_long: 'Use at most 1024 characters.',
    unchanged: 'The new password is the same as the current one.',
    mismatch: 'The two new passwords differ.',
    required: 'Required.',
  },
};

const zh: typeof en = {
  title: '账号',
  signedInAs: (email) => `你当前以 ${email} 登录。`,
  passwordTitle: '修改密码',
  currentPassword: '当前密码',
  newPassword: '新密码',
  newPasswordHint: (min) => `至少 ${min} 个字符。`,
  repeatPassword: '再次输入新密码',
  save: '修改密码',
  changed: '你的密码已修改。',
  errors: {
    wrong: '当前密码不正确。',
    too_short: (min) => `至少使用 ${min} 个字符。`,
    too_long: '最多 1024 个字符。',
    unchanged: '新密码与当前密码相同。',
    mismatch: '两次输入的新密码不一致。',
    required: '必填。',
  },
};

export function accountText(locale: Locale) {
  return locale === 'zh-CN' ? zh : en;
}
