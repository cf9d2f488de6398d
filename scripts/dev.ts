/**
 * `npm run dev [-- <next dev options>]`: migrates and seeds the configured database, then runs
 * `next dev` with the options given. The port comes first: `-p`/`--port`, else PORT, else the
 * first free one from 3000 (where `next dev` would have moved on its own, unseen by the seed). The
 * seed, its guide and the server all get it as PORT, so without PUBLIC_BASE_URL every link they
 * make (the guide, .data/demo.json, checkout return origins, the decoration studio's preview link)
 * names the port the server listens on.
 *
 * Each set-up step runs in its own process: PGlite must not reopen one data directory twice in a
 * process (a second instance sees stale catalog pages). `npm run dev` execs this process, and it
 * passes SIGINT, SIGTERM and SIGHUP on to the step or the server running and ends when it has
 * ended: a signal to npm alone (an editor's stop button, `kill <pid>`) leaves nothing running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { constants } from 'node:os';
import { nextPortArgument } from '../lib/platform/cli';
import { DEFAULT_PORT, config, exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    // As next dev listens: every interface, IPv6 and IPv4.
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function choosePort(args: readonly string[]): Promise<number> {
  const asked = nextPortArgument(args) ?? config().PORT;
  if (asked !== undefined) return asked;
  for (let port = DEFAULT_PORT; port < DEFAULT_PORT + 100; port++) {
    if (await isFree(port)) {
      if (port !== DEFAULT_PORT) console.log(`Port ${DEFAULT_PORT} is in use: using ${port}.`);
      return port;
    }
  }
  return DEFAULT_PORT; // next dev says what holds it
}

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let running: ChildProcess | undefined;
let stoppedBy: NodeJS.Signals | undefined;
for (const signal of signals) {
  process.on(signal, () => {
    stoppedBy = signal;
    if (running) running.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

/** Runs a child with the terminal; resolves with its exit code (128 + signal number when a signal ended it). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    running = child;
    child.once('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      running = undefined;
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

const nextArgs = process.argv.slice(2);
const port = await choosePort(nextArgs);
// eslint-disable-next-line no-restricted-properties -- passed on whole to the steps and the server, not read.
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
const node = (script: string, ...args: string[]) => [process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args]] as const;
for (const [command, args] of [node('scripts/db-migrate.ts', '--brief'), node('scripts/db-seed.ts')]) {
  const code = await run(command, [...args], env);
  if (stoppedBy || code !== 0) process.exit(code || 1);
}
process.exit(await run(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...nextArgs], env));
