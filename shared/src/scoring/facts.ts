/**
 * Everything about a win that does not depend on how the hand is read: tile counts, the melds'
 * contribution, yaku fixed by which kinds are present, situational yaku and dora. Filled once per
 * scoring into one reused object, so the search over readings only adds the reading-dependent part.
 */
import type { Ruleset } from '../rules/schema';
import { doraKindOf } from '../tiles';
import { isYaochu, setFu } from './fu';
import type { WinInput } from './types';
import * as Y from './yaku';

// Masks over the suited kinds 0..26.
const TERMINALS = (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26);
const GREEN_SUITED = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25); // 2 3 4 6 8 sou
const DORA_OF = Uint8Array.from({ length: 34 }, (_, k) => doraKindOf(k));
const JUNSEI = [3, 1, 1, 1, 1, 1, 1, 1, 3];

export const facts = {
  /** Concealed tiles plus the winning tile, per kind. */
  counts: new Uint8Array(34),
  /** Every tile of the hand per kind, meld tiles included (a kan is 4). */
  all: new Uint8Array(34),
  /** Bit k: the hand holds suited kind k (k < 27). */
  suited: 0,
  winKind: 0,
  tsumo: false,
  dealer: false,
  /** No called meld (an ankan keeps the hand concealed). */
  concealed: true,
  meldCount: 0,
  seatWind: 0,
  roundWind: 0,
  // The melds' part of a regular reading:
  meldFu: 0,
  meldAnkou: 0,
  meldSeqs: 0,
  /** Bit k: a run starting at kind k (k < 27) / a triplet or kan of suited kind k. */
  meldSeqBits: 0,
  meldTripBits: 0,
  /** Every meld holds a terminal or honour. */
  meldChanta: true,
  anyHonor: false,
  /** The suits whose red five counts, as RED_BIT bits. */
  redSuits: 0,
  /** Ordinary / yakuman yaku that hold for every reading of the hand. */
  baseMask: 0,
  baseYakuman: 0,
  /** Han of baseMask plus all dora: readings only add the han of their own yaku bits. */
  baseHan: 0,
  /** Tenhou / chiihou bits, which also go with kokushi. */
  luckYakuman: 0,
  dora: 0,
  aka: 0,
  ura: 0,
};

/** Per tile id: the bit of its suit if it is a red five (ids 16, 52, 88), else 0. */
const RED_BIT = new Uint8Array(136);
RED_BIT[16] = 1;
RED_BIT[52] = 2;
RED_BIT[88] = 4;

/** Reads the melds into the facts; false if a meld is malformed or makes a fifth tile. */
function readMelds(input: WinInput): boolean {
  const f = facts;
  let kans = 0;
  for (const m of input.melds) {
    const tiles = m.tiles;
    const k = tiles[0] >> 2;
    for (const t of tiles) if (++f.all[t >> 2] > 4) return false;
    for (const t of tiles) if ((RED_BIT[t] & f.redSuits) !== 0) f.aka++;
    if (k < 27) f.suited |= m.type === 'chii' ? 7 << k : 1 << k;
    if (m.type === 'chii') {
      if (tiles.length !== 3 || k >= 27 || k % 9 > 6 || tiles[1] >> 2 !== k + 1 || tiles[2] >> 2 !== k + 2) return false;
      f.concealed = false;
      f.meldSeqs++;
      f.meldSeqBits |= 1 << k;
      if (k % 9 !== 0 && k % 9 !== 6) f.meldChanta = false;
      continue;
    }
    const kan = m.type !== 'pon';
    if (tiles.length !== (kan ? 4 : 3) || tiles[tiles.length - 1] >> 2 !== k) return false;
    if (kan) kans++;
    if (m.type === 'ankan') f.meldAnkou++;
    else f.concealed = false;
    f.meldFu += setFu(k, m.type === 'ankan', kan);
    if (k < 27) f.meldTripBits |= 1 << k;
    if (!isYaochu(k)) f.meldChanta = false;
  }
  if (kans === 3) f.baseMask |= Y.SANKANTSU;
  if (kans === 4) f.baseYakuman |= Y.Y_SUUKANTSU;
  return true;
}

/** Yaku that depend only on which kinds the hand holds. */
function readKinds(rules: Ruleset): void {
  const f = facts;
  const all = f.all;
  const suited = f.suited;
  const suits = ((suited & 0x1ff) !== 0 ? 1 : 0) | ((suited & 0x3fe00) !== 0 ? 2 : 0) | ((suited & 0x7fc0000) !== 0 ? 4 : 0);
  const terminal = (suited & TERMINALS) !== 0;
  const simple = (suited & ~TERMINALS) !== 0;
  let green = (suited & ~GREEN_SUITED) === 0;
  let dragonSets = 0;
  let dragonPair = false;
  let windSets = 0;
  let windPair = false;
  for (let k = 27; k < 34; k++) {
    const c = all[k];
    if (c === 0) continue;
    if (k !== 32) green = false;
    if (k >= 31) {
      if (c >= 3) dragonSets++;
      else dragonPair = true;
    } else if (c >= 3) windSets++;
    else windPair = true;
  }
  const honor = dragonSets + windSets > 0 || dragonPair || windPair;
  f.anyHonor = honor;
  let mask = 0;
  let yakuman = 0;
  if (!honor && !terminal && (f.concealed || rules.openTanyao)) mask |= Y.TANYAO;
  if (suits === 1 || suits === 2 || suits === 4) mask |= honor ? Y.HONITSU : Y.CHINITSU;
  if (!simple && honor && terminal) mask |= Y.HONROUTOU;
  if (all[f.seatWind] >= 3) mask |= Y.SEAT_WIND;
  if (all[f.roundWind] >= 3) mask |= Y.ROUND_WIND;
  if (all[31] >= 3) mask |= Y.HAKU;
  if (all[32] >= 3) mask |= Y.HATSU;
  if (all[33] >= 3) mask |= Y.CHUN;
  if (dragonSets === 2 && dragonPair) mask |= Y.SHOUSANGEN;
  if (dragonSets === 3) yakuman |= Y.Y_DAISANGEN;
  if (windSets === 4) yakuman |= Y.Y_DAISUUSHII;
  if (windSets === 3 && windPair) yakuman |= Y.Y_SHOUSUUSHII;
  if (suits === 0) yakuman |= Y.Y_TSUUIISOU;
  if (!simple && !honor) yakuman |= Y.Y_CHINROUTOU;
  if (green) yakuman |= Y.Y_RYUUIISOU;
  if (f.meldCount === 0 && !honor && (suits === 1 || suits === 2 || suits === 4)) yakuman |= chuuren(suits === 1 ? 0 : suits === 2 ? 9 : 18);
  f.baseMask |= mask;
  f.baseYakuman |= yakuman;
}

/** Nine gates: 1112345678999 plus one tile of the suit; junsei when those 13 were the wait. */
function chuuren(first: number): number {
  const c = facts.counts;
  if (c[first] < 3 || c[first + 8] < 3) return 0;
  for (let i = 1; i < 8; i++) if (c[first + i] === 0) return 0;
  const w = facts.winKind - first;
  for (let i = 0; i < 9; i++) if (c[first + i] - (i === w ? 1 : 0) !== JUNSEI[i]) return Y.Y_CHUUREN;
  return Y.Y_JUNSEI_CHUUREN;
}

function countDora(indicators: readonly number[], n: number): number {
  let dora = 0;
  for (let i = 0; i < n; i++) dora += facts.all[DORA_OF[indicators[i] >> 2]];
  return dora;
}

/** Counts one concealed tile; false on a fifth tile of a kind. */
function count(t: number): boolean {
  const f = facts;
  const k = t >> 2;
  if (++f.counts[k] > 4) return false;
  if (k < 27) f.suited |= 1 << k;
  if ((RED_BIT[t] & f.redSuits) !== 0) f.aka++;
  return true;
}

/** Fills `facts` from a win; false when the tile count cannot make a complete hand. */
export function readFacts(input: WinInput, rules: Ruleset): boolean {
  const f = facts;
  const meldCount = input.melds.length;
  if (meldCount > 4 || input.concealed.length + 1 + 3 * meldCount !== 14) return false;
  f.counts.fill(0);
  f.meldCount = meldCount;
  f.winKind = input.winTile >> 2;
  f.tsumo = input.tsumo;
  f.dealer = input.dealer;
  f.seatWind = input.seatWind;
  f.roundWind = input.roundWind;
  f.concealed = true;
  f.meldFu = f.meldAnkou = f.meldSeqs = f.meldSeqBits = f.meldTripBits = 0;
  f.meldChanta = true;
  f.baseMask = f.baseYakuman = f.luckYakuman = 0;
  f.redSuits = rules.redFives[0] | (rules.redFives[1] << 1) | (rules.redFives[2] << 2);
  f.aka = 0;
  f.suited = 0;
  if (!count(input.winTile)) return false;
  for (const t of input.concealed) if (!count(t)) return false;
  f.all.set(f.counts);
  if (!readMelds(input)) return false;
  readKinds(rules);

  let mask = 0;
  // Riichi bits on an open hand (a caller's slip) would be yaku worth 0 han: ignore them.
  if (f.concealed) {
    if (input.riichi === 'riichi') mask |= Y.RIICHI;
    else if (input.riichi === 'double') mask |= Y.DOUBLE_RIICHI;
    if (input.ippatsu) mask |= Y.IPPATSU;
  }
  if (input.tsumo && f.concealed) mask |= Y.MENZEN_TSUMO;
  if (input.haitei) mask |= Y.HAITEI;
  if (input.houtei) mask |= Y.HOUTEI;
  if (input.rinshan) mask |= Y.RINSHAN;
  if (input.chankan) mask |= Y.CHANKAN;
  if (input.renhou && rules.renhou === 'mangan') mask |= Y.RENHOU;
  f.baseMask |= mask;
  if (input.tenhou) f.luckYakuman |= Y.Y_TENHOU;
  if (input.chiihou) f.luckYakuman |= Y.Y_CHIIHOU;
  if (input.renhou && rules.renhou === 'yakuman') f.luckYakuman |= Y.Y_RENHOU;
  f.baseYakuman |= f.luckYakuman;

  f.dora = countDora(input.doraIndicators, input.doraIndicators.length);
  const uraShown = !rules.uraDora || input.riichi === 'none' ? 0 : rules.kanUraDora ? input.uraIndicators.length : Math.min(1, input.uraIndicators.length);
  f.ura = countDora(input.uraIndicators, uraShown);
  f.baseHan = Y.maskHan(f.baseMask, f.concealed) + f.dora + f.aka + f.ura;
  return true;
}
