/**
 * Shanten: how many tile exchanges a hand is from tenpai (0) or complete (-1).
 * `counts` are the concealed tiles per kind (length 34, at most 4 each); `meldCount`
 * counts melds including kans, so the concealed part has 13 - 3*meldCount or
 * 14 - 3*meldCount tiles. Each query is a handful of table lookups (handTables.ts).
 */
import { MAX_BLOCKS } from './blockVectors';
import {
  HONOUR_WEIGHT, SPLIT, handTables, kindsOf, pairsOf, yaochuOf, yaochuPairsOf, type HandTables,
} from './handTables';

// What the last lookUp found: the block vector index of each part (man, pin, sou,
// honours) and the summed counts. Module state rather than an object per query.
const part = new Uint8Array(4);
let tally = 0;

function lookUp(t: HandTables, c: ArrayLike<number>): void {
  tally = 0;
  for (let s = 0; s < 3; s++) {
    const low = lowKey(c, 9 * s);
    const high = highKey(c, 9 * s);
    part[s] = t.suit[high * SPLIT + low];
    tally += t.suitLow[low] + t.suitHigh[high];
  }
  const h =
    HONOUR_WEIGHT[c[27]] + HONOUR_WEIGHT[c[28]] + HONOUR_WEIGHT[c[29]] + HONOUR_WEIGHT[c[30]] +
    HONOUR_WEIGHT[c[31]] + HONOUR_WEIGHT[c[32]] + HONOUR_WEIGHT[c[33]];
  part[3] = t.honours[h >> 3];
  tally += t.honourCounts[h];
}

/** Ranks 1-5 of the suit starting at kind b, in base 5. */
const lowKey = (c: ArrayLike<number>, b: number): number =>
  (((c[b + 4] * 5 + c[b + 3]) * 5 + c[b + 2]) * 5 + c[b + 1]) * 5 + c[b];

/** Ranks 6-9. */
const highKey = (c: ArrayLike<number>, b: number): number => ((c[b + 8] * 5 + c[b + 7]) * 5 + c[b + 6]) * 5 + c[b + 5];

function regularOf(t: HandTables, meldCount: number): number {
  const left = t.pair[part[0] * t.parts + part[1]];
  const right = t.pair[part[2] * t.parts + part[3]];
  // Melds take blocks from the cap and are worth 2 each.
  return 8 - 2 * meldCount - t.best[(left * t.combined + right) * (MAX_BLOCKS + 1) + MAX_BLOCKS - meldCount];
}

/**
 * Seven distinct pairs. Four of a kind is one pair, not two (the corpus agrees), and
 * its other two tiles help nothing; each kind short of seven costs one more exchange.
 */
function chiitoitsuOf(n: number): number {
  const kinds = kindsOf(n);
  return 6 - pairsOf(n) + (kinds < 7 ? 7 - kinds : 0);
}

function kokushiOf(n: number): number {
  return 13 - yaochuOf(n) - (yaochuPairsOf(n) > 0 ? 1 : 0);
}

function checkMelds(meldCount: number): void {
  if (!(meldCount >= 0 && meldCount <= MAX_BLOCKS)) throw new RangeError(`meldCount ${meldCount} is not 0..4`);
}

/** Regular form: four sets (melds included) and a pair. */
export function shantenRegular(counts: ArrayLike<number>, meldCount = 0): number {
  checkMelds(meldCount);
  const t = handTables();
  lookUp(t, counts);
  return regularOf(t, meldCount);
}

/** Seven distinct pairs; only meaningful without melds. */
export function shantenChiitoitsu(counts: ArrayLike<number>): number {
  lookUp(handTables(), counts);
  return chiitoitsuOf(tally);
}

/** Thirteen orphans: each terminal and honour, one of them paired; only meaningful without melds. */
export function shantenKokushi(counts: ArrayLike<number>): number {
  lookUp(handTables(), counts);
  return kokushiOf(tally);
}

/** Best of the forms that apply: chiitoitsu and kokushi only without melds. */
export function shanten(counts: ArrayLike<number>, meldCount = 0): number {
  checkMelds(meldCount);
  const t = handTables();
  lookUp(t, counts);
  const regular = regularOf(t, meldCount);
  if (meldCount !== 0) return regular;
  return Math.min(regular, chiitoitsuOf(tally), kokushiOf(tally));
}
