import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** `npm run lint` refuses SQL built from strings anywhere, so values can only reach SQL as bound parameters. */
async function sqlMessages(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('the SQL lint rule', () => {
  it('refuses $queryRawUnsafe, $executeRawUnsafe and Prisma.raw in services and tests alike', async () => {
    const code = [
      "import { Prisma } from '../generated/prisma/client';",
      'declare const db: any;',
      "export const a = db.$queryRawUnsafe('SELECT 1');",
      "export const b = db.$executeRawUnsafe('SELECT 1');",
      "export const c = Prisma.raw('SELECT 1');",
    ].join('\n');
    for (const file of ['lib/catalog/example.ts', 'tests/example.test.ts']) {
      const messages = await sqlMessages(code, file);
      expect(messages, file).toHaveLength(3);
      for (const m of messages) expect(m).toContain('tagged template');
    }
  });

  it('accepts tagged templates', async () => {
    const code = [
      "import { Prisma } from '../generated/prisma/client';",
      'declare const db: any;',
      "const slug = 'x';",
      'export const a = db.$queryRaw`SELECT 1 WHERE slug = ${slug}`;',
      'export const b = Prisma.sql`SELECT ${Prisma.join([1, 2])}`;',
    ].join('\n');
    expect(await sqlMessages(code, 'lib/catalog/example.ts')).toEqual([]);
  });

  it('keeps queries in the data modules: a service that queries is refused, its data module is not', async () => {
    const code = [
      'declare const db: any;',
      'declare const tx: any;',
      'declare const ctx: any;',
      'const cache = new Map<string, number>();',
      'export async function f(entries: { delete(k: string): void }) {',
      '  await db.order.findMany({});',
      '  await tx.order.update({});',
      '  await ctx.db.order.create({});',
      '  await db.$queryRaw`SELECT 1`;',
      '  await tx.$executeRaw`SELECT 1`;',
      "  cache.delete('a');",
      "  entries.delete('b');",
      '}',
    ].join('\n');
    const refused = async (file: string) => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const [result] = await eslint.lintText(code, { filePath: file });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
    };
    for (const file of ['lib/orders/ship-order.ts', 'app/merchant/page.tsx', 'lib/http/handle.ts']) {
      expect(await refused(file), file).toEqual([6, 7, 8, 9, 10]);
    }
    for (const file of ['lib/orders/data.ts', 'lib/core/data.ts', 'lib/db/client.ts', 'lib/demo/seed.ts']) {
      expect(await refused(file), file).toEqual([]);
    }
  });
});
