import type { Locale } from '@/lib/schemas/common';

const texts = {
  'en-US': {
    title: 'Development mailbox',
    lead: 'Every e-mail this deployment made, newest first. With SMTP_URL unset they go nowhere else.',
    empty: 'No messages yet. Place an order and they appear here within seconds.',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    kind: 'Kind',
    created: 'Made',
    filter: 'Recipient',
    show: 'Show',
    back: 'All messages',
    from: 'From',
    messageId: 'Message-ID',
    attempts: 'Attempts',
    lastError: 'Last error',
    links: 'Links',
    textPart: 'Plain-text part',
    htmlPart: 'Open the HTML part',
    notFound: 'No such message.',
    other: '中文',
  },
  'zh-CN': {
    title: '开发邮箱',
    lead: '本部署生成的所有邮件，最新的在前。未设置 SMTP_URL 时邮件只保存在这里。',
    empty: '还没有邮件。下一个订单，几秒内邮件就会出现在这里。',
    to: '收件人',
    subject: '主题',
    status: '状态',
    kind: '类型',
    created: '生成时间',
    filter: '收件人',
    show: '筛选',
    back: '全部邮件',
    from: '发件人',
    messageId: 'Message-ID',
    attempts: '尝试次数',
    lastError: '最近错误',
    links: '链接',
    textPart: '纯文本内容',
    htmlPart: '打开 HTML 内容',
    notFound: '没有这封邮件。',
    other: 'English',
  },
} satisfies Record<Locale, Record<string, string>>;

export function mailboxText(locale: Locale) {
  return texts[locale];
}
