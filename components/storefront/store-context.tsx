'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { StoreShell } from '@/lib/storefront/store-shell';

const StoreShellContext = createContext<StoreShell | null>(null);

/** The store around the 404 and error pages, which Next renders without the page's params. */
export function StoreShellProvider({ store, children }: { store: StoreShell; children: ReactNode }) {
  return <StoreShellContext.Provider value={store}>{children}</StoreShellContext.Provider>;
}

export function useStoreShell(): StoreShell | null {
  return useContext(StoreShellContext);
}
