/**
 * Block vectors summarise one part of a hand (a suit, or the honours) for the regular
 * form: A[k] = best 2*sets + taatsu using at most k blocks (sets or taatsu) with no pair
 * taken from the part, B[k] = the same with the pair taken from it (NO_PAIR if it has
 * none), k = 0..MAX_BLOCKS. Stored as VEC_LEN bytes: A[0..4], then B[0..4].
 * A vector is fixed by its increments (A[0] is 0, B[0] is 0 or NO_PAIR, and each step is
 * 0..2, since one more block adds at most a set), which is how vectors are interned.
 */
export const MAX_BLOCKS = 4;
/** Offset of B in a vector. */
export const H = MAX_BLOCKS + 1;
export const VEC_LEN = 2 * H;
export const NO_PAIR = -64;
/** 81 increment codes per half, one more for "no pair". */
const CODES = 81 * 82;
/** Indexes must fit the Uint8Array tables. */
const MAX_VECTORS = 256;

/** Interned vectors, stored flat (vector i at store[i * VEC_LEN]). */
export class VectorSet {
  readonly store = new Int8Array(MAX_VECTORS * VEC_LEN);
  private readonly indexOfCode = new Int16Array(CODES).fill(-1);
  size = 0;

  add(v: Int8Array): number {
    const code = increments(v, 0) + 81 * (v[H] < 0 ? 81 : increments(v, H));
    let i = this.indexOfCode[code];
    if (i < 0) {
      if (this.size === MAX_VECTORS) throw new Error('more block vectors than the tables can index');
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

/** acc := acc (+) the vector at v[o], max-plus over blocks; at most one of the two supplies the pair. */
export function convolve(acc: Int8Array, v: Int8Array, o: number): void {
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
