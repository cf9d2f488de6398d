import type { ConsoleText } from './text';

/**
 * The console's sections, one list: the shell's navigation shows exactly these, in this order.
 * A section is added here when its pages land (`/merchant/<store>/<path>`), never before, so the
 * navigation has no link to a page that does not exist.
 */
export const consoleSections: readonly { id: string; path: string; label: (t: ConsoleText) => string }[] = [
  { id: 'orders', path: 'orders', label: (t) => t.nav.orders! },
  { id: 'after-sales', path: 'after-sales', label: (t) => t.nav.afterSales! },
  { id: 'products', path: 'products', label: (t) => t.nav.products! },
  { id: 'inventory', path: 'inventory', label: (t) => t.nav.inventory! },
  { id: 'decoration', path: 'decoration', label: (t) => t.nav.decoration! },
  { id: 'developers', path: 'developers', label: (t) => t.nav.developers! },
  { id: 'settings', path: 'settings', label: (t) => t.nav.settings! },
];

export function sectionHref(storeSlug: string, path: string): string {
  return `/merchant/${encodeURIComponent(storeSlug)}/${path}`;
}
