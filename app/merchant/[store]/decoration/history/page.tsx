import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleText } from '@/components/merchant/text';
import { readAuditTrail } from '@/lib/audit/read-audit';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { listDecorationVersions } from '@/lib/decoration/decoration-versions';
import { DECORATION_AUDIT_SUBJECT } from '@/lib/decoration/events';
import type { DecorationChanges } from '@/lib/decoration/schemas';
import { consoleRequest } from '../../console';
import { rollbackAction } from '../actions';
import { studioHref } from '../studio';
import { type DecorationText, decorationText } from '../text';
import '../decoration.css';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;
type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** What a version changed against the one before it, one line per kind of change, blocks named by kind. */
function ChangeSummary({ changes, t }: { changes: DecorationChanges; t: DecorationText }) {
  const h = t.history;
  const named = (refs: DecorationChanges['added']) => refs.map((r) => t.kinds[r.type]).join(', ');
  const lines = [
    changes.added.length > 0 && `${h.added}: ${named(changes.added)}`,
    changes.removed.length > 0 && `${h.removed}: ${named(changes.removed)}`,
    changes.changed.length > 0 && `${h.changed}: ${named(changes.changed)}`,
    changes.reordered && h.reordered,
  ].filter((l): l is string => Boolean(l));
  return (
    <ul className="dst-changes" aria-label={h.changesLabel} data-testid="version-changes">
      {(lines.length ? lines : [h.noChanges]).map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** The store's published decoration versions, newest first, each with what it changed; roll back to any; who did what. */
export default async function DecorationHistoryPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const q = await searchParams;
  const t = decorationText(locale);
  const h = t.history;
  const merchant = await getMerchantByIdOrThrow(ctx.db, store.merchantId);
  const requested = Number(one(q.page) ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 100 ? requested : 1;
  const { data, meta } = await listDecorationVersions(ctx, merchant, { page, pageSize: PAGE_SIZE });
  // The newest version is live: on page 1 it is the first, else it is read on its own.
  const newest = page === 1 ? data[0] : (await listDecorationVersions(ctx, merchant, { page: 1, pageSize: 1 })).data[0];
  const liveVersion = newest?.version ?? 0;
  const activity = await readAuditTrail(ctx, { merchantId: merchant.id, subject: { type: DECORATION_AUDIT_SUBJECT, id: merchant.id }, limit: 20 });
  const rolledBack = one(q.rolledBack);
  const from = one(q.from);
  const base = studioHref(store.slug, { page: 'history' });
  const hasNext = page * PAGE_SIZE < meta.total;

  const actorLabel = (e: (typeof activity.entries)[number]) => (e.actorKind === 'merchant_user' ? e.actorLabel : e.actorKind === 'installation' ? `${h.actors.installation} ${e.actorLabel}` : (h.actors[e.actorKind] ?? e.actorKind));
  const detail = (d: Record<string, string | number | boolean | null>) =>
    [
      typeof d.revision === 'number' && h.revisionDetail(d.revision),
      typeof d.version === 'number' && h.versionDetail(d.version),
      typeof d.restoredFromVersion === 'number' && h.restoredDetail(d.restoredFromVersion),
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <>
      <div className="dst-head">
        <h1 className="mcc-title">{t.historyTitle}</h1>
        <a className="mcc-button mcc-button-quiet" href={studioHref(store.slug)}>
          {t.backToStudio}
        </a>
      </div>
      {rolledBack && from && (
        <p className="mcc-notice" role="status" data-testid="history-notice">
          {t.rolledBack(Number(rolledBack), Number(from))}
        </p>
      )}
      {data.length === 0 ? (
        <div className="mcc-card">
          <EmptyState title={h.empty} body={h.emptyHint} />
        </div>
      ) : (
        <ol className="dst-history" aria-label={t.historyTitle}>
          {data.map((v) => (
            <li key={v.versionId} className="mcc-card dst-version" data-testid="version" data-version={v.version}>
              <div className="dst-version-head">
                <h2>{h.version(v.version)}</h2>
                {v.live && <StatusBadge tone="success" label={h.live} />}
                {v.restoredFromVersion !== null && <StatusBadge tone="info" label={h.restoredFrom(v.restoredFromVersion)} />}
              </div>
              <p className="mcc-muted">
                {h.publishedAt}: {consoleTime(v.publishedAt, locale, store.timeZone)} · {h.blocks(v.blockCount, v.productCount)}
              </p>
              <ChangeSummary changes={v.changes} t={t} />
              {!v.live && (
                <ConfirmDialog label={h.rollbackLabel(v.version)} question={h.rollbackQuestion(v.version, liveVersion + 1)} testId="rollback">
                  <ConsoleForm action={rollbackAction} label={h.rollbackLabel(v.version)}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="version" value={v.version} />
                    <input type="hidden" name="liveVersion" value={liveVersion} />
                    <ConfirmedField />
                    <div className="mcc-actions">
                      <SubmitButton tone="danger">{h.rollbackConfirm(v.version)}</SubmitButton>
                    </div>
                  </ConsoleForm>
                </ConfirmDialog>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pagination t={consoleText(locale)} firstHref={page > 1 ? base : null} nextHref={hasNext ? `${base}?page=${page + 1}` : null} />
      <section className="mcc-card" aria-labelledby="dst-activity-title" data-testid="activity">
        <h2 id="dst-activity-title" className="mcc-h2">
          {h.activity}
        </h2>
        {activity.entries.length === 0 ? (
          <p className="mcc-muted">{h.activityEmpty}</p>
        ) : (
          <ul className="dst-activity">
            {activity.entries.map((e) => (
              <li key={e.id}>
                <time dateTime={e.occurredAt}>{consoleTime(e.occurredAt, locale, store.timeZone)}</time> · {actorLabel(e)} {h.actions[e.action] ?? e.action}
                {detail(e.details) ? ` (${detail(e.details)})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
