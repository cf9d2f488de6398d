import { notFound } from 'next/navigation';
import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { CheckboxGroup, ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { sectionHref } from '@/components/merchant/sections';
import { type BadgeTone, StatusBadge } from '@/components/merchant/status-badge';
import { ServiceError } from '@/lib/core/errors';
import { listWebhookDeliveries } from '@/lib/webhooks/admin';
import { getEndpointOfOrThrow, toPublicEndpoint } from '@/lib/webhooks/endpoints';
import { eventKinds } from '@/lib/webhooks/event-catalogue';
import { consoleRequest } from '../../../console';
import { developersText, formatWhen } from '../../text';
import { deleteEndpointAction, redeliverAction, rotateSecretAction, sendTestEventAction, toggleEndpointAction, updateEndpointAction } from '../actions';
import { DELIVERY_LOG_LIMIT, ROTATION_OVERLAPS } from '../choices';
import { EndpointState } from '../endpoint-state';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deliveryTones: Record<string, BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

/**
 * One webhook endpoint of the store: edit URL and events, enable or disable, rotate the signing
 * secret, send a test event, the delivery log with every attempt and redelivery, delete. Another
 * store's endpoint (or none) is the designed 404.
 */
export default async function WebhookEndpointPage({ params }: { params: Promise<{ store: string; endpointId: string }> }) {
  const { store: slug, endpointId } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  if (!UUID.test(endpointId)) notFound();
  const row = await getEndpointOfOrThrow(ctx, { merchantId: store.merchantId }, endpointId).catch((err: unknown) => {
    if (err instanceof ServiceError && err.code === 'webhook_endpoint_not_found') notFound();
    throw err;
  });
  const endpoint = toPublicEndpoint(row);
  const deliveries = await listWebhookDeliveries(ctx, endpoint.id, DELIVERY_LOG_LIMIT);
  const t = developersText(locale);
  const w = t.webhooks;
  const when = (d: string | null) => formatWhen(locale, store.timeZone, d, t.notYet);
  const here = sectionHref(store.slug, `developers/webhooks/${endpoint.id}`);
  const hidden = (
    <>
      <input type="hidden" name="store" value={store.slug} />
      <input type="hidden" name="endpointId" value={endpoint.id} />
    </>
  );
  return (
    <>
      <p>
        <a href={sectionHref(store.slug, 'developers/webhooks')}>← {w.backToList}</a>
      </p>
      <section className="mcc-card" aria-labelledby="endpoint-title">
        <div className="mcd-item-head">
          <h2 id="endpoint-title" className="mcc-h2">
            {w.detailTitle}
          </h2>
          <EndpointState t={t} endpoint={endpoint} />
        </div>
        <p>
          <code className="mcd-code" data-testid="endpoint-url">
            {endpoint.url}
          </code>
        </p>
        <dl className="mcd-dl">
          <dt>{w.lastSuccess}</dt>
          <dd>{when(endpoint.lastSuccessAt)}</dd>
          <dt>{w.lastFailure}</dt>
          <dd>{when(endpoint.lastFailureAt)}</dd>
        </dl>
      </section>

      <section className="mcc-card" aria-labelledby="test-title">
        <h2 id="test-title" className="mcc-h2">
          {w.testTitle}
        </h2>
        <p className="mcc-muted">{w.testHint}</p>
        <ConsoleForm action={sendTestEventAction} testId="test-event-form" label={w.testTitle}>
          {hidden}
          <SelectField name="type" label={w.testKind} defaultValue={endpoint.eventTypes[0] ?? eventKinds[0]?.type} options={eventKinds.map((k) => ({ value: k.type, label: k.type }))} />
          <div className="mcc-actions">
            <SubmitButton>{w.sendTest}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="log-title">
        <div className="mcd-item-head">
          <h2 id="log-title" className="mcc-h2">
            {w.logTitle}
          </h2>
          <a className="mcc-button mcc-button-quiet" href={here} data-testid="refresh-log">
            {w.refresh}
          </a>
        </div>
        {deliveries.length === 0 ? (
          <EmptyState title={w.logEmpty} body={w.logEmptyBody} />
        ) : (
          <ul className="mcc-list" data-testid="deliveries">
            {deliveries.map((d) => (
              <li key={d.id} className="mcd-item" data-testid="delivery" data-event-type={d.eventType}>
                <div className="mcd-item-head">
                  <span>
                    <strong className="mcd-code">{d.eventType}</strong> <span className="mcc-muted">{w.attempts(d.attempts)}</span>
                  </span>
                  <StatusBadge tone={deliveryTones[d.status] ?? 'neutral'} label={w.deliveryStates[d.status] ?? d.status} />
                </div>
                <p className="mcc-muted mcd-code">{d.webhookId}</p>
                {d.nextAttemptAt && <p className="mcc-muted">{w.nextAttempt(when(d.nextAttemptAt))}</p>}
                {d.log.length > 0 && (
                  <div className="mcd-scroll" role="region" aria-label={`${w.logTitle}: ${d.webhookId}`} tabIndex={0}>
                    <table className="mcc-table mcd-attempts">
                      <thead>
                        <tr>
                          <th scope="col">{w.attempt}</th>
                          <th scope="col">{w.startedAt}</th>
                          <th scope="col">{w.outcome}</th>
                          <th scope="col">{w.response}</th>
                          <th scope="col" className="mcc-num">
                            {w.duration}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.log.map((a) => (
                          <tr key={a.attempt} data-testid="attempt">
                            <td>{a.attempt}</td>
                            <td>{when(a.startedAt)}</td>
                            <td>{a.outcome}</td>
                            <td>{a.statusCode ?? w.noResponse}</td>
                            <td className="mcc-num">{w.ms(a.durationMs)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {d.status !== 'pending' && (
                  <ConsoleForm action={redeliverAction} label={`${w.redeliver}: ${d.webhookId}`}>
                    {hidden}
                    <input type="hidden" name="deliveryId" value={d.id} />
                    <div className="mcc-actions">
                      <SubmitButton tone="quiet">{w.redeliver}</SubmitButton>
                    </div>
                  </ConsoleForm>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mcc-card" aria-labelledby="edit-title">
        <h2 id="edit-title" className="mcc-h2">
          {w.editTitle}
        </h2>
        <ConsoleForm action={updateEndpointAction} testId="edit-endpoint-form" label={w.editTitle}>
          {hidden}
          <FormField name="url" label={w.url} hint={w.urlHint} type="url" inputMode="text" autoComplete="off" maxLength={2048} required defaultValue={endpoint.url} />
          <FormField name="description" label={w.description} hint={w.descriptionHint} maxLength={500} autoComplete="off" defaultValue={endpoint.description ?? ''} />
          <CheckboxGroup name="eventTypes" legend={w.events} hint={w.eventsHint} defaultValues={endpoint.eventTypes} options={eventKinds.map((k) => ({ value: k.type, label: k.type }))} />
          <div className="mcc-actions">
            <SubmitButton>{w.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="toggle-title">
        <h2 id="toggle-title" className="mcc-h2">
          {w.toggleTitle}
        </h2>
        <p className="mcc-muted">{w.disableHint}</p>
        <ConsoleForm action={toggleEndpointAction} testId="toggle-endpoint-form" label={w.toggleTitle}>
          {hidden}
          <input type="hidden" name="enabled" value={endpoint.enabled ? 'false' : 'true'} />
          <div className="mcc-actions">
            <SubmitButton tone={endpoint.enabled ? 'quiet' : 'primary'}>{endpoint.enabled ? w.disable : w.enable}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="secret-title">
        <h2 id="secret-title" className="mcc-h2">
          {w.secretTitle}
        </h2>
        <p>{w.secretVersion(endpoint.secret.version)}</p>
        {endpoint.secret.previousSecretExpiresAt && new Date(endpoint.secret.previousSecretExpiresAt) > ctx.now && <p className="mcc-muted">{w.previousUntil(when(endpoint.secret.previousSecretExpiresAt))}</p>}
        <p className="mcc-muted">{w.rotateHint}</p>
        <ConsoleForm action={rotateSecretAction} testId="rotate-secret-form" label={w.rotate}>
          {hidden}
          <SelectField name="overlap" label={w.overlap} defaultValue="86400" options={ROTATION_OVERLAPS.map((v) => ({ value: v, label: w.overlaps[v]! }))} />
          <div className="mcc-actions">
            <SubmitButton>{w.rotate}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="delete-title">
        <h2 id="delete-title" className="mcc-h2">
          {w.deleteTitle}
        </h2>
        <ConfirmDialog label={w.delete} question={w.deleteQuestion} testId="delete-endpoint">
          <ConsoleForm action={deleteEndpointAction} label={w.delete}>
            {hidden}
            <ConfirmedField />
            <div className="mcc-actions">
              <SubmitButton tone="danger">{w.delete}</SubmitButton>
            </div>
          </ConsoleForm>
        </ConfirmDialog>
      </section>
    </>
  );
}
