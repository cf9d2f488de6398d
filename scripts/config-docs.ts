/** `npm run config:docs`: writes the tables of environment variables in docs/OPERATORS.md from lib/platform/config.ts. */
import { readFile, writeFile } from 'node:fs/promises';
import { withConfigurationTables } from '../lib/platform/config-docs';

const file = 'docs/OPERATORS.md';
const before = await readFile(file, 'utf8');
const after = withConfigurationTables(before);
if (after === before) console.log(`${file}: the configuration tables are up to date.`);
else {
  await writeFile(file, after);
  console.log(`${file}: configuration tables written.`);
}
