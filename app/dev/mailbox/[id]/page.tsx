import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { linksOf, mailboxEnabled, readMailboxMessage } from '@/lib/notifications/mailbox';
import { requestedLocale } from '@/lib/storefront/locale';
import { mailboxText } from '../text';
import '../mailbox.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mailbox message', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One message of the development mailbox: its headers, its links (clickable) and its plain-text part. */
export default async function MailboxMessagePage({ params, searchParams }: Props) {
  if (!mailboxEnabled()) notFound();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const locale = requestedLocale(query) ?? 'en-US';
  const t = mailboxText(locale);
  const m = await readMailboxMessage(await getDb(), id);
  if (!m) notFound();
  const links = linksOf(m.text);
  return (
    <main className="mb-page" lang={locale}>
      <p>
        <a href={`/dev/mailbox?locale=${locale}`}>{t.back}</a>
      </p>
      <h1 data-testid="mailbox-subject">{m.subject}</h1>
      <dl className="mb-head">
        <dt>{t.from}</dt>
        <dd>{m.fromAddress}</dd>
        <dt>{t.to}</dt>
        <dd>{m.toAddress}</dd>
        <dt>{t.messageId}</dt>
        <dd>{m.messageId}</dd>
        <dt>{t.status}</dt>
        <dd>{m.status}</dd>
        <dt>{t.attempts}</dt>
        <dd>{m.attempts}</dd>
        {m.lastError ? (
          <>
            <dt>{t.lastError}</dt>
            <dd>{m.lastError}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t.links}</h2>
      <ul className="mb-links" data-testid="mailbox-links">
        {links.map((href) => (
          <li key={href}>
            <a href={href}>{href}</a>
          </li>
        ))}
      </ul>
      <p>
        <a href={`/dev/mailbox/${m.id}/html`}>{t.htmlPart}</a>
      </p>
      <h2>{t.textPart}</h2>
      <pre className="mb-text" data-testid="mailbox-text">
        {m.text}
      </pre>
    </main>
  );
}
