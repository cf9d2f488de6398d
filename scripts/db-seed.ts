/** Seeds the demo data (idempotent) and writes what a newcomer needs to .data/demo.json. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { closeDb, commandDb } from '../lib/db/client';
import { seedDemo } from '../lib/demo';
import { config } from '../lib/platform/config';

const baseUrl = config().PUBLIC_BASE_URL;
const db = await commandDb();
const { info, counts } = await seedDemo(db, baseUrl);
await closeDb();

const file = path.join(process.cwd(), '.data', 'demo.json');
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, JSON.stringify(info, null, 2) + '\n');
console.log(`Demo data ready (${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}).`);
console.log(`Written to ${path.relative(process.cwd(), file)}:\n${JSON.stringify(info, null, 2)}`);
