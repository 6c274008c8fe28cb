/** Base points, limits and who pays what. Riichi sticks are the game's business, not ours. */
import type { Ruleset } from '../rules/schema';
import type { LimitName, Payment, ScoreResult, YakuId } from './types';

export const YAKUMAN_BASE = 8000;

export const ceil100 = (x: number): number => Math.ceil(x / 100) * 100;

/** Base points of an ordinary (non-yakuman) hand: fu * 2^(han+2), capped by the limits. */
export function basePoints(han: number, fu: number, rules: Ruleset): number {
  if (han >= 13) return rules.kazoe === 'yakuman' ? 8000 : 6000;
  if (han >= 11) return 6000;
  if (han >= 8) return 4000;
  if (han >= 6) return 3000;
  if (han >= 5) return 2000;
  const base = fu << (han + 2);
  // Kiriage: 4 han 30 fu and 3 han 60 fu (1920) are rounded up to mangan.
  return base >= 2000 || (rules.kiriageMangan && base === 1920) ? 2000 : base;
}

/** The limit an ordinary hand reached, from its base points (no uncapped hand makes exactly 2000). */
export function limitName(base: number): LimitName | null {
  if (base === 8000) return 'kazoeYakuman';
  if (base === 6000) return 'sanbaiman';
  if (base === 4000) return 'baiman';
  if (base === 3000) return 'haneman';
  return base === 2000 ? 'mangan' : null;
}

/** Points the winner gains from the hand alone (no honba): what the search compares. */
export function handTotal(base: number, dealer: boolean, tsumo: boolean): number {
  if (!tsumo) return ceil100(base * (dealer ? 6 : 4));
  return dealer ? 3 * ceil100(base * 2) : ceil100(base * 2) + 2 * ceil100(base);
}

/**
 * Who pays: ron, the discarder pays base*6 (dealer) or base*4, rounded up to 100, plus all the
 * honba; tsumo, the dealer's share is base*2 and a non-dealer's base (all base*2 when the
 * dealer wins), each rounded up to 100 and each paying a third of the honba.
 */
export function payment(base: number, dealer: boolean, tsumo: boolean, honba: number, rules: Ruleset): Payment {
  // Every payment has all four keys (unused ones undefined): one object shape keeps callers fast.
  const honbaTotal = honba * rules.honbaPoints;
  if (!tsumo) {
    const ron = ceil100(base * (dealer ? 6 : 4)) + honbaTotal;
    return { total: ron, ron, tsumoDealer: undefined, tsumoNonDealer: undefined };
  }
  const honbaEach = Math.ceil(honbaTotal / 3);
  if (dealer) {
    const each = ceil100(base * 2) + honbaEach;
    return { total: 3 * each, ron: undefined, tsumoDealer: undefined, tsumoNonDealer: each };
  }
  const fromDealer = ceil100(base * 2) + honbaEach;
  const fromOther = ceil100(base) + honbaEach;
  return { total: fromDealer + 2 * fromOther, ron: undefined, tsumoDealer: fromDealer, tsumoNonDealer: fromOther };
}

/** A win with a liable player (pao) for daisangen or daisuushii. Seats are absolute, 0..3. */
export interface PaoWin {
  winner: number;
  dealer: number;
  /** The player who fed the deciding pon or kan. */
  liable: number;
  /** The player who dealt in; absent (or the winner) on tsumo. */
  discarder?: number;
  honba: number;
}

/**
 * What the liable player answers for when several yakuman stack: only the pao'd yakuman
 * ('paoYakuman': Mahjong Soul, M-League, WRC practice), or the whole hand ('whole': Tenhou's
 * manual, "複合役満を含む得点を、ツモ＝全額・ロン＝折半で支払う。積み棒は包。").
 */
export type PaoScope = 'paoYakuman' | 'whole';

/** Whether the ruleset makes a feeder liable for this yakuman (`pao`). */
export const isPaoYakuman = (id: YakuId, rules: Ruleset): boolean =>
  (id === 'daisangen' && rules.pao.daisangen) || (id === 'daisuushii' && rules.pao.daisuushii) || (id === 'suukantsu' && rules.pao.suukantsu);

/**
 * Score deltas per seat (riichi sticks excluded) for a yakuman win with pao, or null when no
 * pao'd yakuman is in the result (or the liable player is the winner).
 * Tsumo: the liable player pays the pao'd part in full. Ron: the liable player and the
 * discarder pay half of it each (the whole of it when they are the same player). Any yakuman
 * beyond the pao'd part is paid the ordinary way. The honba are the liable player's, as on
 * Tenhou ("積み棒は包") and the platforms that pay only the pao'd part.
 */
export function paoPayments(result: ScoreResult, win: PaoWin, rules: Ruleset, scope: PaoScope = 'paoYakuman'): number[] | null {
  let paoMultiple = 0;
  for (const y of result.yaku) if (isPaoYakuman(y.id, rules)) paoMultiple += y.yakuman ?? 1;
  if (paoMultiple === 0 || win.liable === win.winner) return null;
  if (scope === 'whole') paoMultiple = result.yakuman;
  const restBase = (result.yakuman - paoMultiple) * YAKUMAN_BASE;
  const dealerWins = win.winner === win.dealer;
  const paoPoints = paoMultiple * YAKUMAN_BASE * (dealerWins ? 6 : 4);
  const honbaTotal = win.honba * rules.honbaPoints;
  const deltas = [0, 0, 0, 0];
  const tsumo = win.discarder === undefined || win.discarder === win.winner;
  if (tsumo) {
    deltas[win.liable] -= paoPoints + honbaTotal;
    if (restBase > 0) {
      for (let seat = 0; seat < 4; seat++) {
        if (seat === win.winner) continue;
        deltas[seat] -= ceil100(dealerWins || seat === win.dealer ? restBase * 2 : restBase);
      }
    }
  } else {
    const rest = ceil100(restBase * (dealerWins ? 6 : 4));
    deltas[win.liable] -= paoPoints / 2 + honbaTotal;
    deltas[win.discarder!] -= paoPoints / 2 + rest;
  }
  deltas[win.winner] = -(deltas[0] + deltas[1] + deltas[2] + deltas[3]);
  return deltas;
}
