import type { ReactNode } from 'react';

/** What a list shows when it has nothing: what that means, and what to do instead. */
export function EmptyState({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <div className="mcc-empty" data-testid="empty-state">
      <p className="mcc-empty-title">{title}</p>
      {body && <p className="mcc-muted">{body}</p>}
      {children}
    </div>
  );
}
