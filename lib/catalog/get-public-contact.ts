import 'server-only';
import type { ServiceContext } from '../core/context';
import { config } from '../platform/config';
import type { Contact } from './schemas';

const labels = {
  email: { 'zh-CN': '客服邮箱', 'en-US': 'Support email' },
  phone: { 'zh-CN': '客服电话', 'en-US': 'Support phone' },
  web: { 'zh-CN': '客服网站', 'en-US': 'Support website' },
} as const;

/**
 * The operator's public contact channels, exactly as configured (CONTACT_*, see docs/OPERATORS.md,
 * "Configuration"): a channel that is not configured is left out, and hours given in one
 * language serve both. Nothing configured: no channels and empty hours, never made-up ones.
 */
export async function getPublicContact(_ctx: ServiceContext): Promise<Contact> {
  const c = config();
  const configured = [
    { kind: 'email', value: c.CONTACT_EMAIL },
    { kind: 'phone', value: c.CONTACT_PHONE },
    { kind: 'web', value: c.CONTACT_URL },
  ] as const;
  return {
    name: c.CONTACT_NAME,
    channels: configured.flatMap(({ kind, value }) => (value ? [{ kind, value, label: labels[kind] }] : [])),
    hours: {
      'zh-CN': c.CONTACT_HOURS_ZH_CN ?? c.CONTACT_HOURS_EN_US ?? '',
      'en-US': c.CONTACT_HOURS_EN_US ?? c.CONTACT_HOURS_ZH_CN ?? '',
    },
  };
}
