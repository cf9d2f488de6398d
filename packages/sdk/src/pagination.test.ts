import { describe, expect, it } from 'vitest';
import { createStorefrontClient } from './client.js';

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
    const sf = createStorefrontClient({ baseUrl: 'https://shop.example', apiKey: 'sk_test_x', fetch });
    const items: unknown[] = [];
    // The events list is a cursor list; the pages above stand in for the server's.
    for await (const item of sf.paginate('listInstallationEvents', { query: { limit: 2 } })) items.push(item);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
    expect(urls).toEqual(['https://shop.example/api/v1/open/events?limit=2', 'https://shop.example/api/v1/open/events?limit=2&cursor=c2', 'https://shop.example/api/v1/open/events?limit=2&cursor=c3']);
  });
});
