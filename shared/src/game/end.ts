import type { Ruleset } from '../rules';
import type { Seat, Standing } from './types';

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

/**
 * Whether the game ends after this hand. `dealerKeeps`: the dealer keeps the deal; `win`: the
 * hand was won (agari-yame applies to wins only).
 */
export function isGameOver(g: EndState, dealerKeeps: boolean, win: boolean): boolean {
  const r = g.rules;
  if (r.bust && g.scores.some((s) => s < 0)) return true;
  const lastRound = r.length === 'hanchan' ? 7 : 3;
  if (g.round < lastRound) return false;
  // The extension is one more wind at most (West after South, South after East); each of its
  // hands ends the game like the last one once somebody has the return points.
  const finalRound = r.westExtension ? lastRound + 4 : lastRound;
  if (dealerKeeps) {
    const top = ranking(g.scores)[0] === g.dealer;
    if (r.agariYame && win && top && g.scores[g.dealer] >= r.returnPoints) return true;
    return false;
  }
  if (g.round >= finalRound) return true;
  if (!r.westExtension) return true;
  return g.scores.some((s) => s >= r.returnPoints);
}

/** Final table: rank, points, and the score in global points (uma, oka to the first, leftover sticks to the first). */
export function finalStandings(scores: readonly number[], riichiSticks: number, r: Ruleset): Standing[] {
  const order = ranking(scores);
  const points = [...scores];
  if (r.leftoverSticksToWinner) points[order[0]] += riichiSticks * r.riichiStick;
  const oka = ((r.returnPoints - r.startPoints) * 4) / 1000;
  return order.map((seat, rank) => ({
    seat: seat as Seat,
    rank: rank + 1,
    points: points[seat],
    final: round1((points[seat] - r.returnPoints) / 1000 + r.uma[rank] + (rank === 0 ? oka : 0)),
  }));
}

const round1 = (x: number) => Math.round(x * 10) / 10;
