'use client';

import { useId, useRef, useState } from 'react';

/** A secret the server shows once (an API key, a signing secret), with the words around it in the page's language. */
export type RevealedSecret = { label: string; value: string; note: string; copy: string; copied: string; copyFailed: string };

/**
 * Shows a just-issued secret once: read-only and selected on focus (so it can be copied by hand
 * without script), with a Copy button that uses the browser's clipboard. Nothing is loaded from
 * elsewhere; the status line tells screen readers whether the copy worked.
 */
export function SecretReveal({ secret }: { secret: RevealedSecret }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret.value);
      setStatus('copied');
    } catch {
      input.current?.select();
      setStatus('failed');
    }
  }
  return (
    <div className="mcc-secret" data-testid="revealed-secret">
      <label htmlFor={id} className="mcc-secret-label">
        {secret.label}
      </label>
      <div className="mcc-secret-row">
        <input ref={input} id={id} className="mcc-secret-value" readOnly value={secret.value} onFocus={(e) => e.currentTarget.select()} aria-describedby={`${id}-note`} spellCheck={false} autoComplete="off" />
        <button type="button" className="mcc-button mcc-button-quiet" onClick={copy} data-testid="copy-secret">
          {secret.copy}
        </button>
      </div>
      <p id={`${id}-note`} className="mcc-secret-note">
        {secret.note}
      </p>
      <p role="status" className="mcc-hint">
        {status === 'copied' ? secret.copied : status === 'failed' ? secret.copyFailed : ''}
      </p>
    </div>
  );
}
