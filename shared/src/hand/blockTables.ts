/**
 * Block vectors: the regular form (four sets and a pair) reduced to table lookups.
 *
 * Regular shanten is 8 - max(2*sets + taatsu + pair), with sets + taatsu (blocks)
 * capped at 4 hand-wide, melds included. Because the cap is global, one number per
 * suit is not enough: each part of the hand (a suit, or the honours) is summarised by
 * a vector A[k] = best 2*sets + taatsu using at most k blocks with no pair taken from
 * the part, B[k] = the same with the pair taken from it (NO_PAIR if it has none).
 * Parts combine by max-plus convolution, which is associative, so a hand is
 * (man + pin) + (sou + honours): two lookups in `pair`, then one in `best`.
 * Few distinct vectors occur (under a hundred), which keeps those two tables tiny.
 */
import { POW5, SUIT_KEYS, SuitPatterns } from './suitPatterns';

export const MAX_BLOCKS = 4;
const H = MAX_BLOCKS + 1; // offset of B in a vector
const VEC_LEN = 2 * H;
const NO_PAIR = -64;
/** A vector is fixed by its increments, each 0..2: 81 codes per half, one more for "no pair". */
const CODES = 81 * 82;

export interface BlockTables {
  /** Base-5 suit pattern -> part vector index (0 for patterns too large for a hand). */
  readonly suit: Uint8Array;
  /** n2 + 8*n3 + 64*n4 (honour kinds holding 2, 3, 4 copies) -> part vector index. */
  readonly honours: Uint8Array;
  /** Number of distinct part vectors; index 0 is a part with no blocks. */
  readonly parts: number;
  /** Part indexes i * parts + j -> combined vector index. */
  readonly pair: Uint8Array;
  /** Number of distinct combined vectors. */
  readonly combined: number;
  /** (i * combined + j) * (MAX_BLOCKS + 1) + cap -> best 2*sets + taatsu + pair within cap blocks. */
  readonly best: Int8Array;
}

export function buildBlockTables(): BlockTables {
  const parts = new VectorSet();
  const empty = new Int8Array(VEC_LEN).fill(NO_PAIR, H);
  parts.add(empty);
  const suit = buildSuit(parts);
  const honours = buildHonours(parts, empty);

  const combined = new VectorSet();
  const acc = new Int8Array(VEC_LEN);
  const pair = new Uint8Array(parts.size * parts.size);
  for (let i = 0; i < parts.size; i++) {
    for (let j = 0; j < parts.size; j++) {
      parts.copy(i, acc);
      convolve(acc, parts.store, j * VEC_LEN);
      pair[i * parts.size + j] = combined.add(acc);
    }
  }

  const best = new Int8Array(combined.size * combined.size * H);
  for (let i = 0; i < combined.size; i++) {
    for (let j = 0; j < combined.size; j++) {
      combined.copy(i, acc);
      convolve(acc, combined.store, j * VEC_LEN);
      for (let cap = 0; cap <= MAX_BLOCKS; cap++) {
        best[(i * combined.size + j) * H + cap] = Math.max(acc[cap], acc[H + cap] + 1);
      }
    }
  }
  return { suit, honours, parts: parts.size, pair, combined: combined.size, best };
}

/** Interned vectors, stored flat. Indexes must fit the Uint8Array tables. */
class VectorSet {
  readonly store = new Int8Array(256 * VEC_LEN);
  private readonly indexOfCode = new Int16Array(CODES).fill(-1);
  size = 0;

  add(v: Int8Array): number {
    const code = increments(v, 0) + 81 * (v[H] < 0 ? 81 : increments(v, H));
    let i = this.indexOfCode[code];
    if (i < 0) {
      if (this.size === 256) throw new Error('more block vectors than the tables can index');
      i = this.indexOfCode[code] = this.size++;
      this.store.set(v, i * VEC_LEN);
    }
    return i;
  }

  copy(i: number, to: Int8Array): void {
    for (let k = 0; k < VEC_LEN; k++) to[k] = this.store[i * VEC_LEN + k];
  }
}

/** Base-3 number of the increments of a half-vector. */
function increments(v: Int8Array, o: number): number {
  let code = 0;
  for (let k = MAX_BLOCKS; k > 0; k--) code = code * 3 + v[o + k] - v[o + k - 1];
  return code;
}

/**
 * Dynamic programme in key order: the lowest tile of a pattern is either left unused
 * or starts one block, and each such sub-pattern has a smaller key.
 */
function buildSuit(parts: VectorSet): Uint8Array {
  const table = new Uint8Array(SUIT_KEYS);
  const cur = new Int8Array(VEC_LEN);
  const vec = parts.store;
  const patterns = new SuitPatterns();
  const digits = patterns.digits;
  while (patterns.next()) {
    const key = patterns.key;
    let i = 0;
    while (digits[i] === 0) i++;
    const p = POW5[i];
    parts.copy(table[key - p], cur);
    if (digits[i] >= 2) {
      const o = table[key - 2 * p] * VEC_LEN;
      addBlock(cur, vec, o, 1);
      // The pair itself: A of the rest is a candidate B.
      for (let k = 0; k <= MAX_BLOCKS; k++) if (vec[o + k] > cur[H + k]) cur[H + k] = vec[o + k];
    }
    if (digits[i] >= 3) addBlock(cur, vec, table[key - 3 * p] * VEC_LEN, 2);
    if (i < 8 && digits[i + 1] > 0) addBlock(cur, vec, table[key - 6 * p] * VEC_LEN, 1);
    if (i < 7 && digits[i + 2] > 0) {
      addBlock(cur, vec, table[key - 26 * p] * VEC_LEN, 1);
      if (digits[i + 1] > 0) addBlock(cur, vec, table[key - 31 * p] * VEC_LEN, 2);
    }
    table[key] = parts.add(cur);
  }
  return table;
}

/** cur := max(cur, the vector at vec[o] plus one more block worth `gain`). */
function addBlock(cur: Int8Array, vec: Int8Array, o: number, gain: number): void {
  for (let k = 1; k <= MAX_BLOCKS; k++) {
    const a = vec[o + k - 1] + gain;
    if (a > cur[k]) cur[k] = a;
    const b = vec[o + H + k - 1];
    if (b >= 0 && b + gain > cur[H + k]) cur[H + k] = b + gain;
  }
}

/** Honours never form sequences, so only the number of kinds with 2, 3 or 4 copies matters. */
function buildHonours(parts: VectorSet, empty: Int8Array): Uint8Array {
  const byCount = [
    Int8Array.of(0, 1, 1, 1, 1, 0, 0, 0, 0, 0), // 2: a taatsu, or the pair
    Int8Array.of(0, 2, 2, 2, 2, 0, 0, 0, 0, 0), // 3: a set, or the pair and a spare tile
    Int8Array.of(0, 2, 2, 2, 2, 0, 1, 1, 1, 1), // 4: a set and a spare, or the pair and a taatsu
  ];
  const table = new Uint8Array(8 * 8 * 8);
  const acc = new Int8Array(VEC_LEN);
  for (let n2 = 0; n2 <= 7; n2++) {
    for (let n3 = 0; n2 + n3 <= 7; n3++) {
      for (let n4 = 0; n2 + n3 + n4 <= 7; n4++) {
        acc.set(empty);
        for (let j = 0; j < n2; j++) convolve(acc, byCount[0], 0);
        for (let j = 0; j < n3; j++) convolve(acc, byCount[1], 0);
        for (let j = 0; j < n4; j++) convolve(acc, byCount[2], 0);
        table[n2 + 8 * n3 + 64 * n4] = parts.add(acc);
      }
    }
  }
  return table;
}

/** acc := acc (+) the vector at v[o], max-plus over blocks; at most one of the two supplies the pair. */
function convolve(acc: Int8Array, v: Int8Array, o: number): void {
  // Descending k so acc[j <= k] still holds the old values when acc[k] is written.
  for (let k = MAX_BLOCKS; k >= 0; k--) {
    let a = NO_PAIR;
    let b = NO_PAIR;
    for (let j = 0; j <= k; j++) {
      a = Math.max(a, acc[j] + v[o + k - j]);
      b = Math.max(b, acc[H + j] + v[o + k - j], acc[j] + v[o + H + k - j]);
    }
    acc[k] = a;
    acc[H + k] = b < 0 ? NO_PAIR : b;
  }
}
