import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { listStoreReturnOrigins } from '@/lib/checkout/store-return-origins';
import { consoleRequest } from '../../console';
import { developersText } from '../text';
import { addReturnOriginAction, removeReturnOriginAction } from './actions';

export const dynamic = 'force-dynamic';

/** Where hosted checkout may send shoppers back to, per installed app: list, add, remove. */
export default async function ReturnOriginsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = developersText(locale);
  const installations = await listStoreReturnOrigins(ctx, { merchantId: store.merchantId });
  const active = installations.filter((i) => i.active);
  if (installations.length === 0) {
    return (
      <section className="mcc-card">
        <EmptyState title={t.origins.emptyApps} body={t.origins.emptyAppsBody} />
      </section>
    );
  }
  return (
    <>
      {active.length > 0 && (
        <section className="mcc-card" aria-labelledby="add-origin-title">
          <h2 id="add-origin-title" className="mcc-h2">
            {t.origins.addTitle}
          </h2>
          <p className="mcc-muted">{t.origins.intro}</p>
          <ConsoleForm action={addReturnOriginAction} testId="add-origin-form" label={t.origins.addTitle}>
            <input type="hidden" name="store" value={store.slug} />
            <div className="mcc-form-row">
              <SelectField name="installationId" label={t.origins.app} defaultValue={active[0]!.installationId} options={active.map((i) => ({ value: i.installationId, label: i.appName }))} />
              <FormField name="origin" label={t.origins.origin} hint={t.origins.originHint} type="url" inputMode="text" autoComplete="off" maxLength={2048} required />
            </div>
            <div className="mcc-actions">
              <SubmitButton>{t.origins.add}</SubmitButton>
            </div>
          </ConsoleForm>
        </section>
      )}
      <section className="mcc-card" aria-labelledby="origins-title">
        <h2 id="origins-title" className="mcc-h2">
          {t.origins.listTitle}
        </h2>
        <ul className="mcc-list" data-testid="return-origins">
          {installations.map((i) => (
            <li key={i.installationId} className="mcd-item" data-testid="origin-app">
              <strong>{i.appName}</strong>
              {i.origins.length === 0 ? (
                <p className="mcc-muted">{t.origins.none}</p>
              ) : (
                <ul className="mcc-list">
                  {i.origins.map((o) => (
                    <li key={o} className="mcd-item-head" data-testid="return-origin">
                      <code className="mcd-code">{o}</code>
                      <ConfirmDialog label={t.origins.remove} question={t.origins.removeQuestion(o)}>
                        <ConsoleForm action={removeReturnOriginAction} label={`${t.origins.remove}: ${o}`}>
                          <input type="hidden" name="store" value={store.slug} />
                          <input type="hidden" name="installationId" value={i.installationId} />
                          <input type="hidden" name="origin" value={o} />
                          <ConfirmedField />
                          <div className="mcc-actions">
                            <SubmitButton tone="danger">{t.origins.removeSubmit}</SubmitButton>
                          </div>
                        </ConsoleForm>
                      </ConfirmDialog>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
