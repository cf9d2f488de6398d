'use client';

import { useEffect } from 'react';
import type { Locale } from '@/lib/schemas/common';

/**
 * Keeps `<html lang>` on the page's language after a client-side navigation (the root layout,
 * which renders it on the server, is not rendered again when the shopper switches language).
 */
export function DocumentLang({ locale }: { locale: Locale }) {
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
