/**
 * The block vector of every suit pattern (see blockVectors.ts), by dynamic programming
 * in key order: the lowest tile of a pattern is either left unused or starts one block
 * (triplet, run, pair as taatsu or as the pair, two-sided/edge or closed taatsu), and
 * each such sub-pattern has a smaller key.
 *
 * There are 405,350 patterns, so the programme works on half-vectors packed in an int:
 * lane k = 1..4 in byte k-1 (lane 0 is implied); A lanes hold A[k], B lanes B[k] + 1,
 * all 0 when there is no pair. Lanes stay below 128, which lane-wise max relies on.
 */
import { H, MAX_BLOCKS, NO_PAIR, VEC_LEN, type VectorSet } from './blockVectors';
import { POW5, SUIT_KEYS, SuitPatterns } from './suitPatterns';

const LANE_ONES = 0x01010101;

/** Suit pattern key -> index in `parts` (0 for patterns too large for a hand). */
export function buildSuitVectors(parts: VectorSet): Uint8Array {
  const table = new Uint8Array(SUIT_KEYS);
  // Packed halves of each part, and parts by the code of their packed halves.
  const packedA = new Int32Array(parts.store.length / VEC_LEN);
  const packedB = new Int32Array(packedA.length);
  const indexOfCode = new Int16Array(1 << 16).fill(-1);
  const unpacked = new Int8Array(VEC_LEN);
  const patterns = new SuitPatterns();
  const digits = patterns.digits;
  while (patterns.next()) {
    const key = patterns.key;
    let i = 0;
    while (digits[i] === 0) i++;
    const p = POW5[i];
    let s = table[key - p];
    let a = packedA[s];
    let b = packedB[s];
    if (digits[i] >= 2) {
      s = table[key - 2 * p];
      a = maxLanes(a, withBlockA(packedA[s], 1));
      b = maxLanes(maxLanes(b, withBlockB(packedB[s], 1)), packedA[s] + LANE_ONES); // taatsu; the pair
    }
    if (digits[i] >= 3) {
      s = table[key - 3 * p];
      a = maxLanes(a, withBlockA(packedA[s], 2));
      b = maxLanes(b, withBlockB(packedB[s], 2));
    }
    if (i < 8 && digits[i + 1] > 0) {
      s = table[key - 6 * p];
      a = maxLanes(a, withBlockA(packedA[s], 1));
      b = maxLanes(b, withBlockB(packedB[s], 1));
    }
    if (i < 7 && digits[i + 2] > 0) {
      s = table[key - 26 * p];
      a = maxLanes(a, withBlockA(packedA[s], 1));
      b = maxLanes(b, withBlockB(packedB[s], 1));
      if (digits[i + 1] > 0) {
        s = table[key - 31 * p];
        a = maxLanes(a, withBlockA(packedA[s], 2));
        b = maxLanes(b, withBlockB(packedB[s], 2));
      }
    }
    const code = stepCode(a, 0) | ((b === 0 ? 0xff : stepCode(b, 1)) << 8);
    let index = indexOfCode[code];
    if (index < 0) {
      unpack(a, b, unpacked);
      index = indexOfCode[code] = parts.add(unpacked);
      packedA[index] = a;
      packedB[index] = b;
    }
    table[key] = index;
  }
  return table;
}

/** Lane-wise max of two packed halves. */
function maxLanes(x: number, y: number): number {
  const xAtLeastY = (((x | 0x80808080) - y) & 0x80808080) >>> 7;
  const mask = xAtLeastY * 0xff;
  return (x & mask) | (y & ~mask);
}

/** One more block worth `gain`: lane k takes lane k-1 (lane 0 being 0). */
const withBlockA = (a: number, gain: number): number => (a << 8) + gain * LANE_ONES;
/** The same for B, whose lane 0 is 0 + 1 when there is a pair. */
const withBlockB = (b: number, gain: number): number => (b === 0 ? 0 : ((b << 8) | 1) + gain * LANE_ONES);

/**
 * The four steps lane k - lane k-1 (lane 0 being `lane0`), 2 bits each (they are 0..2,
 * and lanes never decrease, so the subtraction borrows nothing). Never 0xff.
 */
function stepCode(x: number, lane0: number): number {
  const d = x - ((x << 8) | lane0);
  return (d & 3) | ((d >>> 6) & 12) | ((d >>> 12) & 48) | ((d >>> 18) & 192);
}

function unpack(a: number, b: number, to: Int8Array): void {
  to[0] = 0;
  to[H] = b === 0 ? NO_PAIR : 0;
  for (let k = 1; k <= MAX_BLOCKS; k++) {
    to[k] = (a >>> (8 * k - 8)) & 0xff;
    to[H + k] = b === 0 ? NO_PAIR : ((b >>> (8 * k - 8)) & 0xff) - 1;
  }
}
