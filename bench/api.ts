/**
 * `npm run bench`: throughput of API operations against `next start` on PostgreSQL, each
 * compared with the framework floor (a route answering constant JSON without the database)
 * measured in the same run. Options: --seconds=N (default 10), --connections=N (default 50),
 * --no-build (reuse .next-bench). Rate limits are lifted for the server under test so the
 * figures measure the work, not the limiter; any non-2xx answer is reported.
 */
import { cartTargets } from './cart-data';
import { buildApp, createBenchDatabase, measure, report, startServer, stopServer, type Target } from './harness';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);
const port = arg('port', 3999);

const database = await createBenchDatabase('sc_bench_api');
buildApp();
const unlimited = '1000000000/60';
const server = await startServer(port, {
  DATABASE_URL: database.url,
  RATE_LIMIT_PUBLIC: unlimited,
  RATE_LIMIT_SEARCH: unlimited,
  RATE_LIMIT_KEY_READ: unlimited,
  RATE_LIMIT_KEY_WRITE: unlimited,
});

const targets: Target[] = [
  { name: 'floor: GET /api/health', path: '/api/health' },
  { name: 'getPublicMerchantProduct', path: '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro' },
  { name: 'listPublicMerchantProducts', path: '/api/v1/catalog/merchants/lumen-audio/products?pageSize=24' },
];
const goals: Record<string, number> = { getPublicMerchantProduct: 0.5, listPublicMerchantProducts: 0.5 };
const carts = await cartTargets(database.db);
targets.push(...carts.targets);
Object.assign(goals, carts.goals);

try {
  const rows = [];
  for (const t of targets) {
    console.error(`Measuring ${t.name} (${seconds}s, ${connections} connections)...`);
    rows.push(await measure(`http://127.0.0.1:${port}`, t, seconds, connections));
  }
  console.log(`\nnext start on PostgreSQL, autocannon -c ${connections} -d ${seconds}, ${new Date().toISOString()}\n`);
  report(rows, targets[0]!.name, goals);
} finally {
  await stopServer(server);
  await database.drop();
}
