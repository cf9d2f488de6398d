import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { StatusBadge } from '@/components/merchant/status-badge';
import { storeDirectory } from '@/lib/catalog/store-directory';
import { readMerchantConsole } from '@/lib/merchant-users/merchant-console';
import { consoleRequest } from '../../console';
import { developersText } from '../text';
import { revokeAppAccessAction } from './actions';

export const dynamic = 'force-dynamic';

/** The apps installed on the store: their granted scopes, whether they hold OAuth access, and revoking it. */
export default async function AppsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, user, store, locale } = await consoleRequest(slug);
  const t = developersText(locale);
  const view = await readMerchantConsole(ctx, user.id, storeDirectory);
  const apps = view?.stores.find((s) => s.merchantId === store.merchantId)?.apps ?? [];
  return (
    <section className="mcc-card" aria-labelledby="apps-title">
      <h2 id="apps-title" className="mcc-h2">
        {t.tabs.apps}
      </h2>
      <p className="mcc-muted">{t.apps.intro}</p>
      {apps.length === 0 ? (
        <EmptyState title={t.apps.emptyTitle} body={t.apps.emptyBody} />
      ) : (
        <ul className="mcc-list" data-testid="apps">
          {apps.map((a) => (
            <li key={a.appId} className="mcd-item" data-testid="app" data-app-id={a.appId}>
              <div className="mcd-item-head">
                <strong>{a.name}</strong>
                <span className="mcd-row-actions">
                  <StatusBadge tone={a.status === 'active' ? 'success' : 'neutral'} label={t.apps.status[a.status]} />
                  <StatusBadge tone={a.oauthAccess ? 'info' : 'neutral'} label={a.oauthAccess ? t.apps.oauthLive : t.apps.oauthNone} />
                </span>
              </div>
              <div>
                <p className="mcc-muted">{t.apps.scopes}</p>
                {a.scopes.length ? (
                  <ul className="mcd-tags" aria-label={t.apps.scopes}>
                    {a.scopes.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                ) : (
                  <p>{t.apps.noScopes}</p>
                )}
              </div>
              {a.oauthAccess && (
                <ConfirmDialog label={t.apps.revoke} question={t.apps.revokeQuestion(a.name)} testId="revoke-app">
                  <ConsoleForm action={revokeAppAccessAction} label={`${t.apps.revoke}: ${a.name}`}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="appId" value={a.appId} />
                    <ConfirmedField />
                    <div className="mcc-actions">
                      <SubmitButton tone="danger">{t.apps.revokeSubmit}</SubmitButton>
                    </div>
                  </ConsoleForm>
                </ConfirmDialog>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
