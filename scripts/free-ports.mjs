// Picks a block of consecutive free ports on 127.0.0.1 for servers a test run starts on fixed
// offsets of one port (the browser lanes and their fake providers, the topology test's nginx and
// instances). `node scripts/free-ports.mjs 30` prints the first port of a block of 30.
//
// The block lies below the kernel's ephemeral range (ip_local_port_range, 32768-60999 by default):
// the outgoing connections of everything else on the machine (database pools, Redis, the browser)
// take their local ports from that range, so a block picked inside it and found free could be one
// connection's port minutes later, when the server starts (a fresh-clone CI run failed that way:
// EADDRINUSE on its first browser lane, picked free before the integration tests). Below it, only
// servers that choose their port take one, and two runs pick from a random start.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

const LOWEST = 10_000;

function ephemeralLow() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > LOWEST) return low;
  } catch {
    // not Linux: the IANA dynamic range starts at 49152; 32768 is below both.
  }
  return 32_768;
}

const isFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first of `size` consecutive ports free now, below the ephemeral range, from a random start. */
export async function freePortBlock(size) {
  const blocks = Math.floor((ephemeralLow() - LOWEST) / size);
  if (blocks < 1) throw new Error(`no room for ${size} ports below the ephemeral range`);
  for (let tries = 0; tries < 200; tries++) {
    const base = LOWEST + size * Math.floor(Math.random() * blocks);
    let free = true;
    for (let port = base; port < base + size && free; port++) free = await isFree(port);
    if (free) return base;
  }
  throw new Error(`no ${size} consecutive free ports found`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = Number(process.argv[2] ?? 1);
  if (!Number.isInteger(size) || size < 1) {
    console.error('usage: node scripts/free-ports.mjs <size>');
    process.exit(2);
  }
  console.log(await freePortBlock(size));
}
