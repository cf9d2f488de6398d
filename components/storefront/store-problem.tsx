'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { Locale } from '@/lib/schemas/common';
import { withLocale } from '@/lib/storefront/locale';
import { uiText } from '@/lib/storefront/ui-text';
import { useStoreShell } from './store-context';
import { StoreFrame } from './store-frame';

type Props = { kind: 'not-found' | 'error'; action?: (label: string) => ReactNode };

/** The store's 404 and error pages: its header, what happened in the shopper's language, ways back. */
export function StoreProblem({ kind, action }: Props) {
  const store = useStoreShell();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const parsed = Locale.safeParse(searchParams.get('locale'));
  const asked = parsed.success ? parsed.data : undefined;
  if (!store) return null;
  const locale = asked ?? store.defaultLocale;
  const t = uiText(locale);
  const base = `/stores/${encodeURIComponent(store.slug)}`;
  return (
    <StoreFrame store={store} locale={locale} asked={asked} path={pathname}>
      <section className="sf-container sf-problem" aria-labelledby="sf-problem-title" data-testid={`store-${kind}`}>
        <p className="sf-problem__code" aria-hidden="true">
          {kind === 'not-found' ? '404' : '500'}
        </p>
        <h1 id="sf-problem-title">{kind === 'not-found' ? t.notFoundTitle : t.errorTitle}</h1>
        <p>{kind === 'not-found' ? t.notFoundBody : t.errorBody}</p>
        <p className="sf-problem__actions">
          {action?.(t.retry)}
          <Link className="sf-button" href={withLocale(base, asked)}>
            {t.backToStore}
          </Link>
          <Link className="sf-button sf-button--ghost" href={withLocale(`${base}/products`, asked)}>
            {t.allProducts}
          </Link>
        </p>
      </section>
    </StoreFrame>
  );
}
