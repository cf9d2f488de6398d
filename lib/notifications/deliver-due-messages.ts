import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Logger } from '../platform/logger';
import { claimDueMessages, settleMessage } from './data';
import { nextMailAttemptAt } from './retry-schedule';
import { type Transport, mailTransport } from './transport';

/** How long a claim holds: longer than a batch's sends at the SMTP timeouts, so only a dead runner's claims lapse. */
export const MAIL_LEASE_MS = 120_000;

export type MailRunOptions = { db: Db; now: () => Date; log: Logger; transport?: Transport; batchSize?: number; random?: () => number };
export type MailRunReport = { claimed: number; sent: number; retrying: number; failed: number };

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED, then a lease) and sends them one after another
 * on one SMTP connection, recording each outcome: sent; retried on the doubling schedule when
 * the server is down or answers 4xx; failed when it refuses the message for good (5xx: an invalid
 * address) or the schedule is over. One bad address never holds up the others. Any number of
 * runners may do this at once; a runner that dies leaves leases that lapse, and the message goes
 * again with its Message-ID (at least once).
 */
export async function deliverDueMessages(options: MailRunOptions): Promise<MailRunReport> {
  const { db, log } = options;
  const token = randomUUID();
  const now = options.now();
  const claimed = await claimDueMessages(db, now, token, new Date(now.getTime() + MAIL_LEASE_MS), options.batchSize ?? 20);
  const report: MailRunReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return report;
  const transport = options.transport ?? mailTransport();
  try {
    for (const [i, message] of claimed.entries()) {
      const result = await transport.send(message);
      const at = options.now();
      const attempts = message.attempts + 1;
      const retryAt = result.outcome === 'retry' ? nextMailAttemptAt(attempts, at, options.random) : null;
      const status = result.outcome === 'sent' ? 'sent' : retryAt ? 'pending' : 'failed';
      const settled = await settleMessage(db, {
        id: message.id,
        token,
        attempts,
        status,
        nextAttemptAt: retryAt ?? undefined,
        sentAt: status === 'sent' ? at : undefined,
        transport: result.transport,
        lastError: status === 'sent' ? null : result.detail,
      });
      if (!settled) log.warn({ messageId: message.id }, 'mail lease lapsed before its result was recorded');
      report[status === 'sent' ? 'sent' : status === 'pending' ? 'retrying' : 'failed']++;
      log[status === 'sent' ? 'info' : 'warn']({ emailMessageId: message.id, attempt: attempts, status, transport: result.transport, detail: result.detail }, 'mail send attempt');
      if (result.unreachable && retryAt) {
        // The server is down: the rest of the batch waits as long, without spending an attempt.
        for (const rest of claimed.slice(i + 1)) {
          await settleMessage(db, { id: rest.id, token, attempts: rest.attempts, status: 'pending', nextAttemptAt: retryAt, lastError: result.detail });
          report.retrying++;
        }
        break;
      }
    }
  } finally {
    if (!options.transport) transport.close();
  }
  return report;
}
