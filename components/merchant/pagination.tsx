import type { ConsoleText } from './text';

/** Cursor pagination: back to the first page, and on to the next while there is one. */
export function Pagination({ t, firstHref, nextHref }: { t: ConsoleText; firstHref: string | null; nextHref: string | null }) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav className="mcc-pagination" aria-label={t.pagination.label}>
      {firstHref && (
        <a className="mcc-button mcc-button-quiet" href={firstHref}>
          {t.pagination.first}
        </a>
      )}
      {nextHref && (
        <a className="mcc-button mcc-button-quiet" href={nextHref} rel="next" data-testid="next-page">
          {t.pagination.next}
        </a>
      )}
    </nav>
  );
}
