import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { CheckboxGroup, ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { type BadgeTone, StatusBadge } from '@/components/merchant/status-badge';
import { scopes as allScopes } from '@/lib/core/scopes';
import type { ApiKeyStatus } from '@/lib/credentials/api-keys';
import { listApiKeys } from '@/lib/credentials/list-api-keys';
import { consoleRequest } from '../../console';
import { developersText, formatWhen } from '../text';
import { createApiKeyAction, revokeApiKeyAction, rollApiKeyAction } from './actions';
import { EXPIRY_DAYS, ROLL_OVERLAPS } from './choices';

export const dynamic = 'force-dynamic';

const tones: Record<ApiKeyStatus, BadgeTone> = { active: 'success', revoked: 'danger', expired: 'neutral' };

/** The store's API keys: create one (shown once), and each key's state with roll and revoke. */
export default async function ApiKeysPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = developersText(locale);
  const keys = (await listApiKeys(ctx, { merchantId: store.merchantId })).reverse();
  const when = (d: Date | null, none = t.never) => formatWhen(locale, store.timeZone, d, none);
  return (
    <>
      <section className="mcc-card" aria-labelledby="create-key-title">
        <h2 id="create-key-title" className="mcc-h2">
          {t.keys.createTitle}
        </h2>
        <p className="mcc-muted">{t.keys.intro}</p>
        <ConsoleForm action={createApiKeyAction} testId="create-key-form" label={t.keys.createTitle}>
          <input type="hidden" name="store" value={store.slug} />
          <FormField name="name" label={t.keys.name} hint={t.keys.nameHint} maxLength={100} autoComplete="off" />
          <div className="mcc-form-row">
            <SelectField name="environment" label={t.keys.environment} defaultValue="test" options={(['test', 'live'] as const).map((v) => ({ value: v, label: t.keys.environments[v] }))} />
            <SelectField name="expiry" label={t.keys.expiry} defaultValue="90" options={EXPIRY_DAYS.map((v) => ({ value: v, label: t.keys.expiries[v]! }))} />
          </div>
          <CheckboxGroup name="scopes" legend={t.keys.scopes} hint={t.keys.scopesHint} defaultValues={['catalog:read']} options={allScopes.map((s) => ({ value: s, label: s, hint: t.scopes[s] }))} />
          <div className="mcc-actions">
            <SubmitButton>{t.keys.create}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>

      <section className="mcc-card" aria-labelledby="keys-title">
        <h2 id="keys-title" className="mcc-h2">
          {t.keys.listTitle}
        </h2>
        {keys.length === 0 ? (
          <EmptyState title={t.keys.emptyTitle} body={t.keys.emptyBody} />
        ) : (
          <ul className="mcc-list" data-testid="api-keys">
            {keys.map((k) => {
              const label = `${k.prefix}…${k.last4}`;
              return (
                <li key={k.keyId} className="mcd-item" data-testid="api-key" data-key-id={k.keyId}>
                  <div className="mcd-item-head">
                    <span>
                      <strong>{k.name ?? t.keys.unnamed}</strong> <code className="mcd-code">{label}</code>
                    </span>
                    <StatusBadge tone={tones[k.status]} label={t.keys.states[k.status]} />
                  </div>
                  <ul className="mcd-tags" aria-label={t.keys.scopes}>
                    {k.scopes.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                  <dl className="mcd-dl">
                    <dt>{t.keys.app}</dt>
                    <dd>{k.app}</dd>
                    <dt>{t.keys.mode}</dt>
                    <dd>{t.keys.environments[k.environment]}</dd>
                    <dt>{t.keys.createdAt}</dt>
                    <dd>{when(k.createdAt)}</dd>
                    <dt>{t.keys.lastUsed}</dt>
                    <dd title={t.keys.lastUsedHint}>{when(k.lastUsedAt, t.notYet)}</dd>
                    <dt>{t.keys.expires}</dt>
                    <dd>{when(k.expiresAt)}</dd>
                  </dl>
                  {k.status === 'active' && (
                    <div className="mcd-row-actions">
                      <details className="mcd-disclosure" data-testid="roll-key">
                        <summary>{t.keys.roll}</summary>
                        <div className="mcd-panel">
                          <p className="mcc-muted">{t.keys.rollHint}</p>
                          <ConsoleForm action={rollApiKeyAction} label={`${t.keys.rollTitle}: ${label}`}>
                            <input type="hidden" name="store" value={store.slug} />
                            <input type="hidden" name="keyId" value={k.keyId} />
                            <SelectField name="overlap" label={t.keys.overlap} defaultValue="86400" options={ROLL_OVERLAPS.map((v) => ({ value: v, label: t.keys.overlaps[v]! }))} />
                            <div className="mcc-actions">
                              <SubmitButton>{t.keys.rollSubmit}</SubmitButton>
                            </div>
                          </ConsoleForm>
                        </div>
                      </details>
                      <ConfirmDialog label={t.keys.revoke} question={t.keys.revokeQuestion(label)} testId="revoke-key">
                        <ConsoleForm action={revokeApiKeyAction} label={`${t.keys.revoke}: ${label}`}>
                          <input type="hidden" name="store" value={store.slug} />
                          <input type="hidden" name="keyId" value={k.keyId} />
                          <ConfirmedField />
                          <div className="mcc-actions">
                            <SubmitButton tone="danger">{t.keys.revokeSubmit}</SubmitButton>
                          </div>
                        </ConsoleForm>
                      </ConfirmDialog>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
