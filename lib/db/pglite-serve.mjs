// Plain JavaScript (typed by pglite-serve.d.mts): the embedded database's worker thread
// (pglite-worker.mjs) loads it with Node alone, outside the app's bundle.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { protocol } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Larger messages are refused (the connection is closed): nothing the app or a command sends comes near. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Message types after which PGlite answers: Sync, a simple Query, Flush. */
const ANSWERED_AFTER = new Set(['S', 'Q', 'H'].map((c) => c.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);
const ROLLBACK = protocol.serialize.query('ROLLBACK');

/**
 * @typedef {{ socket: import('node:net').Socket; buffer: Buffer; started: boolean; messages: Buffer[]; closed: boolean }} Connection
 * @typedef {{ conn: Connection; bytes: Uint8Array }} Job
 */

/**
 * Serves an open PGlite over the PostgreSQL wire protocol on the unix socket `.s.PGSQL.5432` in
 * `socketDir`, to any number of connections. PGlite has one session, so the server decides what
 * runs in it when:
 * - a connection's messages run as whole batches: everything up to a Sync (the extended protocol's
 *   Parse, Bind, Describe, Execute), a simple Query or a Flush goes to PGlite in one call, so no
 *   other connection's statement lands between a Parse and its Bind (their unnamed statement is
 *   the session's one unnamed statement);
 * - a connection that opened a transaction owns the session until it commits or rolls back: the
 *   other connections' batches wait, and a connection that goes away mid-transaction is rolled back;
 * - the process's own use of the PGlite (`query()`, `transaction()`) takes PGlite's transaction
 *   mutex; each batch takes it too, and keeps it while a connection's transaction is open.
 * Batches run in the order they arrived, the transaction's owner first.
 *
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {string} socketDir
 * @returns {Promise<() => Promise<void>>} stops the server and closes its connections
 */
export async function serveOverSocket(pglite, socketDir) {
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  rmSync(socketPath, { force: true }); // left by a process that died; the caller holds the lock, so it is not live

  /** @type {{ conn: Connection; release: () => void } | null} */
  let owner = null;
  /** @type {Job[]} */
  const waiting = [];
  let running = false;
  /** @type {Set<Connection>} */
  const connections = new Set();

  /** @returns {Promise<() => void>} */
  const holdTransactionMutex = () =>
    new Promise((acquired) => {
      void pglite._runExclusiveTransaction(() => new Promise((done) => acquired(() => done(undefined))));
    });

  /**
   * Runs a batch and returns PGlite's answer. Through `execProtocolRawStream`: `execProtocolRaw`
   * alone also parses the answer into a list that only `execProtocol` empties, so a server calling
   * it grows by about a kilobyte per statement until its heap runs out. The chunks PGlite hands
   * over are views of its memory, valid only during the call: they are copied.
   *
   * @param {Uint8Array} bytes
   * @returns {Promise<Buffer>}
   */
  const run = (bytes) =>
    pglite._runExclusiveQuery(async () => {
      /** @type {Buffer[]} */
      const chunks = [];
      await pglite.execProtocolRawStream(bytes, { onRawData: (chunk) => void chunks.push(Buffer.from(chunk)) });
      return chunks.length === 1 ? /** @type {Buffer} */ (chunks[0]) : Buffer.concat(chunks);
    });

  /** @param {Job} job */
  const execute = async (job) => {
    const release = owner?.release ?? (await holdTransactionMutex());
    try {
      const answer = await run(job.bytes);
      if (!job.conn.closed && answer.length > 0) job.conn.socket.write(answer);
      // A connection gone while its statement ran leaves no transaction behind.
      if (job.conn.closed && pglite.isInTransaction()) await run(ROLLBACK);
    } catch (err) {
      // PGlite answers SQL errors in the protocol; a throw is PGlite itself failing.
      job.conn.socket.destroy(err instanceof Error ? err : new Error(String(err)));
      if (pglite.isInTransaction()) await run(ROLLBACK).catch(() => undefined);
    }
    if (pglite.isInTransaction()) owner = { conn: job.conn, release };
    else {
      owner = null;
      release();
    }
  };

  const pump = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const next = owner ? waiting.findIndex((j) => j.conn === owner?.conn) : waiting.length > 0 ? 0 : -1;
        if (next < 0) return;
        const [job] = waiting.splice(next, 1);
        await execute(/** @type {Job} */ (job));
      }
    } finally {
      running = false;
    }
  };

  /** @param {Connection} conn @param {Uint8Array} bytes */
  const enqueue = (conn, bytes) => {
    waiting.push({ conn, bytes });
    void pump();
  };

  /** @param {Connection} conn */
  const disconnect = (conn) => {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]?.conn === conn) waiting.splice(i, 1);
    if (owner?.conn === conn) enqueue(conn, ROLLBACK);
  };

  /** Splits what arrived into messages and hands each complete batch to the queue. @param {Connection} conn */
  const drain = (conn) => {
    for (;;) {
      const b = conn.buffer;
      if (!conn.started) {
        // Startup, SSL and cancel requests: a length, then a code, no type byte.
        if (b.length < 8) return;
        const length = b.readInt32BE(0);
        const code = b.readInt32BE(4);
        if (length < 8 || length > 10_000) return void conn.socket.destroy();
        if (b.length < length) return;
        conn.buffer = b.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N'); // no encryption on a local socket: the client goes on in the clear
          continue;
        }
        if (code === CANCEL_REQUEST) return void conn.socket.destroy(); // not supported
        conn.started = true;
        enqueue(conn, b.subarray(0, length));
        continue;
      }
      if (b.length < 5) return;
      const length = b.readInt32BE(1) + 1;
      if (length < 5 || length > MAX_MESSAGE_BYTES) return void conn.socket.destroy();
      if (b.length < length) return;
      const type = /** @type {number} */ (b[0]);
      conn.buffer = b.subarray(length);
      if (type === TERMINATE) return void conn.socket.end();
      conn.messages.push(b.subarray(0, length));
      if (ANSWERED_AFTER.has(type)) {
        enqueue(conn, conn.messages.length === 1 ? /** @type {Buffer} */ (conn.messages[0]) : Buffer.concat(conn.messages));
        conn.messages = [];
      }
    }
  };

  const server = createServer((socket) => {
    /** @type {Connection} */
    const conn = { socket, buffer: Buffer.alloc(0), started: false, messages: [], closed: false };
    connections.add(conn);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      conn.buffer = conn.buffer.length > 0 ? Buffer.concat([conn.buffer, chunk]) : chunk;
      drain(conn);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => disconnect(conn));
  });
  server.maxConnections = 64;
  await new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(socketPath, () => listening(undefined));
  });
  return () =>
    new Promise((stopped) => {
      for (const conn of connections) conn.socket.destroy();
      server.close(() => stopped(undefined));
    });
}
