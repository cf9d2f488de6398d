'use client';

import { useActionState } from 'react';
import { useFormStatus } from 'react-dom';
import { type ImportFormState, importProductsAction } from './actions';
import { ProblemTable } from './problem-table';
import type { Locale } from '@/lib/schemas/common';
import { type ImportText, importText } from './text';

function Buttons({ t }: { t: ImportText }) {
  const { pending } = useFormStatus();
  return (
    <div className="mcc-actions">
      <button type="submit" name="mode" value="check" className="mcc-button mcc-button-quiet" disabled={pending} aria-disabled={pending} data-testid="check">
        {pending ? t.checking : t.check}
      </button>
      <button type="submit" name="mode" value="import" className="mcc-button mcc-button-primary" disabled={pending} aria-disabled={pending} data-testid="start">
        {t.start}
      </button>
    </div>
  );
}

/** The upload form: check the file (the dry run's report below it) or import it. */
export function ImportForm({ store, locale }: { store: string; locale: Locale }) {
  // The texts hold functions (counts in sentences), which cannot cross from the server: read them here.
  const t = importText(locale);
  const [state, action] = useActionState<ImportFormState, FormData>(importProductsAction, null);
  const dry = state?.dryRun;
  return (
    <form action={action} className="mcc-form" data-testid="import-form" noValidate>
      <input type="hidden" name="store" value={store} />
      <div className="mcc-field">
        <label htmlFor="import-file">{t.file}</label>
        <p id="import-file-hint" className="mcc-hint">
          {t.fileHint}
        </p>
        <input id="import-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby={state?.error ? 'import-file-hint import-file-error' : 'import-file-hint'} aria-invalid={state?.error ? true : undefined} />
        {state?.error && (
          <p id="import-file-error" className="mcc-field-error" data-testid="field-error">
            {state.error}
          </p>
        )}
      </div>
      {state?.problems && <ProblemTable problems={state.problems} t={t} />}
      <Buttons t={t} />
      {dry && (
        <div role="status" className="mpi-report" data-testid="dry-run">
          <p className={dry.problems.length ? 'mcc-alert' : 'mcc-notice'}>{dry.problems.length ? t.checkedProblems(dry.problems.length, dry.valid) : t.checkedOk(dry.valid, dry.create, dry.update)}</p>
          {dry.ignoredColumns.length > 0 && <p className="mcc-muted">{t.ignored(dry.ignoredColumns.join(', '))}</p>}
          {dry.problems.length > 0 && <ProblemTable problems={dry.problems} t={t} />}
        </div>
      )}
    </form>
  );
}
