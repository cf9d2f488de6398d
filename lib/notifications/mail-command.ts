import type { Db } from '../db/client';
import { CommandError, type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { listMessages, readMessage } from './data';

export const MAIL_USAGE = `Usage: npm run mail -- <verb> [arguments]
  list [--to <address>] [--order <orderId>] [--limit <n>]
                      newest messages first: id, status, kind, recipient, subject
  show <id> [--html]  one message: its headers and plain-text part (--html: the HTML part)`;

export const MAIL_COMMAND = {
  usage: MAIL_USAGE,
  options: { to: { type: 'string' }, order: { type: 'string' }, limit: { type: 'string' }, html: { type: 'boolean' } },
} as const satisfies CommandSpec;

/**
 * `npm run mail`: the messages the deployment made, sent or not (the embedded default keeps them
 * only here and in the development mailbox), as a letter_opener for the terminal.
 */
export async function runMailCommand(argv: readonly string[], db: Db): Promise<string> {
  const { command: verb, args, values } = parseCommandLine(argv, MAIL_COMMAND);
  if (verb === 'list') {
    const rows = await listMessages(db, { to: values.to, orderId: values.order, take: Number(values.limit ?? 20) || 20 });
    if (!rows.length) return '(no messages)';
    return rows.map((m) => `${m.id}  ${m.status.padEnd(10)} ${m.kind.padEnd(28)} ${m.toAddress}  ${m.subject}`).join('\n');
  }
  if (verb === 'show') {
    if (!args[0]) throw new UsageError(MAIL_USAGE);
    const m = await readMessage(db, args[0]);
    if (!m) throw new CommandError(`No message ${args[0]}.`);
    const head = [
      `Message-ID: ${m.messageId}`,
      `From: ${m.fromAddress}`,
      `To: ${m.toAddress}`,
      `Subject: ${m.subject}`,
      `Date: ${(m.sentAt ?? m.createdAt).toISOString()}`,
      `Status: ${m.status} after ${m.attempts} attempt(s)${m.transport ? ` via ${m.transport}` : ''}${m.lastError ? ` (last error: ${m.lastError})` : ''}`,
      ...(m.unsubscribeUrl ? [`List-Unsubscribe: <${m.unsubscribeUrl}>`] : []),
    ];
    return `${head.join('\n')}\n\n${values.html ? m.html : m.text}`;
  }
  throw new UsageError(MAIL_USAGE);
}
