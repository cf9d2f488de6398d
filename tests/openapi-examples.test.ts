import { describe, expect, it } from 'vitest';
import { operationList } from '../lib/operations';
import { call } from './helpers/http';
import { handlerFor } from './helpers/routes';
import { operationExamples } from '../lib/openapi/examples';

/**
 * A newcomer trying an operation from /docs sends its documented examples. Every public
 * operation must answer 200 with them on the seeded demo data.
 */
const live = operationList.filter((op) => op.auth.kind === 'none');

describe('documented examples work on the demo data', () => {
  it('covers the live public operations', () => {
    expect(live.length).toBeGreaterThanOrEqual(6);
  });

  it.each(live.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const examples = operationExamples(op.id);
    const required = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    for (const name of required) expect(examples.params?.[name], `example for {${name}}`).toBeDefined();
    const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(examples.params![k]!));
    const reply = await call(handlerFor(op.id), {
      method: op.method,
      path,
      params: examples.params,
      query: examples.query,
      body: examples.body,
      headers: op.idempotency === 'required' ? { 'idempotency-key': `example-${op.id}` } : {},
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toHaveProperty('data');
  });
});
