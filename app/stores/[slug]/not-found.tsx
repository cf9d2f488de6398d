'use client';

import { StoreProblem } from '@/components/storefront/store-problem';

export default function StoreNotFound() {
  return <StoreProblem kind="not-found" />;
}
