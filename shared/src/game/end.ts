import type { Ruleset } from '../rules';
import type { PenaltyRecord, Seat, Standing } from './types';

interface EndState {
  round: number;
  scores: number[];
  rules: Ruleset;
  dealer: number;
}

/** Ranks by points; ties go to the seat nearer the first dealer (seat 0). */
export function ranking(scores: readonly number[]): number[] {
  return [0, 1, 2, 3].sort((a, b) => scores[b] - scores[a] || a - b);
}

export type HandEnd = 'win' | 'exhaustive' | 'abortive';

/**
 * Whether the game ends after this hand. `dealerKeeps`: the dealer keeps the deal; `end`: how
 * the hand ended (agari-yame applies to wins, tenpai-yame to exhaustive draws).
 */
export function isGameOver(g: EndState, dealerKeeps: boolean, end: HandEnd): boolean {
  const r = g.rules;
  if (r.bust && g.scores.some((s) => s < 0)) return true;
  const lastRound = r.length === 'hanchan' ? 7 : 3;
  if (g.round < lastRound) return false;
  // The extension is one more wind at most (West after South, South after East); each of its
  // hands ends the game like the last one once somebody has the return points.
  const finalRound = r.westExtension ? lastRound + 4 : lastRound;
  if (dealerKeeps) {
    const top = ranking(g.scores)[0] === g.dealer;
    const stop = end === 'win' ? r.agariYame : end === 'exhaustive' && r.tenpaiYame;
    return stop && top && g.scores[g.dealer] >= r.returnPoints;
  }
  if (g.round >= finalRound) return true;
  if (!r.westExtension) return true;
  return g.scores.some((s) => s >= r.returnPoints);
}

/**
 * Final table: rank, points, and the score in global points (uma, oka to the first, leftover
 * sticks to the first). Tied players either rank by seat order or share their places' uma, oka
 * and leftover sticks equally (`tiedRanks`). Penalty points come off the final score only
 * (WRC-P-POINTS): they change neither table points nor ranks.
 */
export function finalStandings(scores: readonly number[], riichiSticks: number, r: Ruleset, penalties: readonly PenaltyRecord[] = []): Standing[] {
  const order = ranking(scores);
  const oka = ((r.returnPoints - r.startPoints) * 4) / 1000;
  const bonus = [r.uma[0] + oka, r.uma[1], r.uma[2], r.uma[3]];
  const sticks = r.leftoverSticksToWinner ? riichiSticks * r.riichiStick : 0;
  const points = [...scores];
  const extra = [0, 0, 0, 0];
  if (r.tiedRanks === 'seatOrder') {
    points[order[0]] += sticks;
    order.forEach((seat, rank) => (extra[seat] = bonus[rank]));
  } else {
    const first = order.filter((seat) => scores[seat] === scores[order[0]]);
    for (const seat of first) points[seat] += sticks / first.length;
    for (let rank = 0; rank < 4; ) {
      const tied = order.slice(rank).filter((seat) => scores[seat] === scores[order[rank]]);
      const share = bonus.slice(rank, rank + tied.length).reduce((a, b) => a + b, 0) / tied.length;
      for (const seat of tied) extra[seat] = share;
      rank += tied.length;
    }
  }
  const penalty = (seat: number) => penalties.filter((p) => p.seat === seat).reduce((n, p) => n + p.points, 0);
  return order.map((seat, i) => ({
    seat: seat as Seat,
    rank: r.tiedRanks === 'shareUma' ? order.findIndex((x) => scores[x] === scores[seat]) + 1 : i + 1,
    points: points[seat],
    penalty: penalty(seat),
    final: round1((points[seat] - r.returnPoints) / 1000 + extra[seat] - penalty(seat)),
  }));
}

const round1 = (x: number) => Math.round(x * 10) / 10;
