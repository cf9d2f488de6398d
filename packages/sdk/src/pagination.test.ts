import { describe, expect, it, vi } from 'vitest';

// The API has no cursor list yet: a table with one stands in for the day the document gets one.
vi.mock('./generated/operations.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./generated/operations.js')>();
  const listThings = { method: 'GET', path: '/api/v1/things', auth: 'none', scopes: [], idempotency: 'none', body: null, list: true, pagination: 'cursor', errorCodes: [] };
  return { ...original, operationTable: { ...original.operationTable, listThings } };
});

const { createStorefrontClient } = await import('./client.js');

describe('cursor lists', () => {
  it('follow meta.nextCursor until it is null', async () => {
    const urls: string[] = [];
    const pages: Record<string, { data: string[]; meta: { nextCursor: string | null } }> = {
      '': { data: ['a', 'b'], meta: { nextCursor: 'c2' } },
      c2: { data: ['c'], meta: { nextCursor: 'c3' } },
      c3: { data: ['d'], meta: { nextCursor: null } },
    };
    const fetch = async (request: Request) => {
      urls.push(request.url);
      const page = pages[new URL(request.url).searchParams.get('cursor') ?? '']!;
      return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
    };
    const sf = createStorefrontClient({ baseUrl: 'https://shop.example', fetch });
    const items: unknown[] = [];
    for await (const item of sf.paginate('listThings' as never, { query: { limit: 2 } } as never)) items.push(item);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
    expect(urls).toEqual(['https://shop.example/api/v1/things?limit=2', 'https://shop.example/api/v1/things?limit=2&cursor=c2', 'https://shop.example/api/v1/things?limit=2&cursor=c3']);
  });
});
