import type { z } from 'zod';

/**
 * One kind of domain event: its name, what it means, the zod schema of its payload (the emitter
 * validates with it; the webhook catalogue publishes its JSON Schema) and a real example.
 */
export type EventKind<S extends z.ZodType = z.ZodType> = {
  type: string;
  description: string;
  stability: 'stable' | 'candidate';
  /** What the event is about: `order`, `checkout_session`, `after_sales_request`, ... */
  subjectType: string;
  payload: S;
  example: z.input<S>;
};

export function defineEventKind<S extends z.ZodType>(kind: EventKind<S>): EventKind<S> {
  return kind;
}
