/**
 * Waits and tenpai of a 3n+1 hand. `counts` are the concealed tiles per kind, as for
 * shanten; `meldCount` counts melds including kans.
 */
import { KIND_COUNT } from '../tiles/index';
import { shanten } from './shanten';

const scratch = new Uint8Array(KIND_COUNT);

/**
 * The kinds that would complete the hand in any form, ascending. A kind the hand
 * already holds four of is included when a fifth would complete it: it is a wait in
 * shape, though not one that can come (see tenpaiWaits).
 */
export function waits(counts: ArrayLike<number>, meldCount = 0): number[] {
  let tiles = 0;
  for (let k = 0; k < KIND_COUNT; k++) tiles += counts[k];
  if (tiles + 3 * meldCount !== 13) {
    throw new RangeError(`waits needs 13 tiles with melds, got ${tiles} concealed and ${meldCount} melds`);
  }
  // One tile lowers shanten by at most one, so only a tenpai shape can have waits.
  if (shanten(counts, meldCount) > 0) return [];

  const out: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) scratch[k] = counts[k];
  for (let k = 0; k < KIND_COUNT; k++) {
    scratch[k]++;
    // The tables stop at four of a kind. A fifth copy can only be used by the regular
    // form (chiitoitsu and kokushi cannot), so it goes to a plain search.
    const complete = scratch[k] > 4 ? isCompleteRegular(scratch) : shanten(scratch, meldCount) === -1;
    scratch[k]--;
    if (complete) out.push(k);
  }
  return out;
}

/**
 * Waits that count for tenpai. EMA12-TENPAI-FOUR-HELD: a wait on a kind of which the
 * player holds all four is no wait. `held` counts every tile the player owns, melds
 * included (a pon of 1m and a 1m in hand hold all four 1m); it defaults to `counts`.
 * EMA12-TENPAI-ALL-VISIBLE: tiles visible elsewhere do not matter, so there is no
 * visibility argument.
 */
export function tenpaiWaits(counts: ArrayLike<number>, meldCount = 0, held: ArrayLike<number> = counts): number[] {
  return waits(counts, meldCount).filter((k) => held[k] < 4);
}

export function isTenpai(counts: ArrayLike<number>, meldCount = 0, held?: ArrayLike<number>): boolean {
  return tenpaiWaits(counts, meldCount, held).length > 0;
}

/** Unseen copies of each wait (in the order of `waits`) and their total. */
export function remainingCounts(
  waitKinds: readonly number[],
  visible: ArrayLike<number>,
): { remaining: number[]; total: number } {
  const remaining = waitKinds.map((k) => Math.max(0, 4 - visible[k]));
  return { remaining, total: remaining.reduce((a, b) => a + b, 0) };
}

/**
 * Four sets and a pair, by plain search, for counts the tables do not cover (a fifth
 * copy). Melds need no input: the tile count already fixes how many sets are left.
 */
function isCompleteRegular(c: Uint8Array): boolean {
  for (let k = 0; k < KIND_COUNT; k++) {
    if (c[k] < 2) continue;
    c[k] -= 2;
    const ok = isAllSets(c);
    c[k] += 2;
    if (ok) return true;
  }
  return false;
}

const rest = new Uint8Array(KIND_COUNT);

/**
 * Whether the tiles split into sets. Greedy from the lowest kind: three or more copies
 * can always start with a triplet, since three equal runs are three triplets.
 */
function isAllSets(c: Uint8Array): boolean {
  rest.set(c);
  for (let k = 0; k < KIND_COUNT; k++) {
    let n = rest[k];
    if (n >= 3) n -= 3;
    if (n === 0) continue;
    const rank = k < 27 ? k % 9 : 9; // honours cannot start a run
    if (rank > 6 || rest[k + 1] < n || rest[k + 2] < n) return false;
    rest[k + 1] -= n;
    rest[k + 2] -= n;
  }
  return true;
}
