import { CheckboxGroup, ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { sectionHref } from '@/components/merchant/sections';
import { OWN_INTEGRATION_APP } from '@/lib/credentials/api-keys';
import { listInstallationsOfStore } from '@/lib/credentials/list-store-installations';
import { listWebhookEndpoints } from '@/lib/webhooks/admin';
import { eventKinds } from '@/lib/webhooks/event-catalogue';
import { consoleRequest } from '../../console';
import { developersText, formatWhen } from '../text';
import { createEndpointAction } from './actions';
import { OWN_APP } from './choices';
import { EndpointState } from './endpoint-state';

export const dynamic = 'force-dynamic';

/** The store's webhook endpoints: add one (secret shown once), and each endpoint's state with a link to manage it. */
export default async function WebhooksPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = developersText(locale);
  const [endpoints, installations] = await Promise.all([listWebhookEndpoints(ctx, { merchantSlug: store.slug }), listInstallationsOfStore(ctx, store.merchantId)]);
  const active = installations.filter((i) => i.active && i.appName !== OWN_INTEGRATION_APP.name);
  const apps = [{ value: OWN_APP, label: OWN_INTEGRATION_APP.name }, ...active.map((i) => ({ value: i.installationId, label: i.appName }))];
  const deleted = (await searchParams).deleted === '1';
  return (
    <>
      {deleted && (
        <p className="mcc-notice" role="status">
          {t.webhooks.deleted}
        </p>
      )}
      <section className="mcc-card" aria-labelledby="add-endpoint-title">
        <h2 id="add-endpoint-title" className="mcc-h2">
          {t.webhooks.createTitle}
        </h2>
        <p className="mcc-muted">{t.webhooks.intro}</p>
        <ConsoleForm action={createEndpointAction} testId="create-endpoint-form" label={t.webhooks.createTitle}>
          <input type="hidden" name="store" value={store.slug} />
          <FormField name="url" label={t.webhooks.url} hint={t.webhooks.urlHint} type="url" inputMode="text" autoComplete="off" maxLength={2048} required />
          <div className="mcc-form-row">
            <SelectField name="installationId" label={t.webhooks.app} defaultValue={OWN_APP} options={apps} />
            <FormField name="description" label={t.webhooks.description} hint={t.webhooks.descriptionHint} maxLength={500} autoComplete="off" />
          </div>
          <CheckboxGroup name="eventTypes" legend={t.webhooks.events} hint={t.webhooks.eventsHint} options={eventKinds.map((k) => ({ value: k.type, label: k.type }))} />
          <div className="mcc-actions">
            <SubmitButton>{t.webhooks.create}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className="mcc-h2">
          {t.webhooks.listTitle}
        </h2>
        {endpoints.length === 0 ? (
          <EmptyState title={t.webhooks.emptyTitle} body={t.webhooks.emptyBody} />
        ) : (
          <ul className="mcc-list" data-testid="webhook-endpoints">
            {endpoints.map((e) => (
              <li key={e.id} className="mcd-item" data-testid="webhook-endpoint" data-endpoint-id={e.id}>
                <div className="mcd-item-head">
                  <code className="mcd-code">{e.url}</code>
                  <EndpointState t={t} endpoint={e} />
                </div>
                {e.description && <p className="mcc-muted">{e.description}</p>}
                <dl className="mcd-dl">
                  <dt>{t.webhooks.app}</dt>
                  <dd>{e.app}</dd>
                  <dt>{t.webhooks.events}</dt>
                  <dd>{e.eventTypes.length}</dd>
                  <dt>{t.webhooks.lastSuccess}</dt>
                  <dd>{formatWhen(locale, store.timeZone, e.lastSuccessAt, t.notYet)}</dd>
                  <dt>{t.webhooks.lastFailure}</dt>
                  <dd>{formatWhen(locale, store.timeZone, e.lastFailureAt, t.notYet)}</dd>
                </dl>
                <p>
                  <a className="mcc-button mcc-button-quiet" href={sectionHref(store.slug, `developers/webhooks/${e.id}`)} aria-label={`${t.webhooks.open}: ${e.url}`}>
                    {t.webhooks.open}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

