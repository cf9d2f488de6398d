'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const SEEN = 'sf:rendered';

/**
 * Back and Forward show a page from a cache (the router's, or the browser's back-forward cache):
 * after paying, the cart would still show the bought lines and an enabled "Check out". Each
 * server render carries a fresh token; a page mounting with a token this tab has already shown
 * is an old copy, and is rendered again from the server.
 */
export function RefreshOnRestore({ token }: { token: string }) {
  const router = useRouter();
  useEffect(() => {
    let seen: string[] = [];
    try {
      seen = JSON.parse(sessionStorage.getItem(SEEN) ?? '[]') as string[];
    } catch {
      seen = [];
    }
    if (seen.includes(token)) router.refresh();
    else {
      try {
        sessionStorage.setItem(SEEN, JSON.stringify([...seen.slice(-49), token]));
      } catch {
        // Storage refused (private mode quota): pages still work, without the restore check.
      }
    }
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) router.refresh();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [token, router]);
  return null;
}
