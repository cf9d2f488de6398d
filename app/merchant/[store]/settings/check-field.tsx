/** A labelled checkbox with its hint, in the console's form layout (sent as "on" when ticked). */
export function CheckField({ name, label, hint, defaultChecked, testId, scope }: { name: string; label: string; hint?: string; defaultChecked: boolean; testId?: string; /** Keeps ids unique when several forms on a page have this field. */ scope?: string }) {
  const id = `check-${scope ? `${scope}-` : ''}${name}`;
  return (
    <div className="mss-check">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} aria-describedby={hint ? `${id}-hint` : undefined} data-testid={testId} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className="mcc-hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
