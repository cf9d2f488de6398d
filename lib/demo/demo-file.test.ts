import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../platform/config';
import { demoFile } from './demo-file';

describe('demoFile', () => {
  const shared = path.join(process.cwd(), '.data', 'demo.json');

  it('is .data/demo.json for the default embedded database and for PostgreSQL', () => {
    expect(demoFile(parseConfig({}))).toBe(shared);
    expect(demoFile(parseConfig({ PGLITE_DATA_DIR: '.data/pglite' }))).toBe(shared);
    expect(demoFile(parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', PGLITE_DATA_DIR: '/srv/other' }))).toBe(shared);
  });

  it('sits beside any other data directory, so seeding a second one leaves the first one\'s facts alone', () => {
    expect(demoFile(parseConfig({ PGLITE_DATA_DIR: '.data/pglite-prod' }))).toBe(path.join(process.cwd(), '.data', 'pglite-prod.demo.json'));
    expect(demoFile(parseConfig({ PGLITE_DATA_DIR: '/srv/shop/pglite' }))).toBe('/srv/shop/pglite.demo.json');
  });
});
