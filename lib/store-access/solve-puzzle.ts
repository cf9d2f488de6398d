/**
 * The client side of a proof-of-work puzzle, run in a browser Web Worker (plain TypeScript, no
 * Node APIs). Web Crypto's digest() is asynchronous and costs tens of microseconds a call, so
 * this hashes with a synchronous SHA-256 instead: the message (32-character salt plus at most
 * 9 digits) always fits one 64-byte block, so each try is a single compression.
 */
export type PuzzleToSolve = { salt: string; challenge: string; maxNumber: number };

// Int32Array keeps every word a small integer for V8; Uint32 values above 2^31 would be doubles.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of a message of at most 55 bytes: `block` holds it, padded, as 16 big-endian words. */
function compressOneBlock(block: Int32Array, w: Int32Array, out: Int32Array) {
  w.set(block);
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = H0[0]!, b = H0[1]!, c = H0[2]!, d = H0[3]!;
  let e = H0[4]!, f = H0[5]!, g = H0[6]!, h = H0[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = (H0[0]! + a) | 0;
  out[1] = (H0[1]! + b) | 0;
  out[2] = (H0[2]! + c) | 0;
  out[3] = (H0[3]! + d) | 0;
  out[4] = (H0[4]! + e) | 0;
  out[5] = (H0[5]! + f) | 0;
  out[6] = (H0[6]! + g) | 0;
  out[7] = (H0[7]! + h) | 0;
}

/** One-block SHA-256 of an ASCII string (at most 55 characters), as a lower-case hex string. */
export function sha256Hex(message: string): string {
  if (message.length > 55) throw new RangeError('one-block SHA-256 takes at most 55 bytes');
  const block = new Int32Array(16);
  writeMessage(block, message);
  const out = new Int32Array(8);
  compressOneBlock(block, new Int32Array(64), out);
  return Array.from(out, (x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * Writes `text` at byte `offset` of the block, then the padding and the bit length of the whole
 * message. Words before `offset` (a multiple of 4) are left as they are: the salt is written once.
 */
function writeMessage(block: Int32Array, text: string, offset = 0) {
  block.fill(0, offset >> 2);
  for (let i = 0; i < text.length; i++) {
    const at = offset + i;
    block[at >> 2]! |= (text.charCodeAt(i) & 0xff) << (24 - (at % 4) * 8);
  }
  const end = offset + text.length;
  block[end >> 2]! |= 0x80 << (24 - (end % 4) * 8);
  block[15] = end * 8;
}

function sameDigest(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < 8; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The hidden number, or null when none in range matches. Calls `onProgress` with the count of
 * numbers tried every `progressEvery` tries, so a worker can report and stay responsive.
 */
export function solvePuzzle(
  p: PuzzleToSolve,
  onProgress?: (tried: number) => void,
  progressEvery = 50_000,
): number | null {
  const target = new Int32Array(8);
  for (let i = 0; i < 8; i++) target[i] = parseInt(p.challenge.slice(i * 8, i * 8 + 8), 16);
  const block = new Int32Array(16);
  const w = new Int32Array(64);
  const out = new Int32Array(8);
  writeMessage(block, p.salt);
  for (let n = 0; n <= p.maxNumber; n++) {
    writeMessage(block, String(n), p.salt.length);
    compressOneBlock(block, w, out);
    if (out[0] === target[0] && sameDigest(out, target)) return n;
    if (onProgress && (n + 1) % progressEvery === 0) onProgress(n + 1);
  }
  return null;
}
