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
});
