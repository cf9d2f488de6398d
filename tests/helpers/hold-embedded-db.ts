/**
 * A stand-in for the app server in tests/embedded-lock.test.ts: opens the embedded database the
 * way the server does (getDb, server role), prints "ready", then answers lines on stdin with its
 * own in-process client: `state <store>` prints what it sees, `keys <args>` writes like a request
 * would. SIGTERM closes the database.
 */
import { createInterface } from 'node:readline';
import { storeDirectory } from '../../lib/catalog/store-directory';
import { createServiceContext } from '../../lib/core/context';
import { runKeysCommand } from '../../lib/credentials/keys-command';
import { closeDb, getDb } from '../../lib/db/client';
import { seedDemo } from '../../lib/demo';

let db: Awaited<ReturnType<typeof getDb>>;
try {
  db = await getDb();
} catch (err) {
  console.error((err as Error).message);
  process.exit(3);
}
process.on('SIGTERM', () => {
  void closeDb().then(() => process.exit(0));
});
createInterface({ input: process.stdin }).on('line', async (line) => {
  const [cmd, ...args] = line.trim().split(/\s+/);
  try {
    if (cmd === 'state') {
      const live = await db.storefrontDecorationVersion.aggregate({ where: { merchant: { slug: args[0] } }, _max: { version: true } });
      const keys = await db.apiKey.count();
      console.log(JSON.stringify({ liveVersion: live._max.version, apiKeys: keys }));
    } else if (cmd === 'seed') {
      await seedDemo(db, 'http://localhost:3000');
      console.log(JSON.stringify({ done: 'seed' }));
    } else if (cmd === 'keys') {
      await runKeysCommand(args, createServiceContext({ db, requestId: 'test', clientAddress: 'test' }), storeDirectory);
      console.log(JSON.stringify({ done: 'keys' }));
    }
  } catch (err) {
    console.log(JSON.stringify({ error: (err as Error).message }));
  }
});
console.log('ready');
