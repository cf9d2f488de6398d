export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A state as a word in a coloured pill; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, label }: { tone: BadgeTone; label: string }) {
  return <span className={`mcc-badge mcc-badge-${tone}`}>{label}</span>;
}
