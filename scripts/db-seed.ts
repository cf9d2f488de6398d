/** Seeds the demo data (idempotent) and writes what a newcomer needs to .data/demo.json (or beside another PGLITE_DATA_DIR). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { closeDb, commandDb } from '../lib/db/client';
import { seedDemo } from '../lib/demo';
import { demoFile } from '../lib/demo/demo-file';
import { demoGuide } from '../lib/demo/demo-guide';
import { config, exitOnInvalidConfig } from '../lib/platform/config';
import { logger } from '../lib/platform/logger';

exitOnInvalidConfig();
// The seed places its demo checkouts and orders through the services, which log each one (a JSON
// line at info, as a server's log wants). A newcomer reads the summary and the guide below
// instead; LOG_LEVEL (debug, or info) shows the lines.
if (!config().LOG_LEVEL) logger.level = 'warn';

const baseUrl = config().PUBLIC_BASE_URL;
const db = await commandDb();
const { info, counts } = await seedDemo(db, baseUrl);
await closeDb();

const file = demoFile();
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, JSON.stringify(info, null, 2) + '\n');
console.log(`Demo data ready (${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}).`);
console.log(demoGuide(info, path.relative(process.cwd(), file) || file));
