'use client';

import { useId } from 'react';
import { useConsoleFormState } from '@/components/merchant/console-form';

/*
 * The studio's fields beyond the console's FormField and SelectField: a text area, a checkbox and
 * the product picker. Each shows, after a refused save, the value sent and its error next to it
 * (aria-invalid, aria-describedby), like FormField.
 */

function useStudioField(name: string) {
  const state = useConsoleFormState();
  const id = useId();
  return { id, error: state?.errors?.[name], sent: state?.values ? (state.values[name] ?? '') : undefined, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mcc-field-error" data-testid="field-error">
      {error}
    </p>
  ) : null;
}

export function TextAreaField({ name, label, defaultValue, maxLength, rows = 3 }: { name: string; label: string; defaultValue: string; maxLength: number; rows?: number }) {
  const f = useStudioField(name);
  const value = f.sent ?? defaultValue;
  return (
    <div className="mcc-field">
      <label htmlFor={f.id}>{label}</label>
      <textarea key={value} id={f.id} name={name} defaultValue={value} rows={rows} maxLength={maxLength} aria-invalid={f.error ? true : undefined} aria-describedby={f.error ? f.errorId : undefined} />
      <FieldError id={f.errorId} error={f.error} />
    </div>
  );
}

export function CheckboxField({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  const f = useStudioField(name);
  const value = f.sent === undefined ? defaultChecked : f.sent === 'on';
  return (
    <div className="dst-check">
      <input key={String(value)} id={f.id} type="checkbox" name={name} defaultChecked={value} aria-invalid={f.error ? true : undefined} aria-describedby={f.error ? f.errorId : undefined} />
      <label htmlFor={f.id}>{label}</label>
      <FieldError id={f.errorId} error={f.error} />
    </div>
  );
}

export type PickerProduct = { id: string; title: string; note?: string };

/** The store's products as checkboxes, the chosen ones first in the collection's order. */
export function ProductPicker({ legend, hint, products, chosen }: { legend: string; hint: string; products: readonly PickerProduct[]; chosen: readonly string[] }) {
  const f = useStudioField('products');
  const selected = new Set(f.sent === undefined ? chosen : f.sent.split(',').filter(Boolean));
  return (
    <fieldset className="dst-fieldset" aria-describedby={[f.hintId, f.error ? f.errorId : ''].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      <p id={f.hintId} className="mcc-hint">
        {hint}
      </p>
      <FieldError id={f.errorId} error={f.error} />
      <ul className="dst-products">
        {products.map((p) => (
          <li key={p.id}>
            <input key={String(selected.has(p.id))} id={`${f.id}-${p.id}`} type="checkbox" name="products" value={p.id} defaultChecked={selected.has(p.id)} />
            <label htmlFor={`${f.id}-${p.id}`}>
              {p.title}
              {p.note ? <span className="mcc-muted"> · {p.note}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
