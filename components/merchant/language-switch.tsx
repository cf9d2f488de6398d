'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import type { Locale } from '@/lib/schemas/common';

/**
 * The link to the console in the other language: it sets the console's language cookie and comes
 * back to this very page (path and query), which only the browser side knows from inside a layout.
 */
export function LanguageSwitch({ to, label, name }: { to: Locale; label: string; name: string }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const next = search ? `${pathname}?${search}` : pathname;
  return (
    <a className="mcs-lang" href={`/merchant/language?${new URLSearchParams({ lang: to, next })}`} lang={to} hrefLang={to} aria-label={`${label} (${name})`}>
      {label}
    </a>
  );
}
