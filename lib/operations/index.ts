import 'server-only';
import { cartOperations } from './carts';
import { catalogAdminOperations } from './catalog-admin';
import { catalogImportOperations } from './catalog-import';
import { catalogOperations } from './catalog';
import { decorationOperations } from './decoration';
import { hostedCheckoutOperations } from './hosted-checkout';
import { installationOperations } from './installation';
import { inventoryOperations } from './inventory';
import { mediaOperations } from './media';
import { oauthOperations } from './oauth';
import { orderOperations } from './orders';
import { searchOperations } from './search';
import { storeAccessOperations } from './store-access';
import type { HttpMethod, OperationDef } from './types';
import { webhookOperations } from './webhooks';

/** THE operation table: every operation of the public interface, declared once. */
export const operations = {
  ...decorationOperations,
  ...webhookOperations,
  ...hostedCheckoutOperations,
  ...installationOperations,
  ...cartOperations,
  ...orderOperations,
  ...catalogOperations,
  ...inventoryOperations,
  ...catalogAdminOperations,
  ...catalogImportOperations,
  ...searchOperations,
  ...oauthOperations,
  ...storeAccessOperations,
  ...mediaOperations,
} as const;

export type OperationId = keyof typeof operations;
export const operationList: OperationDef[] = Object.values(operations) as OperationDef[];

export function operationById(id: string): OperationDef {
  const op = (operations as Record<string, OperationDef>)[id];
  if (!op) throw new Error(`no operation ${id} in the table`);
  return op;
}

/** Each operation's path as a pattern: a parameter is one non-empty segment. */
const pathPatterns = operationList.map((op) => ({ op, pattern: new RegExp('^' + op.path.replace(/\{[^}]+\}/g, '[^/]+') + '$') }));

/** The methods the operations answer at a concrete path (none: no route serves it). */
export function methodsAtPath(pathname: string): HttpMethod[] {
  return pathPatterns.filter((c) => c.pattern.test(pathname)).map((c) => c.op.method);
}
