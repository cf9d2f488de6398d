import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { consoleLocale } from '@/components/merchant/locale';
import { storeDirectory } from '@/lib/catalog/store-directory';
import { createServiceContext, type ServiceContext } from '@/lib/core/context';
import { getDb } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/client-address';
import { merchantSessionUserId } from '@/lib/http/merchant-auth';
import { readMerchantConsole } from '@/lib/merchant-users/merchant-console';
import type { Locale } from '@/lib/schemas/common';
import { storeTimeZone } from '@/lib/storefront/format';

/** A store of the console; `timeZone` is the one every time in its console is shown in (`consoleTime`). */
export type ConsoleStore = { merchantId: string; slug: string; name: string; timeZone: string; apps: { appId: string; name: string }[] };

export type ConsoleRequest = {
  /** Acts as the signed-in merchant user (the audit trail's actor). */
  ctx: ServiceContext;
  user: { id: string; email: string };
  store: ConsoleStore;
  stores: ConsoleStore[];
  locale: Locale;
};

/**
 * Who is asking and for which of their stores, for every console page, layout and Server Action:
 * no session is the sign-in page; a store the user is not a member of (or none by that slug) is
 * the 404 page, the same for both, so store slugs cannot be probed. Once per request.
 */
export const consoleRequest = cache(async (storeSlug: string): Promise<ConsoleRequest> => {
  const userId = await merchantSessionUserId();
  if (!userId) redirect(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: `/merchant/${encodeURIComponent(storeSlug)}/orders` })}`);
  const h = await headers();
  const base = { db: await getDb(), requestId: `console_${crypto.randomUUID()}`, clientAddress: clientAddress(h), mediaBase: null };
  const view = await readMerchantConsole(createServiceContext(base), userId, storeDirectory);
  if (!view) redirect('/merchant/sign-in');
  const stores = view.stores.map((s) => ({ merchantId: s.merchantId, slug: s.slug, name: s.name, timeZone: storeTimeZone(s), apps: s.apps.map((a) => ({ appId: a.appId, name: a.name })) }));
  const store = stores.find((s) => s.slug === storeSlug);
  if (!store) notFound();
  const ctx = createServiceContext({ ...base, actor: { kind: 'merchant_user', userId: view.user.id, email: view.user.email } });
  return { ctx, user: { id: view.user.id, email: view.user.email }, store, stores, locale: await consoleLocale() };
});
