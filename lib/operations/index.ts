import { cartOperations } from './carts';
import { catalogOperations } from './catalog';
import { decorationOperations } from './decoration';
import { hostedCheckoutOperations } from './hosted-checkout';
import { installationOperations } from './installation';
import { oauthOperations } from './oauth';
import { orderOperations } from './orders';
import { searchOperations } from './search';
import { storeAccessOperations } from './store-access';
import type { OperationDef } from './types';
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
  ...searchOperations,
  ...oauthOperations,
  ...storeAccessOperations,
} as const;

export type OperationId = keyof typeof operations;
export const operationList: OperationDef[] = Object.values(operations) as OperationDef[];

/** Compiled path patterns, used by the catch-all route to tell 404 from 405. */
const compiled = operationList.map((op) => ({
  op,
  pattern: new RegExp('^' + op.path.replace(/\{[^}]+\}/g, '[^/]+') + '/?$'),
}));

export function operationsAtPath(pathname: string): OperationDef[] {
  return compiled.filter((c) => c.pattern.test(pathname)).map((c) => c.op);
}
