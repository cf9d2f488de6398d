import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { type MessageKind, isMessageKind, kindInfo, messageKinds } from '@/lib/notifications/kinds';
import { INTRO_MAX, SUBJECT_MAX, previewMessage, readKindTexts } from '@/lib/notifications/notification-settings';
import { mailLocales } from '@/lib/notifications/texts';
import { consoleRequest } from '../../console';
import { SettingsHeader, settingsHref } from '../settings-nav';
import { settingsText } from '../text';
import { saveNotificationTextsAction, sendTestMessageAction } from './actions';
import { notificationsText } from './text';
import '../settings.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ store: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Settings -> Notifications: every message the store sends, one at a time: its preview in both
 * languages (plain text here, the HTML version beside it), the store's own wording of its subject
 * and opening paragraph in both languages, and a test sent to the signed-in member.
 */
export default async function NotificationSettingsPage({ params, searchParams }: Props) {
  const [{ store: slug }, query] = await Promise.all([params, searchParams]);
  const { ctx, store, user, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const n = notificationsText(locale);
  const kind: MessageKind = typeof query.kind === 'string' && isMessageKind(query.kind) ? query.kind : 'order_confirmation';
  const [texts, ...previews] = await Promise.all([readKindTexts(ctx, store.merchantId, kind), ...mailLocales.map((l) => previewMessage(ctx, store.merchantId, kind, l))]);
  const base = settingsHref(store.slug, 'notifications');
  const group = (audience: 'shopper' | 'merchant') => messageKinds.filter((k) => kindInfo[k].audience === audience);
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="notifications" />
      <p className="mcc-muted">{n.lead}</p>
      <section className="mcc-card" aria-labelledby="kinds-title">
        <h2 id="kinds-title" className="mcc-h2">
          {n.preview}
        </h2>
        {(['shopper', 'merchant'] as const).map((audience) => (
          <nav key={audience} aria-label={audience === 'shopper' ? n.toShoppers : n.toTeam}>
            <h3 className="mcc-muted">{audience === 'shopper' ? n.toShoppers : n.toTeam}</h3>
            <ul className="mss-kinds" data-testid={`kinds-${audience}`}>
              {group(audience).map((k) => (
                <li key={k}>
                  <a href={`${base}?kind=${k}`} aria-current={k === kind ? 'page' : undefined}>
                    {n.kinds[k]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </section>
      {mailLocales.map((l, i) => (
        <section key={l} className="mcc-card" aria-labelledby={`preview-${l}`} data-testid={`preview-${l}`}>
          <h2 id={`preview-${l}`} className="mcc-h2">
            {n.previewOf(n.languages[l])}: {n.kinds[kind]}
          </h2>
          <p lang={l}>
            <strong>{previews[i]!.subject}</strong>
          </p>
          <pre className="mss-mail" lang={l} tabIndex={0}>
            {previews[i]!.text}
          </pre>
          <p>
            <a href={`${base}/preview?kind=${kind}&lang=${l}`}>{n.openHtml}</a>
          </p>
        </section>
      ))}
      <section className="mcc-card" aria-labelledby="wording-title">
        <h2 id="wording-title" className="mcc-h2">
          {n.wording}
        </h2>
        <p className="mcc-muted">{n.wordingHint}</p>
        <ConsoleForm action={saveNotificationTextsAction} testId="notification-texts-form">
          <input type="hidden" name="store" value={store.slug} />
          <input type="hidden" name="kind" value={kind} />
          {mailLocales.map((l) => {
            const suffix = l === 'zh-CN' ? 'Zh' : 'En';
            return (
              <fieldset key={l} lang={l}>
                <legend>{n.languages[l]}</legend>
                <FormField name={`subject${suffix}`} label={n.subject(n.languages[l])} hint={n.defaultIs(texts.defaults[l].subject)} defaultValue={texts.own[l].subject} maxLength={SUBJECT_MAX} />
                <FormField name={`intro${suffix}`} label={n.intro(n.languages[l])} hint={n.defaultIs(texts.defaults[l].intro)} defaultValue={texts.own[l].intro} maxLength={INTRO_MAX} />
              </fieldset>
            );
          })}
          <div className="mcc-actions">
            <SubmitButton>{n.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
      <section className="mcc-card" aria-labelledby="test-title">
        <h2 id="test-title" className="mcc-h2">
          {n.test}
        </h2>
        <p className="mcc-muted">{n.testHint(user.email)}</p>
        <ConsoleForm action={sendTestMessageAction} testId="notification-test-form">
          <input type="hidden" name="store" value={store.slug} />
          <input type="hidden" name="kind" value={kind} />
          <div className="mcc-actions">
            {mailLocales.map((l) => (
              <SubmitButton key={l} tone="quiet" name="lang" value={l}>
                {n.sendIn(n.languages[l])}
              </SubmitButton>
            ))}
          </div>
        </ConsoleForm>
      </section>
    </>
  );
}
