'use client';

import { StoreProblem } from '@/components/storefront/store-problem';

export default function StoreError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StoreProblem
      kind="error"
      action={(label) => (
        <button type="button" className="sf-button" onClick={() => reset()}>
          {label}
        </button>
      )}
    />
  );
}
