import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { nginxBinary } from '../scripts/stack-topology';
import { freePortBlock } from './helpers/ports';
import { descendants, processAlive, until } from './helpers/wait';

/**
 * `npm run stack` as a process manager or `kill <pid>` stops it: SIGTERM goes to npm alone. The
 * supervisor (scripts/stack.ts) starts nginx, the instances and the workers in process groups of
 * their own, so only the supervisor can stop them: npm's child must be the supervisor itself (the
 * script execs it; through `tsx` and a shell, npm ended in 2 s and left the whole stack serving),
 * and the supervisor must stop every process and wait for them, also when the signal comes while
 * the stack is still starting.
 *
 * With the stack up, the file also records what nginx is there for: an instance answers TRACE
 * itself with Next's bare 500 (Next builds a fetch Request for the proxy, which refuses the method,
 * before proxy.ts or a route runs), where nginx answers 405 in the envelope (docs/TOPOLOGY.md).
 *
 * Opt-in like tests/topology.test.ts (TOPOLOGY_TEST=1): PostgreSQL (TEST_DATABASE_URL), nginx, and
 * the production build in NEXT_DIST_DIR (made once when there is none).
 */
const nginx = nginxBinary();
const missing = [process.env.TOPOLOGY_TEST !== '1' && 'TOPOLOGY_TEST=1', !process.env.TEST_DATABASE_URL && 'PostgreSQL (TEST_DATABASE_URL)', !nginx && 'nginx (apt-get install nginx)'].filter(Boolean);
if (missing.length) console.warn(`tests/stack-launcher.test.ts skipped: it needs ${missing.join(', ')}`);


function startNpmStack(port: number) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: process.env.TEST_ACTIVE_DATABASE_URL,
    REDIS_URL: '',
    API_KEY_SECRET: 'stack-launcher-test-server-secret-0123456789',
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
  };
  delete env.NODE_ENV; // vitest's `test`: each process takes its own
  const npm = spawn('npm', ['run', '--silent', 'stack', '--', '--instances', '1', '--workers', '1', '--port', String(port)], {
    env: env as NodeJS.ProcessEnv, // without NODE_ENV, which Next's types declare always set
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  npm.stdout!.on('data', (b: Buffer) => (output.text += b.toString()));
  npm.stderr!.on('data', (b: Buffer) => (output.text += b.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  return { npm, output, exited };
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

const parentOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** One request's raw answer (fetch refuses to send TRACE). */
function rawAnswer(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('end', () => resolve(data));
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** SIGTERM to npm alone; then npm ends, and so does every process it led to, whatever its group. */
async function stopThroughNpm(npm: ChildProcess, exited: Promise<void>, tree: number[]) {
  process.kill(npm.pid!, 'SIGTERM');
  await exited;
  await until(() => tree.every((pid) => !processAlive(pid)), 30_000, `the stack's processes to exit: ${tree.filter(processAlive).map(commandLine).join('; ')}`);
}

function killLeftovers(tree: number[]) {
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

describe.skipIf(missing.length > 0)('npm run stack under its launcher', () => {
  it('SIGTERM to the npm process stops nginx, the instance and the worker, and npm ends after them; meanwhile an instance answers TRACE with a bare 500, nginx with 405', async () => {
    const port = await freePortBlock(2); // nginx, then the instance
    const { npm, output, exited } = startNpmStack(port);
    let tree: number[] = [];
    try {
      await until(() => output.text.includes('stack up:') || npm.exitCode !== null, 900_000, 'the stack to come up');
      expect(output.text, output.text).toContain('stack up:');
      tree = descendants(npm.pid!);
      const commands = tree.map(commandLine);
      expect(commands.filter((c) => c.includes('scripts/stack.ts'))).toHaveLength(1);
      expect(commands.some((c) => c.includes('nginx'))).toBe(true);
      expect(commands.some((c) => c.startsWith('next-server'))).toBe(true); // next start names itself so
      expect(commands.some((c) => c.includes('scripts/worker.ts'))).toBe(true);
      // npm's own child is the supervisor: no shell or tsx between them.
      expect(parentOf(tree.find((pid) => commandLine(pid).includes('scripts/stack.ts'))!)).toBe(npm.pid);

      const direct = await rawAnswer(port + 1, 'TRACE /api/v1/bootstrap HTTP/1.1');
      expect(direct).toMatch(/^HTTP\/1\.1 500 /);
      expect(direct).toMatch(/\r\n\r\nInternal Server Error$/);
      const throughNginx = await rawAnswer(port, 'TRACE /api/v1/bootstrap HTTP/1.1');
      expect(throughNginx).toMatch(/^HTTP\/1\.1 405 /);
      expect(throughNginx).toContain('"code":"method_not_allowed"');

      await stopThroughNpm(npm, exited, tree);
      expect(await listening(port)).toBe(false);
      expect(await listening(port + 1)).toBe(false);
    } finally {
      killLeftovers(tree.length ? tree : descendants(npm.pid!));
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 1_000_000);

  it('SIGTERM while the stack is still starting stops what it started', async () => {
    const port = await freePortBlock(2);
    const { npm, output, exited } = startNpmStack(port);
    let tree: number[] = [];
    try {
      // An instance has been started (it takes seconds to answer): the stack is not up yet.
      await until(() => descendants(npm.pid!).some((pid) => / start .*-p \d+/.test(commandLine(pid))) || npm.exitCode !== null, 900_000, 'an instance to be started');
      tree = descendants(npm.pid!);
      expect(output.text).not.toContain('stack up:');
      await stopThroughNpm(npm, exited, tree);
      expect(await listening(port + 1)).toBe(false);
    } finally {
      killLeftovers(tree.length ? tree : descendants(npm.pid!));
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 1_000_000);
});
