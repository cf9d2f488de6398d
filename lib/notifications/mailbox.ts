import type { Db } from '../db/client';
import { config } from '../platform/config';
import { type ListedMessage, type StoredMessage, listMessages, readMessage } from './data';

/**
 * The development mailbox (a letter_opener): every message the deployment made, sent or not, with
 * its links, at /dev/mailbox. On by default outside production; DEV_MAILBOX=on shows it on a
 * staging deployment, off hides it everywhere. It shows shoppers' order links, so a production
 * deployment never shows it unless told to.
 */
export function mailboxEnabled(): boolean {
  const c = config();
  if (c.DEV_MAILBOX === 'on') return true;
  if (c.DEV_MAILBOX === 'off') return false;
  return c.NODE_ENV !== 'production';
}

export function listMailbox(db: Db, filter: { to?: string; take?: number } = {}): Promise<ListedMessage[]> {
  return listMessages(db, { to: filter.to, take: filter.take ?? 100 });
}

export function readMailboxMessage(db: Db, id: string): Promise<StoredMessage | null> {
  return readMessage(db, id);
}

/** The links of a plain-text part, in order (each once), for the mailbox to make clickable. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
