import type { ScoreResult } from '../scoring/types';
import type { Ruleset } from '../rules';
import { paoPayments } from '../scoring/payment';

export interface WinPayment {
  winner: number;
  from: number;
  tsumo: boolean;
  dealer: number;
  score: ScoreResult;
  /** Riichi sticks (in points) collected by this winner. */
  sticks: number;
  /** Seat liable for a daisangen / daisuushii it fed (pao), if any. */
  pao: number | null;
  honba: number;
}

/** Score changes of one win: `score.payment` (honba included), or the pao split, plus the sticks. */
export function winDeltas(p: WinPayment, rules: Ruleset): number[] {
  const pao = p.pao === null ? null
    : paoPayments(p.score, { winner: p.winner, dealer: p.dealer, liable: p.pao, discarder: p.tsumo ? undefined : p.from, honba: p.honba }, rules, rules.pao.scope);
  const d = pao ? [...pao] : [0, 0, 0, 0];
  if (!pao) {
    const pay = (from: number, amount: number) => {
      d[from] -= amount;
      d[p.winner] += amount;
    };
    if (p.tsumo) {
      for (let s = 0; s < 4; s++) if (s !== p.winner) pay(s, s === p.dealer ? p.score.payment.tsumoDealer! : p.score.payment.tsumoNonDealer!);
    } else pay(p.from, p.score.payment.ron!);
  }
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
