import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { Pagination } from '@/components/merchant/pagination';
import { consoleText } from '@/components/merchant/text';
import { type AuditPage, readAuditTrail } from '@/lib/audit/read-audit';
import { isServiceError } from '@/lib/core/errors';
import { consoleRequest } from '../../console';
import { SettingsHeader, settingsHref } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 25;

/** The store's audit trail: who changed what, newest first, a page at a time (cursor links). */
export default async function ActivitySettingsPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const ct = consoleText(locale);
  const raw = (await searchParams).cursor;
  const cursor = Array.isArray(raw) ? raw[0] : raw;
  let page: AuditPage;
  let badCursor = false;
  try {
    page = await readAuditTrail(ctx, { merchantId: store.merchantId, cursor, limit: PAGE_SIZE });
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    badCursor = true;
    page = await readAuditTrail(ctx, { merchantId: store.merchantId, limit: PAGE_SIZE });
  }
  const base = settingsHref(store.slug, 'activity');
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="activity" />
      <p className="mcc-muted">{t.activity.intro}</p>
      {badCursor && (
        <p className="mcc-alert" role="alert">
          {t.activity.badCursor}
        </p>
      )}
      {page.entries.length === 0 ? (
        <EmptyState title={t.activity.empty} />
      ) : (
        <section className="mcc-card" aria-labelledby="activity-title">
          <h2 id="activity-title" className="mcc-h2">
            {t.activity.title}
          </h2>
          <table className="mcc-table mss-activity" data-testid="activity">
            <thead>
              <tr>
                <th scope="col">{t.activity.when}</th>
                <th scope="col">{t.activity.who}</th>
                <th scope="col">{t.activity.what}</th>
                <th scope="col">{t.activity.details}</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <tr key={e.id} data-testid="activity-entry" data-action={e.action}>
                  <td>
                    <time dateTime={e.occurredAt}>{consoleTime(e.occurredAt, locale, store.timeZone)}</time>
                  </td>
                  <td>
                    {e.actorLabel} <span className="mcc-muted">({t.activity.actors[e.actorKind] ?? e.actorKind})</span>
                  </td>
                  <td>{t.activity.actions[e.action] ?? <code>{e.action}</code>}</td>
                  <td>
                    <ul className="mss-details">
                      {Object.entries(e.details).map(([k, v]) => (
                        <li key={k}>
                          <code>{k}</code>: {String(v)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pagination t={ct} firstHref={cursor && !badCursor ? base : null} nextHref={page.nextCursor ? `${base}?${new URLSearchParams({ cursor: page.nextCursor })}` : null} />
    </>
  );
}
