'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import type { Locale } from '@/lib/schemas/common';
import type { PuzzleToSolve } from '@/lib/store-access/solve-puzzle';
import { accessText } from './access-text';
import { type UnlockFailure, type UnlockState, unlockWithPassword, unlockWithProofOfWork } from './actions';
import type { PowWorkerMessage } from './pow-worker';

type Props = { slug: string; next: string; locale: Locale; kinds: ('password' | 'proof_of_work')[] };

function FailureMessage({ failure, locale }: { failure: UnlockFailure | null; locale: Locale }) {
  if (!failure) return null;
  const e = accessText(locale).errors;
  const message =
    failure.code === 'store_access_denied'
      ? e.store_access_denied(failure.attemptsRemaining ?? 0)
      : failure.code === 'challenge_locked'
        ? e.challenge_locked(Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)))
        : failure.code === 'challenge_expired' || failure.code === 'challenge_already_used' || failure.code === 'rate_limited'
          ? e[failure.code]
          : e.other;
  return (
    <p className="sa-error" role="alert" data-code={failure.code}>
      {message}
    </p>
  );
}

function PasswordForm({ slug, next, locale }: Omit<Props, 'kinds'>) {
  const t = accessText(locale);
  const [state, action, pending] = useActionState<UnlockState, FormData>(unlockWithPassword.bind(null, slug, next), {
    failure: null,
  });
  return (
    <section className="sa-card" aria-labelledby="sa-password-heading">
      <h2 id="sa-password-heading">{t.passwordHeading}</h2>
      <form action={action} className="sa-form">
        <label htmlFor="sa-password">{t.passwordLabel}</label>
        <input id="sa-password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
        <button type="submit" className="sa-button" disabled={pending}>
          {pending ? t.unlocking : t.unlock}
        </button>
      </form>
      <FailureMessage failure={state.failure} locale={locale} />
    </section>
  );
}

type PowPhase =
  | { kind: 'idle' }
  | { kind: 'fetching' }
  | { kind: 'solving'; percent: number }
  | { kind: 'submitting' }
  | { kind: 'failed'; failure: UnlockFailure };

/**
 * Proof of work: fetch a fresh signed puzzle from the public security configuration, solve it in
 * a Web Worker (the page stays responsive and shows progress), then answer through the server
 * action, which sets the cookie and moves the shopper on to the store.
 */
function ProofOfWork({ slug, next, locale }: Omit<Props, 'kinds'>) {
  const t = accessText(locale);
  const [phase, setPhase] = useState<PowPhase>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);

  async function start() {
    setPhase({ kind: 'fetching' });
    const res = await fetch(`/api/v1/public/store-access/${encodeURIComponent(slug)}/config`, { cache: 'no-store' }).catch(() => null);
    const body = res?.ok ? await res.json() : null;
    const puzzle = body?.data?.proofOfWork?.puzzle as (PuzzleToSolve & Record<string, unknown>) | undefined;
    if (!puzzle) {
      setPhase({ kind: 'failed', failure: { code: res?.status === 429 ? 'rate_limited' : 'unavailable' } });
      return;
    }
    worker.current?.terminate();
    const w = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    setPhase({ kind: 'solving', percent: 0 });
    w.onmessage = async (event: MessageEvent<PowWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        setPhase({ kind: 'solving', percent: Math.min(99, Math.floor((message.tried / (puzzle.maxNumber + 1)) * 100)) });
        return;
      }
      w.terminate();
      if (message.solution === null) {
        setPhase({ kind: 'failed', failure: { code: 'unavailable' } });
        return;
      }
      setPhase({ kind: 'submitting' });
      const state = await unlockWithProofOfWork(slug, next, puzzle, message.solution);
      if (state?.failure) setPhase({ kind: 'failed', failure: state.failure });
    };
    w.postMessage({ salt: puzzle.salt, challenge: puzzle.challenge, maxNumber: puzzle.maxNumber });
  }

  const busy = phase.kind === 'fetching' || phase.kind === 'solving' || phase.kind === 'submitting';
  const status =
    phase.kind === 'fetching'
      ? t.powFetching
      : phase.kind === 'solving'
        ? t.powSolving(phase.percent)
        : phase.kind === 'submitting'
          ? t.powSubmitting
          : '';
  return (
    <section className="sa-card" aria-labelledby="sa-pow-heading">
      <h2 id="sa-pow-heading">{t.powHeading}</h2>
      <p>{t.powIntro}</p>
      <button type="button" className="sa-button sa-button--secondary" onClick={start} disabled={busy}>
        {t.powStart}
      </button>
      {busy ? (
        <div className="sa-progress">
          <progress
            max={100}
            value={phase.kind === 'solving' ? phase.percent : phase.kind === 'submitting' ? 100 : undefined}
            aria-label={t.progressLabel}
          />
          <p role="status" aria-live="polite">
            {status}
          </p>
        </div>
      ) : null}
      {phase.kind === 'failed' ? <FailureMessage failure={phase.failure} locale={locale} /> : null}
    </section>
  );
}

export function AccessForms({ slug, next, locale, kinds }: Props) {
  return (
    <div className="sa-forms">
      {kinds.includes('password') ? <PasswordForm slug={slug} next={next} locale={locale} /> : null}
      {kinds.includes('proof_of_work') ? <ProofOfWork slug={slug} next={next} locale={locale} /> : null}
    </div>
  );
}
