/**
 * One "app instance" for the shared-budget test: its own process and Redis connection, spending
 * `count` requests of one key against a shared Redis. Prints how many were allowed.
 * Usage: node --import tsx tests/helpers/rate-limit-worker.ts <redisUrl> <prefix> <key> <count> <limit>
 */
import { RedisRateLimiter } from '../../lib/http/rate-limit-redis';

const [url, prefix, key, count, limit] = process.argv.slice(2);
const limiter = new RedisRateLimiter(url!, prefix);
let allowed = 0;
for (let i = 0; i < Number(count); i++) {
  const r = await limiter.limit({ name: 'keyRead', limit: Number(limit), windowSeconds: 60 }, key!);
  if (r.allowed) allowed++;
}
await limiter.close();
console.log(JSON.stringify({ allowed }));
