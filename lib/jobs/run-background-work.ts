import { createServiceContext } from '../core/context';
import { type Logger, logger as rootLogger } from '../platform/logger';
import type { Db } from '../db/client';
import { type DeliveryRunOptions, type DeliveryRunReport, deliverDueWebhooks } from '../webhooks/deliver-due-webhooks';
import { dispatchEvents } from '../webhooks/dispatch-events';
import { deriveEndpointAlerts, deriveMessages } from '../notifications/derive-messages';
import { type MailRunOptions, type MailRunReport, deliverDueMessages } from '../notifications/deliver-due-messages';
import { sweeps } from './sweeps';

export type BackgroundWorkOptions = {
  db: Db;
  now?: () => Date;
  log?: Logger;
  /** Passed to webhook delivery (tests shorten the timeout or substitute the network policy). */
  delivery?: Partial<Omit<DeliveryRunOptions, 'db' | 'now' | 'log'>>;
  /** Passed to mail sending (tests substitute the transport or the jitter). */
  mail?: Partial<Omit<MailRunOptions, 'db' | 'now' | 'log'>>;
};

export type BackgroundWorkReport = {
  dispatchedEvents: number;
  deliveries: DeliveryRunReport;
  /** Events turned into e-mails, and the e-mails sent. */
  notifiedEvents: number;
  mail: MailRunReport;
  sweeps: Record<string, unknown>;
};

/**
 * THE background work, one pass: run the registered sweeps, fan new outbox events out to webhook
 * deliveries, and send the due ones; turn them into e-mails and send those. `npm run worker`, the cron route and the after-response
 * hook all call this, so the three ways of running do exactly the same thing.
 */
export async function runBackgroundWork(options: BackgroundWorkOptions): Promise<BackgroundWorkReport> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? rootLogger;
  // Sweeps first: the events they append (a session expired) go out in this same pass.
  const swept: Record<string, unknown> = {};
  for (const sweep of sweeps) {
    try {
      swept[sweep.name] = await sweep.run(createServiceContext({ db: options.db, now: now(), requestId: `job_${sweep.name}` }));
    } catch (err) {
      log.error({ err, sweep: sweep.name }, 'background sweep failed');
      swept[sweep.name] = { error: (err as Error).message };
    }
  }
  const dispatchedEvents = await dispatchEvents(options.db, now());
  const deliveries = await deliverDueWebhooks({ ...options.delivery, db: options.db, now, log });
  // E-mail after the webhooks, and apart: a mail failure never holds up a delivery.
  let notifiedEvents = 0;
  let mail: MailRunReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  try {
    notifiedEvents = (await deriveMessages(options.db, now(), log)) + (await deriveEndpointAlerts(options.db, now()));
    mail = await deliverDueMessages({ ...options.mail, db: options.db, now, log });
  } catch (err) {
    log.error({ err }, 'order e-mail pass failed; the next pass tries again');
  }
  return { dispatchedEvents, deliveries, notifiedEvents, mail, sweeps: swept };
}

/** Whether a pass found anything to do (worth another pass right away). */
export function didWork(report: BackgroundWorkReport): boolean {
  const imports = report.sweeps.catalogImports as { products?: number } | undefined;
  return report.dispatchedEvents > 0 || report.deliveries.claimed > 0 || report.notifiedEvents > 0 || report.mail.claimed > 0 || (imports?.products ?? 0) > 0;
}
