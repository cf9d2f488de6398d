'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** While an import runs, the page reads its progress again every two seconds (no request leaves this host). */
export function RefreshWhileRunning({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), 2_000);
    return () => clearInterval(timer);
  }, [running, router]);
  return null;
}
