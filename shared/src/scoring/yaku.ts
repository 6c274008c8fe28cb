/**
 * Yaku as bits. The search scores thousands of candidate readings per second, so it carries
 * yaku as two integer masks (ordinary, yakuman) and only turns the winner into YakuHan objects.
 */
import type { Ruleset } from '../rules/schema';
import type { YakuHan, YakuId } from './types';

/** Ordinary yaku in display order (Tenhou's); bit i of a yaku mask is ORDINARY[i]. */
const ORDINARY: readonly YakuId[] = [
  'menzenTsumo', 'riichi', 'ippatsu', 'chankan', 'rinshan', 'haitei', 'houtei', 'pinfu', 'tanyao', 'iipeikou',
  'yakuhaiSeatWind', 'yakuhaiRoundWind', 'yakuhaiHaku', 'yakuhaiHatsu', 'yakuhaiChun', 'doubleRiichi', 'chiitoitsu',
  'chanta', 'ittsu', 'sanshokuDoujun', 'sanshokuDoukou', 'sankantsu', 'toitoi', 'sanankou', 'shousangen',
  'honroutou', 'ryanpeikou', 'junchan', 'honitsu', 'chinitsu', 'renhou',
];
// Han concealed / open, index-aligned with ORDINARY (0 open: the yaku needs a concealed hand).
const HAN_CLOSED = Uint8Array.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 6, 5);
const HAN_OPEN = Uint8Array.of(0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 0, 2, 2, 5, 0);

export const MENZEN_TSUMO = 1 << 0;
export const RIICHI = 1 << 1;
export const IPPATSU = 1 << 2;
export const CHANKAN = 1 << 3;
export const RINSHAN = 1 << 4;
export const HAITEI = 1 << 5;
export const HOUTEI = 1 << 6;
export const PINFU = 1 << 7;
export const TANYAO = 1 << 8;
export const IIPEIKOU = 1 << 9;
export const SEAT_WIND = 1 << 10;
export const ROUND_WIND = 1 << 11;
export const HAKU = 1 << 12;
export const HATSU = 1 << 13;
export const CHUN = 1 << 14;
export const DOUBLE_RIICHI = 1 << 15;
export const CHIITOITSU = 1 << 16;
export const CHANTA = 1 << 17;
export const ITTSU = 1 << 18;
export const SANSHOKU_DOUJUN = 1 << 19;
export const SANSHOKU_DOUKOU = 1 << 20;
export const SANKANTSU = 1 << 21;
export const TOITOI = 1 << 22;
export const SANANKOU = 1 << 23;
export const SHOUSANGEN = 1 << 24;
export const HONROUTOU = 1 << 25;
export const RYANPEIKOU = 1 << 26;
export const JUNCHAN = 1 << 27;
export const HONITSU = 1 << 28;
export const CHINITSU = 1 << 29;
/** Renhou as a mangan: a five-han yaku (`renhou: 'mangan'`). */
export const RENHOU = 1 << 30;

/** Yakuman in display order; bit i of a yakuman mask is YAKUMAN[i]. */
const YAKUMAN: readonly YakuId[] = [
  'tenhou', 'chiihou', 'daisangen', 'suuankou', 'suuankouTanki', 'tsuuiisou', 'ryuuiisou', 'chinroutou',
  'chuuren', 'junseiChuuren', 'kokushi', 'kokushi13', 'daisuushii', 'shousuushii', 'suukantsu', 'renhou',
];
export const Y_TENHOU = 1 << 0;
export const Y_CHIIHOU = 1 << 1;
export const Y_DAISANGEN = 1 << 2;
export const Y_SUUANKOU = 1 << 3;
export const Y_SUUANKOU_TANKI = 1 << 4;
export const Y_TSUUIISOU = 1 << 5;
export const Y_RYUUIISOU = 1 << 6;
export const Y_CHINROUTOU = 1 << 7;
export const Y_CHUUREN = 1 << 8;
export const Y_JUNSEI_CHUUREN = 1 << 9;
export const Y_KOKUSHI = 1 << 10;
export const Y_KOKUSHI13 = 1 << 11;
export const Y_DAISUUSHII = 1 << 12;
export const Y_SHOUSUUSHII = 1 << 13;
export const Y_SUUKANTSU = 1 << 14;
export const Y_RENHOU = 1 << 15;
/** The hands that count double when the ruleset has double yakuman. */
const DOUBLE_YAKUMAN = Y_SUUANKOU_TANKI | Y_JUNSEI_CHUUREN | Y_KOKUSHI13 | Y_DAISUUSHII;

const lowBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** Han of an ordinary yaku mask (dora not included). */
export function maskHan(mask: number, concealed: boolean): number {
  const table = concealed ? HAN_CLOSED : HAN_OPEN;
  let han = 0;
  for (let m = mask; m !== 0; m &= m - 1) han += table[lowBit(m)];
  return han;
}

/** 2 for a double yakuman under the ruleset (daisuushii alone may be double: `daisuushiiDouble`). */
const multipleOf = (bit: number, rules: Ruleset): number =>
  (rules.doubleYakuman && (bit & DOUBLE_YAKUMAN) !== 0) || (rules.daisuushiiDouble && bit === Y_DAISUUSHII) ? 2 : 1;

/** The yakuman bit that counts when yakuman do not stack: the biggest, the first on ties. */
function strongest(mask: number, rules: Ruleset): number {
  let best = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const bit = m & -m;
    if (best === 0 || multipleOf(bit, rules) > multipleOf(best, rules)) best = bit;
  }
  return best;
}

/** Yakuman multiple of a yakuman mask under the ruleset's double/stacking flags. */
export function yakumanMultiple(mask: number, rules: Ruleset): number {
  if (!rules.yakumanStacking) return mask === 0 ? 0 : multipleOf(strongest(mask, rules), rules);
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n += multipleOf(m & -m, rules);
  return n;
}

// Result entries are frozen and shared: the winner's list is built without new objects.
const freeze = (id: YakuId, han: number, yakuman?: number): YakuHan =>
  Object.freeze(yakuman === undefined ? { id, han } : { id, han, yakuman });
const ORDINARY_ENTRIES = ORDINARY.map((id, i) => [freeze(id, HAN_OPEN[i]), freeze(id, HAN_CLOSED[i])]);
const YAKUMAN_ENTRIES = YAKUMAN.map((id) => [freeze(id, 13, 1), freeze(id, 26, 2)]);
const DORA_ENTRIES: YakuHan[] = [];
const AKA_ENTRIES: YakuHan[] = [];
const URA_ENTRIES: YakuHan[] = [];

/** The dora entries of a result: dora, red fives, ura dora (those worth something). */
export function doraList(dora: number, aka: number, ura: number, out: YakuHan[]): void {
  if (dora > 0) out.push((DORA_ENTRIES[dora] ??= freeze('dora', dora)));
  if (aka > 0) out.push((AKA_ENTRIES[aka] ??= freeze('akaDora', aka)));
  if (ura > 0) out.push((URA_ENTRIES[ura] ??= freeze('uraDora', ura)));
}

/** The ordinary yaku of a mask as result entries, in display order. */
export function ordinaryList(mask: number, concealed: boolean, out: YakuHan[]): void {
  for (let m = mask; m !== 0; m &= m - 1) out.push(ORDINARY_ENTRIES[lowBit(m)][concealed ? 1 : 0]);
}

/** The yakuman of a mask as result entries (only the strongest one when they do not stack). */
export function yakumanList(mask: number, rules: Ruleset, out: YakuHan[]): void {
  const counted = rules.yakumanStacking ? mask : strongest(mask, rules);
  for (let m = counted; m !== 0; m &= m - 1) {
    const bit = m & -m;
    out.push(YAKUMAN_ENTRIES[lowBit(bit)][multipleOf(bit, rules) - 1]);
  }
}
