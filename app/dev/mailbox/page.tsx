import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { listMailbox, mailboxEnabled } from '@/lib/notifications/mailbox';
import { requestedLocale } from '@/lib/storefront/locale';
import { mailboxText } from './text';
import './mailbox.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mailbox', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The development mailbox: every message the deployment made (lib/notifications/mailbox.ts says when it is shown). */
export default async function MailboxPage({ searchParams }: Props) {
  if (!mailboxEnabled()) notFound();
  const query = await searchParams;
  const locale = requestedLocale(query) ?? 'en-US';
  const t = mailboxText(locale);
  const to = typeof query.to === 'string' && query.to.trim() ? query.to.trim().slice(0, 254) : undefined;
  const messages = await listMailbox(await getDb(), { to });
  const q = (extra: Record<string, string>) => `?${new URLSearchParams({ locale, ...extra }).toString()}`;
  return (
    <main className="mb-page" lang={locale}>
      <p>
        <a href={`/dev/mailbox${q({ locale: locale === 'zh-CN' ? 'en-US' : 'zh-CN', ...(to && { to }) })}`} hrefLang={locale === 'zh-CN' ? 'en-US' : 'zh-CN'}>
          {t.other}
        </a>
      </p>
      <h1>{t.title}</h1>
      <p className="mb-muted">{t.lead}</p>
      <form className="mb-filter" method="get" action="/dev/mailbox">
        <input type="hidden" name="locale" value={locale} />
        <label>
          {t.filter}
          <br />
          <input type="email" name="to" defaultValue={to ?? ''} autoComplete="off" />
        </label>
        <button type="submit">{t.show}</button>
      </form>
      {messages.length === 0 ? (
        <p data-testid="mailbox-empty">{t.empty}</p>
      ) : (
        <ul className="mb-list" data-testid="mailbox-list">
          {messages.map((m) => (
            <li key={m.id}>
              <a href={`/dev/mailbox/${m.id}${q({})}`}>{m.subject}</a>
              <div className="mb-meta">
                <span>
                  {t.to}: {m.toAddress}
                </span>
                <span>
                  {t.status}: {m.status}
                </span>
                <span>
                  {t.kind}: {m.kind}
                </span>
                <span>
                  {t.created}: {m.createdAt.toISOString()}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
