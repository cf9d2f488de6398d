import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { StatusBadge } from '@/components/merchant/status-badge';
import { getProductImport, listProductImports } from '@/lib/catalog/csv-import';
import type { ProductImport } from '@/lib/catalog/import-schemas';
import { isServiceError } from '@/lib/core/errors';
import { consoleRequest } from '../../console';
import { ImportForm } from './import-form';
import { ProblemTable } from './problem-table';
import { RefreshWhileRunning } from './refresh';
import { type ImportText, importText } from './text';
import './import.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const tone = { queued: 'neutral', running: 'info', done: 'success' } as const;

function Report({ imp, t }: { imp: ProductImport; t: ImportText }) {
  const p = imp.products;
  const counts: [string, number][] = [
    [t.counts.created, p.created],
    [t.counts.updated, p.updated],
    [t.counts.unchanged, p.unchanged],
    [t.counts.failed, p.failed],
    [t.counts.skipped, p.skipped],
    [t.counts.imagesAdded, imp.images.added],
    [t.counts.imagesFailed, imp.images.failed],
  ];
  return (
    <section className="mcc-card mpi-report" aria-labelledby="import-title" data-testid="import-report" data-status={imp.status}>
      <h2 id="import-title" className="mcc-h2">
        {t.statusTitle}: {imp.filename} <StatusBadge tone={tone[imp.status]} label={t.status[imp.status]!} />
      </h2>
      <RefreshWhileRunning running={imp.status !== 'done'} />
      <p role="status" data-testid="import-progress">
        {t.progress(p.done, p.total)}
      </p>
      <progress className="mpi-progress" max={Math.max(p.total, 1)} value={p.total ? p.done : 1} aria-label={t.progress(p.done, p.total)} />
      <dl className="mpi-counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {imp.problems.length > 0 && <ProblemTable problems={imp.problems} t={t} />}
      {imp.failures.length > 0 && <ProblemTable caption={t.failures} problems={imp.failures.flatMap((f) => f.problems.map((x) => ({ ...x, column: x.column ? `${f.handle} · ${x.column}` : f.handle })))} t={t} />}
    </section>
  );
}

/** Product CSV import: the upload form with its check, the progress and report of an import, the recent imports, and the export. */
export default async function ImportProductsPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = importText(locale);
  const q = await searchParams;
  const wanted = typeof q.import === 'string' ? q.import : undefined;
  const selected = wanted
    ? await getProductImport(ctx, { merchantId: store.merchantId, importId: wanted }).catch((err: unknown) => {
        if (isServiceError(err) && err.code === 'catalog_import_not_found') return null;
        throw err;
      })
    : undefined;
  const recent = await listProductImports(ctx, { merchantId: store.merchantId, limit: 10 });
  const base = `/merchant/${encodeURIComponent(store.slug)}/products/import`;
  return (
    <>
      <h1 className="mcc-title">{t.title}</h1>
      <p className="mcc-muted">{t.intro}</p>
      {selected === null && (
        <p className="mcc-alert" role="alert">
          {t.notFound}
        </p>
      )}
      {selected && <Report imp={selected} t={t} />}
      <section className="mcc-card" aria-labelledby="upload-title">
        <h2 id="upload-title" className="mcc-h2">
          {t.file}
        </h2>
        <ImportForm store={store.slug} locale={locale} />
      </section>
      <section className="mcc-card" aria-labelledby="format-title">
        <h2 id="format-title" className="mcc-h2">
          {t.formatTitle}
        </h2>
        <ul className="mpi-format">
          {t.format.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="mcc-card" aria-labelledby="recent-title">
        <h2 id="recent-title" className="mcc-h2">
          {t.recent}
        </h2>
        {recent.length === 0 ? (
          <EmptyState title={t.noImports} body={t.noImportsHint} />
        ) : (
          <ul className="mcc-list mpi-recent" data-testid="recent-imports">
            {recent.map((r) => (
              <li key={r.id}>
                <a href={`${base}?import=${r.id}`} aria-current={r.id === selected?.id ? 'true' : undefined}>
                  <span>{r.filename}</span>
                  <StatusBadge tone={tone[r.status]} label={t.status[r.status]!} />
                  <span className="mcc-muted">{t.progress(r.products.done, r.products.total)}</span>
                  <span className="mcc-muted">
                    {t.started} {consoleTime(r.createdAt, locale, store.timeZone)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mcc-card" aria-labelledby="export-title">
        <h2 id="export-title" className="mcc-h2">
          {t.exportTitle}
        </h2>
        <p className="mcc-muted">{t.exportIntro}</p>
        <p>
          <a className="mcc-button mcc-button-quiet" href={`${base}/export`} download data-testid="export-link">
            {t.exportLink}
          </a>
        </p>
      </section>
    </>
  );
}
