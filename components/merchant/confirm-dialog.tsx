import type { ReactNode } from 'react';

/**
 * The confirmation step of a destructive action: the button opens a disclosure that says what
 * will happen, and only its own button (inside `children`, the form) does it. The form also
 * carries `confirm=yes`, which the Server Action requires, so a bare post is refused.
 */
export function ConfirmDialog({ label, question, testId, children }: { label: string; question: string; testId?: string; children: ReactNode }) {
  return (
    <details className="mcc-confirm" data-testid={testId}>
      <summary className="mcc-button mcc-button-danger">{label}</summary>
      <div className="mcc-confirm-panel" role="group" aria-label={label}>
        <p className="mcc-confirm-question">{question}</p>
        {children}
      </div>
    </details>
  );
}

/** The field a confirmed form carries; see ConfirmDialog. */
export function ConfirmedField() {
  return <input type="hidden" name="confirm" value="yes" />;
}
