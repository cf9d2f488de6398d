import 'server-only';
import type { ServiceContext } from '../core/context';
import { config } from '../platform/config';

/** The operator's public contact channels, from configuration (see README, "Configuration"). */
export async function getPublicContact(_ctx: ServiceContext) {
  const env = config();
  const channels = [
    {
      kind: 'email' as const,
      value: env.CONTACT_EMAIL,
      label: { 'zh-CN': '客服邮箱', 'en-US': 'Support email' },
    },
    {
      kind: 'phone' as const,
      value: env.CONTACT_PHONE,
      label: { 'zh-CN': '客服电话', 'en-US': 'Support phone' },
    },
    {
      kind: 'web' as const,
      value: env.CONTACT_URL,
      label: { 'zh-CN': '开发者文档', 'en-US': 'Developer documentation' },
    },
  ];
  return {
    name: env.CONTACT_NAME,
    channels,
    hours: { 'zh-CN': '周一至周五 9:00–18:00', 'en-US': 'Mon–Fri 9:00–18:00' },
  };
}
