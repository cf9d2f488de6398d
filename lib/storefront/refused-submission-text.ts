import type { Locale } from '../schemas/common';

/** The texts of the page a cross-site form submission gets (lib/storefront/refused-submission.ts). */
const en = {
  title: 'This form was not sent from this site',
  explanation:
    'For your safety it was refused: the submission came from another website, not from a page of this one. Nothing was changed.',
  retry: 'If you meant to do this, open the page again here and submit the form from it.',
  back: 'Open the page again',
  home: 'Go to the home page',
};

const zh: typeof en = {
  title: '此表单不是从本站提交的',
  explanation: '为了您的安全，本次提交已被拒绝：它来自其他网站，而不是本站的页面。没有做任何更改。',
  retry: '如果这是您本人的操作，请在本站重新打开该页面，并从页面中提交表单。',
  back: '重新打开该页面',
  home: '前往首页',
};

export function refusedSubmissionText(locale: Locale) {
  return locale === 'zh-CN' ? zh : en;
}
