import { messageHtml } from './templates/message';
import type { MessageView } from './view';

export type RenderedMessage = { subject: string; html: string; text: string };

/**
 * The HTML part from the template and the plain-text part written from the same view (not
 * scraped from the HTML): every link spelled out, so a text-only reader can follow it.
 */
export async function renderMessage(view: MessageView): Promise<RenderedMessage> {
  const html = messageHtml(view);
  return { subject: view.subject, html, text: plainText(view) };
}

export function plainText(view: MessageView): string {
  const out: string[] = [view.store.name, '', view.subject, '', view.intro, ''];
  if (view.lines?.length) {
    for (const l of view.lines) out.push(`${l.title} × ${l.quantity}  ${l.amount}`);
    out.push('');
  }
  if (view.totals?.length) {
    for (const t of view.totals) out.push(`${t.label}: ${t.amount}`);
    out.push('');
  }
  if (view.facts?.length) {
    for (const f of view.facts) out.push(`${f.label}: ${f.value}`);
    out.push('');
  }
  if (view.payment) out.push(view.payment.label, ...view.payment.lines, '');
  if (view.address) out.push(view.address.label, ...view.address.lines, '');
  if (view.button) out.push(`${view.button.label}: ${view.button.url}`, '');
  if (view.secondaryLink) out.push(`${view.secondaryLink.label}: ${view.secondaryLink.url}`, '');
  if (view.note) out.push(view.note, '');
  out.push('--', view.footer);
  if (view.unsubscribe) out.push(`${view.unsubscribe.label}: ${view.unsubscribe.url}`);
  return `${out.join('\n')}\n`;
}
