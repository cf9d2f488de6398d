'use client';

import { type ReactNode, createContext, useActionState, useContext, useId } from 'react';
import { useFormStatus } from 'react-dom';
import { type RevealedSecret, SecretReveal } from './secret-reveal';

/**
 * What a console Server Action answers when it does not redirect: a notice of success, or a
 * message for the whole form and one per field (already in the page's language), with the values sent, so the form comes
 * back filled in with each error next to its field. Works without script too (React renders the
 * action's answer into the page it returns).
 */
export type FormState = { message?: string; notice?: string; errors?: Record<string, string>; values?: Record<string, string>; secret?: RevealedSecret } | null;
export type FormAction = (previous: FormState, form: FormData) => Promise<FormState>;

const FormStateContext = createContext<FormState>(null);

export function ConsoleForm({ action, children, className, label, testId }: { action: FormAction; children: ReactNode; className?: string; label?: string; testId?: string }) {
  const [state, formAction] = useActionState(action, null);
  return (
    <FormStateContext value={state}>
      <form action={formAction} className={className ?? 'mcc-form'} aria-label={label} data-testid={testId} noValidate>
        {state?.notice && (
          <p className="mcc-notice" role="status">
            {state.notice}
          </p>
        )}
        {state?.secret && <SecretReveal secret={state.secret} />}
        {state?.message && (
          <p className="mcc-alert" role="alert">
            {state.message}
          </p>
        )}
        {children}
      </form>
    </FormStateContext>
  );
}

type FieldProps = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  defaultValue?: string;
};

/** The answer of the enclosing ConsoleForm's last submit, for fields beyond FormField and SelectField. */
export function useConsoleFormState(): FormState {
  return useContext(FormStateContext);
}

function useField(name: string) {
  const state = useContext(FormStateContext);
  const id = useId();
  const error = state?.errors?.[name];
  const value = state?.values?.[name];
  return { id, error, value, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function FieldFrame({ f, label, hint, children }: { f: ReturnType<typeof useField>; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="mcc-field">
      <label htmlFor={f.id}>{label}</label>
      {hint && (
        <p id={f.hintId} className="mcc-hint">
          {hint}
        </p>
      )}
      {children}
      {f.error && (
        <p id={f.errorId} className="mcc-field-error" data-testid="field-error">
          {f.error}
        </p>
      )}
    </div>
  );
}

const describedBy = (f: ReturnType<typeof useField>, hint?: string) => [hint ? f.hintId : '', f.error ? f.errorId : ''].filter(Boolean).join(' ') || undefined;

/** A labelled input with its hint and, after a refused submit, its error (aria-invalid, aria-describedby). */
export function FormField({ name, label, hint, required, defaultValue, type = 'text', ...rest }: FieldProps & { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'decimal' | 'text'; maxLength?: number; max?: string; min?: string }) {
  const f = useField(name);
  return (
    <FieldFrame f={f} label={label} hint={hint}>
      <input
        key={f.value ?? defaultValue}
        id={f.id}
        name={name}
        type={type}
        required={required}
        defaultValue={f.value ?? defaultValue}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, hint)}
        {...rest}
      />
    </FieldFrame>
  );
}

export function SelectField({ name, label, hint, required, defaultValue, options }: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const f = useField(name);
  return (
    <FieldFrame f={f} label={label} hint={hint}>
      <select key={f.value ?? defaultValue} id={f.id} name={name} required={required} defaultValue={f.value ?? defaultValue} aria-invalid={f.error ? true : undefined} aria-describedby={describedBy(f, hint)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The form's submit button, disabled (and saying so) while its action runs. */
export function SubmitButton({ children, tone = 'primary', name, value }: { children: ReactNode; tone?: 'primary' | 'quiet' | 'danger'; name?: string; value?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`mcc-button mcc-button-${tone}`} disabled={pending} aria-disabled={pending} name={name} value={value}>
      {children}
    </button>
  );
}

/**
 * A group of checkboxes sharing one name (a form posts every ticked value), in a fieldset whose
 * legend names it, with the group's error after a refused submit.
 */
export function CheckboxGroup({ name, legend, hint, options, defaultValues = [] }: { name: string; legend: string; hint?: string; options: readonly { value: string; label: string; hint?: string }[]; defaultValues?: readonly string[] }) {
  const f = useField(name);
  const chosen = f.value === undefined ? defaultValues : f.value.split(' ');
  return (
    <fieldset className="mcc-field mcc-checks" aria-invalid={f.error ? true : undefined} aria-describedby={describedBy(f, hint)}>
      <legend>{legend}</legend>
      {hint && (
        <p id={f.hintId} className="mcc-hint">
          {hint}
        </p>
      )}
      {options.map((o) => (
        <label key={`${o.value}:${f.value ?? ''}`} className="mcc-check">
          <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.includes(o.value)} />
          <span>
            <span className="mcc-check-label">{o.label}</span>
            {o.hint && <span className="mcc-hint"> {o.hint}</span>}
          </span>
        </label>
      ))}
      {f.error && (
        <p id={f.errorId} className="mcc-field-error" data-testid="field-error">
          {f.error}
        </p>
      )}
    </fieldset>
  );
}
