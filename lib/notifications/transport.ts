import nodemailer from 'nodemailer';
import { config } from '../platform/config';
import type { ClaimedMessage } from './data';

/**
 * How a message leaves: over SMTP when SMTP_URL is set, else it stays in the database (the
 * development mailbox shows it) and counts as sent. A send's outcome is `sent`, `retry` (the
 * server is down, busy, or answered 4xx) or `rejected` (a permanent 5xx: an invalid address, a
 * refused sender), which fails that message alone; the queue goes on.
 */
export type SendOutcome = {
  outcome: 'sent' | 'retry' | 'rejected';
  transport: 'smtp' | 'mailbox';
  detail: string | null;
  /** No answer from the server at all (refused, timed out): the rest of the batch would fare no better. */
  unreachable?: boolean;
};

export type Transport = { name: 'smtp' | 'mailbox'; send(message: ClaimedMessage): Promise<SendOutcome>; close(): void };

export const SMTP_TIMEOUT_MS = 15_000;

export function mailTransport(smtpUrl: string | undefined = config().SMTP_URL): Transport {
  if (!smtpUrl) return { name: 'mailbox', send: async () => ({ outcome: 'sent', transport: 'mailbox', detail: null }), close: () => undefined };
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as nodemailer.TransportOptions);
  return {
    name: 'smtp',
    async send(m) {
      try {
        const info = await transporter.sendMail({
          from: m.fromAddress,
          to: m.toAddress,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: m.messageId,
          // An alert says it is automatic and carries the one-click unsubscribe of RFC 8058.
          ...(m.unsubscribeUrl && {
            list: { unsubscribe: { url: m.unsubscribeUrl, comment: 'unsubscribe' } },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
          }),
        });
        if (info.rejected.length) return { outcome: 'rejected', transport: 'smtp', detail: `rejected: ${String(info.rejected[0])}` };
        return { outcome: 'sent', transport: 'smtp', detail: info.response ?? null };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
        const detail = (e.response ?? e.message ?? String(err)).slice(0, 500);
        // 5xx is the server's final word on this message; anything else (no connection, 4xx) may pass later.
        if (e.responseCode === undefined) return { outcome: 'retry', transport: 'smtp', detail, unreachable: true };
        return { outcome: e.responseCode >= 500 ? 'rejected' : 'retry', transport: 'smtp', detail };
      }
    },
    close: () => transporter.close(),
  };
}
