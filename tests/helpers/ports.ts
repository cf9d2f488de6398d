import net from 'node:net';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * The first of `size` consecutive ports on 127.0.0.1 that are free now, from a random start (as
 * .ci/run picks its blocks), for a test that starts servers on fixed offsets of one port (nginx on
 * it, the instances above). A fixed port met another run's servers when two CI runs shared a
 * machine: one run's stack test found the other's nginx on its port.
 */
export async function freePortBlock(size: number): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const base = 20_000 + size * Math.floor(Math.random() * Math.floor(30_000 / size));
    let free = true;
    for (let port = base; port < base + size && free; port++) free = await isFree(port);
    if (free) return base;
  }
  throw new Error(`no ${size} consecutive free ports found`);
}
