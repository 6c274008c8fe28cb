/**
 * The regular form (four sets and a pair) reduced to table lookups.
 *
 * Regular shanten is 8 - max(2*sets + taatsu + pair), with sets + taatsu (blocks)
 * capped at 4 hand-wide, melds included. Because the cap is global, one number per
 * part of the hand is not enough; each part (a suit, or the honours) has a block
 * vector (blockVectors.ts). Parts combine by max-plus convolution, which is
 * associative, so a hand is (man + pin) + (sou + honours): two lookups in `pair`,
 * then one in `best`. Few distinct vectors occur (69 parts, 82 combined), so those
 * tables are tiny.
 */
import { convolve, H, MAX_BLOCKS, NO_PAIR, VEC_LEN, VectorSet } from './blockVectors';
import { buildSuitVectors } from './suitVectors';

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
  const suit = buildSuitVectors(parts);
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

/** Honours never form runs, so only the number of kinds with 2, 3 or 4 copies matters. */
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
