import type { DemoInfo } from './index';

/**
 * What `npm run db:seed` (and so `npm run dev`) prints: where to look first, in a dozen lines.
 * The demo file itself holds API keys, passwords and webhook secrets; they stay there (the
 * terminal scrollback of a shared screen or a CI log is no place for them), and the guide names it.
 */
export function demoGuide(info: DemoInfo, file: string): string {
  const stores = info.stores.map((s) => `  ${s.storefront}  ${s.displayName}${s.protected ? ' (password protected)' : ''}`);
  const signIn = `${info.baseUrl}/merchant/sign-in`;
  return [
    'What to try:',
    ...stores,
    `  ${info.docs}  API reference`,
    `  ${signIn}  merchant console`,
    `  ${(info.hostedCheckout as { page?: string } | undefined)?.page ?? `${info.baseUrl}/checkout`}  hosted checkout`,
    '',
    `API keys, the merchant sign-in, store passwords, OAuth clients and webhook secrets are in ${file}`,
    '(keep it private; `npm run db:seed` writes it again).',
  ].join('\n');
}
