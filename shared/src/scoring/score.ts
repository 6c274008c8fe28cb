/**
 * scoreWin: the value of a complete hand. Every reading of the hand is tried — each regular
 * decomposition with each place the winning tile can sit in it (which sets the wait fu, pinfu and
 * whether a ron'd triplet is concealed), plus chiitoitsu and kokushi — and the one paying the
 * most wins (then more han, then more fu). Readings are scored as integer yaku masks; only the
 * winner becomes a ScoreResult.
 */
import type { Ruleset } from '../rules/schema';
import { decompose, isChiitoitsu, isKokushi, MAX_DECOMPOSITIONS, SEQ, STRIDE } from '../hand/decompose';
import { facts as F, readFacts } from './facts';
import { isYaochu, pairFu, roundUpTo10 } from './fu';
import { basePoints, handTotal, limitName, payment, YAKUMAN_BASE } from './payment';
import type { ScoreResult, WinInput, YakuHan } from './types';
import * as Y from './yaku';

export { isPaoYakuman, paoPayments, type PaoScope, type PaoWin } from './payment';

const decomps = new Uint8Array(MAX_DECOMPOSITIONS * STRIDE);
const ITTSU_RUNS = 0b1001001; // runs starting at 1, 4 and 7 of a suit

// The ruleset in use and the best reading so far, in one object: module-level `let`s would cost
// a TDZ check on every access in the hot path.
const S = { rules: null as unknown as Ruleset, points: -1, multiple: 0, han: 0, fu: 0, base: 0, mask: 0, yakuman: 0 };

/** Scores one reading; keeps it if it beats the best so far. A reading without yaku is no win. */
function consider(mask: number, yakuman: number, fu: number): void {
  let multiple = 0;
  let han = 0;
  let base: number;
  if (yakuman !== 0) {
    multiple = Y.yakumanMultiple(yakuman, S.rules);
    base = multiple * YAKUMAN_BASE;
  } else {
    if (mask === 0) return;
    han = F.baseHan + Y.maskHan(mask ^ F.baseMask, F.concealed);
    base = basePoints(han, fu, S.rules);
  }
  const points = handTotal(base, F.dealer, F.tsumo);
  if (points < S.points) return;
  if (points === S.points) {
    if (multiple < S.multiple) return;
    if (multiple === S.multiple && (han < S.han || (han === S.han && fu <= S.fu))) return;
  }
  S.points = points;
  S.multiple = multiple;
  S.han = han;
  S.fu = fu;
  S.base = base;
  S.mask = mask;
  S.yakuman = yakuman;
}

/**
 * One place of the winning tile in a regular reading. `setFu`/`ankou` already treat every
 * concealed triplet as concealed; a ron'd triplet (`ronTriplet`) is open for both.
 */
function reading(mask: number, setFu: number, ankou: number, pairFuValue: number, allRuns: boolean,
  waitFu: number, ryanmen: boolean, tanki: boolean, ronTriplet: number): void {
  let yakuman = F.baseYakuman;
  if (ronTriplet >= 0) {
    ankou--;
    setFu -= isYaochu(ronTriplet) ? 4 : 2;
  }
  if (ankou === 4) yakuman |= tanki ? Y.Y_SUUANKOU_TANKI : Y.Y_SUUANKOU;
  else if (ankou === 3) mask |= Y.SANANKOU;
  let fu: number;
  if (ryanmen && allRuns && pairFuValue === 0 && F.concealed) {
    mask |= Y.PINFU;
    fu = F.tsumo ? 20 : 30;
  } else {
    fu = 20 + setFu + pairFuValue + waitFu;
    if (F.tsumo) fu += 2;
    else if (F.concealed) fu += 10;
    else if (fu === 20) fu = 30; // open hand of pinfu form, by ron
    fu = roundUpTo10(fu);
  }
  consider(mask, yakuman, fu);
}

/** All readings of regular decomposition record `o` of `decomps`. */
function scoreDecomposition(o: number): void {
  const sets = 4 - F.meldCount;
  const pair = decomps[o];
  let seqBits = F.meldSeqBits;
  let tripBits = F.meldTripBits;
  let runs = F.meldSeqs;
  let setFu = F.meldFu;
  let ankou = F.meldAnkou;
  let chanta = F.meldChanta && isYaochu(pair);
  let seen = 0;
  let peikou = 0;
  for (let j = 1; j <= sets; j++) {
    const code = decomps[o + j];
    if (code >= SEQ) {
      const s = code - SEQ;
      const bit = 1 << s;
      runs++;
      seqBits |= bit;
      // Pairs of identical runs: iipeikou / ryanpeikou.
      if ((seen & bit) !== 0) { peikou++; seen &= ~bit; } else seen |= bit;
      if (s % 9 !== 0 && s % 9 !== 6) chanta = false;
    } else {
      if (code < 27) tripBits |= 1 << code;
      const yaochu = isYaochu(code);
      setFu += yaochu ? 8 : 4;
      ankou++;
      if (!yaochu) chanta = false;
    }
  }
  let mask = F.baseMask;
  if (runs === 0) mask |= Y.TOITOI;
  if (F.concealed) {
    if (peikou === 2) mask |= Y.RYANPEIKOU;
    else if (peikou === 1) mask |= Y.IIPEIKOU;
  }
  if ((seqBits & (seqBits >>> 9) & (seqBits >>> 18) & 0x7f) !== 0) mask |= Y.SANSHOKU_DOUJUN;
  if ((seqBits & ITTSU_RUNS) === ITTSU_RUNS || ((seqBits >>> 9) & ITTSU_RUNS) === ITTSU_RUNS || ((seqBits >>> 18) & ITTSU_RUNS) === ITTSU_RUNS) mask |= Y.ITTSU;
  if ((tripBits & (tripBits >>> 9) & (tripBits >>> 18) & 0x1ff) !== 0) mask |= Y.SANSHOKU_DOUKOU;
  if (chanta && runs > 0) mask |= F.anyHonor ? Y.CHANTA : Y.JUNCHAN;

  const pf = pairFu(pair, F.seatWind, F.roundWind, S.rules);
  const allRuns = runs === 4;
  const w = F.winKind;
  if (pair === w) reading(mask, setFu, ankou, pf, allRuns, 2, false, true, -1);
  for (let j = 1; j <= sets; j++) {
    const code = decomps[o + j];
    let repeated = false;
    for (let i = 1; i < j; i++) if (decomps[o + i] === code) repeated = true;
    if (repeated) continue;
    if (code < SEQ) {
      if (code === w) reading(mask, setFu, ankou, pf, allRuns, 0, false, false, F.tsumo ? -1 : code);
      continue;
    }
    const s = code - SEQ;
    if (w < s || w > s + 2) continue;
    const edge = (w === s + 2 && s % 9 === 0) || (w === s && s % 9 === 6); // 12-3 / 7-89
    const closed = w === s + 1 || edge;
    reading(mask, setFu, ankou, pf, allRuns, closed ? 2 : 0, !closed, false, -1);
  }
}

function result(input: WinInput): ScoreResult {
  const rules = S.rules;
  const yaku: YakuHan[] = [];
  const isYakuman = S.yakuman !== 0;
  if (isYakuman) Y.yakumanList(S.yakuman, rules, yaku);
  else {
    Y.ordinaryList(S.mask, F.concealed, yaku);
    Y.doraList(F.dora, F.aka, F.ura, yaku);
  }
  return {
    yaku,
    han: S.han,
    fu: isYakuman ? 0 : S.fu,
    yakuman: S.multiple,
    limit: isYakuman ? 'yakuman' : limitName(S.base),
    basePoints: S.base,
    payment: payment(S.base, input.dealer, input.tsumo, input.honba, rules),
  };
}

/**
 * Ryanhan shibari: from the ruleset's `ryanhanShibari` honba on, a win needs two han from yaku
 * (dora and red fives do not count; a yakuman always meets it).
 */
export function meetsShibari(score: ScoreResult, honba: number, ruleset: Ruleset): boolean {
  const shibari = ruleset.ryanhanShibari;
  if (shibari === null || honba < shibari || score.yakuman !== 0) return true;
  let yakuHan = 0;
  for (const y of score.yaku) if (y.id !== 'dora' && y.id !== 'akaDora' && y.id !== 'uraDora') yakuHan += y.han;
  return yakuHan >= 2;
}

/**
 * The value of a win, or null when the tiles do not make a complete hand or no reading has a
 * yaku (dora alone is none). Riichi sticks are not in the payment: the game adds them.
 */
export function scoreWin(input: WinInput, ruleset: Ruleset): ScoreResult | null {
  if (!readFacts(input, ruleset)) return null;
  S.rules = ruleset;
  S.points = -1;
  S.multiple = S.han = S.fu = S.base = S.mask = S.yakuman = 0;
  const counts = F.counts;
  if (F.meldCount === 0 && isKokushi(counts)) {
    consider(0, F.luckYakuman | (counts[F.winKind] === 2 ? Y.Y_KOKUSHI13 : Y.Y_KOKUSHI), 0);
  } else {
    const n = decompose(counts, F.meldCount, decomps);
    for (let i = 0; i < n; i++) scoreDecomposition(i * STRIDE);
    if (F.meldCount === 0 && isChiitoitsu(counts)) consider(F.baseMask | Y.CHIITOITSU, F.baseYakuman, 25);
  }
  return S.points < 0 ? null : result(input);
}
