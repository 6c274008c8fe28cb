import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { TileId } from '../tiles';
import { Rng } from './rng';

/**
 * How a game's seed becomes its walls (docs/FAIRNESS.md). Stored with every game so that a game
 * recorded by an older version is rebuilt with the generator it was dealt with.
 * - `hmac-sha256-v1` (new games): a stream of HMAC-SHA-256 blocks keyed by the seed; its state is
 *   the seed itself (a server seed is 256 random bits), so nothing a player sees narrows it down.
 * - `xoshiro128-fnv1a` (games stored before the fairness change): a 32-bit FNV-1a hash of
 *   `seed/hand` seeds xoshiro128**; 2^32 states, which a seated player can search. Replays only.
 */
export type WallAlgorithm = 'hmac-sha256-v1' | 'xoshiro128-fnv1a';
export const WALL_ALGORITHMS: readonly WallAlgorithm[] = ['hmac-sha256-v1', 'xoshiro128-fnv1a'];
export const WALL_ALGORITHM: WallAlgorithm = 'hmac-sha256-v1';
export const LEGACY_WALL_ALGORITHM: WallAlgorithm = 'xoshiro128-fnv1a';

/** Anything that yields uniform 32-bit words. */
interface WordSource {
  nextU32(): number;
}

/**
 * The `hmac-sha256-v1` stream of hand `hand`: block k is HMAC-SHA-256(key = UTF-8 seed,
 * message = UTF-8 "wall/<hand>/<k>"), read as eight big-endian 32-bit words, k = 0, 1, ...
 * A wall takes 17 blocks. Each is two SHA-256 compressions from the key's padded states, hashed
 * once per stream (RFC 2104 over FIPS 180-4 §6.2), with no allocation: @noble/hashes' general
 * HMAC spent as long again on its bookkeeping (it still hashes a key longer than a block, and the
 * salts). Its output is checked against @noble/hashes' HMAC in test/game/shuffle.test.ts.
 */
export class HmacStream implements WordSource {
  /** SHA-256 states after the key's inner (ipad) and outer (opad) blocks. */
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  /** The current block's HMAC, as words. */
  private readonly mac = new Int32Array(8);
  private readonly prefix: string;
  private block = 0;
  private pos = 8;

  constructor(seed: string, hand: number) {
    let key = utf8ToBytes(seed);
    if (key.length > 64) key = sha256(key);
    const pad = new Uint8Array(64);
    for (const [state, byte] of [[this.inner, 0x36], [this.outer, 0x5c]] as const) {
      for (let i = 0; i < 64; i++) pad[i] = (key[i] ?? 0) ^ byte;
      loadBlock(pad);
      compress(SHA256_IV, state);
    }
    this.prefix = `wall/${hand}/`;
  }

  nextU32(): number {
    if (this.pos === 8) {
      this.digestBlock(`${this.prefix}${this.block++}`);
      this.pos = 0;
    }
    return this.mac[this.pos++] >>> 0;
  }

  /** HMAC of an ASCII label of at most 55 bytes (one block with its padding) into `mac`. */
  private digestBlock(label: string): void {
    const n = label.length;
    if (n > 55) throw new RangeError('a wall block label fits one SHA-256 block');
    W.fill(0, 0, 16);
    for (let i = 0; i < n; i++) W[i >> 2] |= label.charCodeAt(i) << (24 - 8 * (i & 3));
    W[n >> 2] |= 0x80 << (24 - 8 * (n & 3));
    W[15] = (64 + n) * 8; // bit length, after the 64-byte key block
    compress(this.inner, this.mac);
    // The outer hash: the key's outer block, then the 32-byte inner digest with its padding.
    W.set(this.mac, 0);
    W[8] = 0x80000000;
    W.fill(0, 9, 15);
    W[15] = (64 + 32) * 8;
    compress(this.outer, this.mac);
  }
}

/** SHA-256 initial state and round constants (FIPS 180-4 §5.3.3, §4.2.2). */
const SHA256_IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
// prettier-ignore
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** The message schedule; its first 16 words are the block being compressed. */
const W = new Int32Array(64);

/** The 64-byte block `bytes` into W[0..15], big-endian. */
function loadBlock(bytes: Uint8Array): void {
  for (let i = 0; i < 16; i++) W[i] = (bytes[4 * i] << 24) | (bytes[4 * i + 1] << 16) | (bytes[4 * i + 2] << 8) | bytes[4 * i + 3];
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** One SHA-256 compression of the block in W[0..15] (W is overwritten): `out` = `state` advanced by it. */
function compress(state: Int32Array, out: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15];
    const w2 = W[i - 2];
    W[i] = (W[i - 16] + (rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)) + W[i - 7] + (rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10))) | 0;
  }
  let a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
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
  out[0] = (state[0] + a) | 0;
  out[1] = (state[1] + b) | 0;
  out[2] = (state[2] + c) | 0;
  out[3] = (state[3] + d) | 0;
  out[4] = (state[4] + e) | 0;
  out[5] = (state[5] + f) | 0;
  out[6] = (state[6] + g) | 0;
  out[7] = (state[7] + h) | 0;
}

/** Uniform integer in [0, n) by rejection: words at or above the largest multiple of n are redrawn. */
export function uniform(src: WordSource, n: number): number {
  const limit = 0x100000000 - (0x100000000 % n);
  let x: number;
  do x = src.nextU32();
  while (x >= limit);
  return x % n;
}

/** Fisher-Yates: for i from 135 down to 1, swap a[i] with a[uniform(i + 1)]. */
function fisherYates<T>(src: WordSource, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = uniform(src, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/** The 136 tile ids of hand `hand` (the game's deal number, redeals included) in deal order. */
export function shuffledTiles(seed: string, hand: number, algorithm: WallAlgorithm = WALL_ALGORITHM): TileId[] {
  const src = algorithm === 'xoshiro128-fnv1a' ? new Rng(`${seed}/${hand}`) : new HmacStream(seed, hand);
  const tiles: TileId[] = [];
  for (let i = 0; i < 136; i++) tiles.push(i);
  return fisherYates(src, tiles);
}

/** The salt of hand `hand`: lowercase hex of HMAC-SHA-256(key = UTF-8 seed, message = UTF-8 "salt/<hand>"). */
export function handSalt(seed: string, hand: number): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`salt/${hand}`)));
}

/** The commitment to a wall: lowercase hex SHA-256 of the UTF-8 text `salt + ":" + wall.join(",")`. */
export function wallCommitment(salt: string, wall: readonly TileId[]): string {
  return bytesToHex(sha256(utf8ToBytes(`${salt}:${wall.join(',')}`)));
}

/** One hand's record for `/api/games/:id/fairness`: the commitment, and once the hand is over its salt and wall. */
export interface HandFairness {
  hand: number;
  commitment: string;
  salt?: string;
  wall?: TileId[];
}

/** Hand `hand`'s commitment, with its salt and wall when `reveal`. */
export function handFairness(seed: string, hand: number, algorithm: WallAlgorithm, reveal: boolean): HandFairness {
  const salt = handSalt(seed, hand);
  const wall = shuffledTiles(seed, hand, algorithm);
  const commitment = wallCommitment(salt, wall);
  return reveal ? { hand, commitment, salt, wall } : { hand, commitment };
}
