import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import './access.css';
import { StoreFrame } from '@/components/storefront/store-frame';
import { getMerchantOrThrow, toPublicMerchant } from '@/lib/catalog/merchants';
import { acceptedKinds, getStoreAccessSettings } from '@/lib/store-access/settings';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { pathWithQuery, requestedLocale } from '@/lib/storefront/locale';
import { loadStoreShell } from '@/lib/storefront/store-shell';
import { storefrontContext } from '@/lib/storefront/page-context';
import { AccessForms } from './access-forms';
import { accessText } from './access-text';
import { safeReturnPath } from './return-path';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The store and what unlocks it; open stores and shoppers already holding a token go straight on. */
const loadAccess = cache(async (slug: string) => {
  const ctx = await storefrontContext();
  try {
    const row = await getMerchantOrThrow(ctx.db, slug);
    const merchant = toPublicMerchant(row, ctx);
    const kinds = acceptedKinds(row, await getStoreAccessSettings(ctx.db, row));
    return { merchant, kinds, unlocked: merchant.access === 'open' || ctx.storeAccess.has(slug) };
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { merchant } = await loadAccess(slug);
  const locale = requestedLocale(await searchParams) ?? merchant.defaultLocale;
  return { title: `${accessText(locale).title} · ${merchant.displayName}`, robots: { index: false } };
}

export default async function AccessPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const next = safeReturnPath(slug, typeof query.next === 'string' ? query.next : undefined);
  const { merchant, kinds, unlocked } = await loadAccess(slug);
  if (unlocked) redirect(next);

  const asked = requestedLocale(query);
  const locale = asked ?? merchant.defaultLocale;
  const t = accessText(locale);
  const store = await loadStoreShell(slug);
  return (
    <StoreFrame store={store} locale={locale} asked={asked} path={pathWithQuery(`/stores/${slug}/access`, { next })}>
      <div className="sf-container sa-access">
        <h1>{t.title}</h1>
        <p className="sa-intro">{t.intro}</p>
        <AccessForms slug={slug} next={next} locale={locale} kinds={kinds} />
      </div>
    </StoreFrame>
  );
}
