import type { CsvProblemView } from '@/lib/catalog/import-schemas';
import type { ImportText } from './text';

const SHOWN = 200;

/** Problems by line: a labelled region that scrolls sideways on a phone and can be reached by keyboard. */
export function ProblemTable({ problems, t, caption }: { problems: readonly CsvProblemView[]; t: ImportText; caption?: string }) {
  return (
    <div className="mpi-scroll" role="region" aria-label={caption ?? t.problems} tabIndex={0}>
      <table className="mcc-table" data-testid="problems">
        <caption className="mpi-caption">{caption ?? t.problems}</caption>
        <thead>
          <tr>
            <th scope="col" className="mcc-num">
              {t.line}
            </th>
            <th scope="col">{t.column}</th>
            <th scope="col">{t.problem}</th>
          </tr>
        </thead>
        <tbody>
          {problems.slice(0, SHOWN).map((p, i) => (
            <tr key={i} data-testid="problem" data-line={p.line}>
              <td className="mcc-num">{p.line}</td>
              <td>{p.column ?? '—'}</td>
              <td>
                <code>{p.code}</code> {p.message}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > SHOWN && <p className="mcc-muted">{t.more(problems.length - SHOWN)}</p>}
    </div>
  );
}
