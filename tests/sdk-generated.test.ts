import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_GENERATED_DIR, sdkSources } from '../scripts/sdk-sources';

const STALE = `${SDK_GENERATED_DIR} is out of date with the operation table: run \`npm run sdk:generate\` and commit the result`;

describe('the SDK’s generated sources', () => {
  it('are what the current operation table generates', async () => {
    const expected = await sdkSources();
    const dir = path.join(import.meta.dirname, '..', SDK_GENERATED_DIR);
    const committed = await readdir(dir).catch(() => [] as string[]);
    expect(committed.sort(), STALE).toEqual(Object.keys(expected).sort());
    for (const [name, contents] of Object.entries(expected)) {
      const actual = await readFile(path.join(dir, name), 'utf8');
      // The whole file in the message would drown the instruction: name the first differing line.
      if (actual !== contents) {
        const a = actual.split('\n');
        const e = contents.split('\n');
        let line = 0;
        while (a[line] === e[line]) line++;
        expect.fail(`${STALE}.\n${name}, line ${line + 1}:\n  committed: ${a[line] ?? '(end of file)'}\n  generated: ${e[line] ?? '(end of file)'}`);
      }
    }
  });
});
