/** `npm run sdk:generate`: writes the SDK's generated sources from the operation table (no server needed). */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SDK_GENERATED_DIR, sdkSources } from './sdk-sources';

const dir = path.join(process.cwd(), SDK_GENERATED_DIR);
const sources = await sdkSources();
await mkdir(dir, { recursive: true });
for (const name of await readdir(dir)) if (!(name in sources)) await rm(path.join(dir, name));
for (const [name, contents] of Object.entries(sources)) await writeFile(path.join(dir, name), contents);
console.log(`Wrote ${Object.keys(sources).map((name) => path.join(SDK_GENERATED_DIR, name)).join(', ')}.`);
