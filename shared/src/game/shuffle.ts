import { _HMAC, hmac } from '@noble/hashes/hmac.js';
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js';
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
 */
export class HmacStream implements WordSource {
  /** The HMAC keyed once (its padded-key state); each block restarts `work` from it. */
  private readonly keyed: HmacState;
  private readonly work: HmacState;
  private block = 0;
  private readonly mac = new Uint8Array(32);
  private readonly words = new DataView(this.mac.buffer);
  private pos = 32;

  constructor(seed: string, private readonly hand: number) {
    this.keyed = new _HMAC<_SHA256>(sha256, utf8ToBytes(seed));
    this.work = this.keyed.clone();
  }

  nextU32(): number {
    if (this.pos === 32) {
      // _cloneInto(work) copies the keyed state into the same objects: no allocation per block.
      this.keyed._cloneInto(this.work).update(asciiBytes(`wall/${this.hand}/${this.block++}`)).digestInto(this.mac);
      this.pos = 0;
    }
    const w = this.words.getUint32(this.pos);
    this.pos += 4;
    return w;
  }
}

type HmacState = _HMAC<_SHA256>;

/** UTF-8 of a text made of ASCII characters only (the block labels): one byte per character. */
function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
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
