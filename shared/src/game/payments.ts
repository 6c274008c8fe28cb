import type { ScoreResult } from '../scoring/types';

const ceil100 = (x: number) => Math.ceil(x / 100) * 100;

export interface WinPayment {
  winner: number;
  from: number;
  tsumo: boolean;
  dealer: number;
  score: ScoreResult;
  /** Riichi sticks (in points) collected by this winner. */
  sticks: number;
  /** Seat liable for a yakuman (pao), and how many yakuman of the hand it is liable for. */
  pao: number | null;
  paoYakuman: number;
  honba: number;
  honbaPoints: number;
}

/**
 * Score changes of one win. `score.payment` already holds the honba of this win. With pao the
 * liable seat pays the whole liable part on tsumo, or half of it beside the discarder on ron.
 */
export function winDeltas(p: WinPayment): number[] {
  const d = [0, 0, 0, 0];
  const pay = (from: number, amount: number) => {
    d[from] -= amount;
    d[p.winner] += amount;
  };
  const honbaTotal = p.honba * p.honbaPoints;
  let liable = 0;
  if (p.pao !== null && p.paoYakuman > 0) {
    liable = (p.winner === p.dealer ? 48000 : 32000) * p.paoYakuman;
    const share = p.tsumo ? liable : liable / 2;
    pay(p.pao, share + (p.tsumo ? honbaTotal : 0));
    if (!p.tsumo) pay(p.from, share);
  }
  const remainingYakuman = p.score.yakuman - (liable > 0 ? p.paoYakuman : 0);
  if (liable > 0) {
    // What is left beyond the liable yakuman is paid normally.
    if (remainingYakuman > 0) {
      const base = 8000 * remainingYakuman;
      if (p.tsumo) for (let s = 0; s < 4; s++) { if (s !== p.winner) pay(s, ceil100(base * (p.winner === p.dealer || s === p.dealer ? 2 : 1))); }
      else pay(p.from, ceil100(base * (p.winner === p.dealer ? 6 : 4)));
    }
    if (!p.tsumo) pay(p.from, honbaTotal);
  } else if (p.tsumo) {
    for (let s = 0; s < 4; s++) {
      if (s === p.winner) continue;
      pay(s, s === p.dealer ? p.score.payment.tsumoDealer! : p.score.payment.tsumoNonDealer!);
    }
  } else pay(p.from, p.score.payment.ron!);
  d[p.winner] += p.sticks;
  return d;
}

/** Nagashi mangan, paid as a mangan tsumo without honba. */
export function manganTsumoDeltas(seat: number, dealer: number): number[] {
  const d = [0, 0, 0, 0];
  for (let s = 0; s < 4; s++) {
    if (s === seat) continue;
    const amount = seat === dealer || s === dealer ? 4000 : 2000;
    d[s] -= amount;
    d[seat] += amount;
  }
  return d;
}

/** EMA12-NOTEN-PAY: the noten seats pay the tenpai seats `total` in all. */
export function notenDeltas(tenpai: readonly number[], total: number): number[] {
  const d = [0, 0, 0, 0];
  if (tenpai.length === 0 || tenpai.length === 4) return d;
  for (let s = 0; s < 4; s++) d[s] = tenpai.includes(s) ? total / tenpai.length : -total / (4 - tenpai.length);
  return d;
}
