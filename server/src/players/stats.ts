import type { PlayerStats } from '@jantaku/shared/api/players';
import type { HandLog } from '@jantaku/shared/game/game';
import type { Seat, Standing, WinRecord } from '@jantaku/shared/game/types';
import { isOpenMeld } from '@jantaku/shared/tiles/meld';

/**
 * A player's statistics, computed from finished games rebuilt from their logs (never kept
 * apart from them, so they always equal what the logs say). Rates of wins, deal-ins, riichi and
 * calls are per hand played, as Tenhou counts 和了率, 放銃率, 立直率 and 副露率; placement rates
 * per game; the tsumo rate per win.
 */

/** What a stats computation needs of a finished game: its hands and its final table. */
export interface FinishedHands {
  hands: readonly HandLog[];
  standings: readonly Standing[] | null;
}

/** A referee's fault as the game record keeps it (`result.faults`). */
export interface SeatFault {
  seat: number;
  rule: string;
  cancelled?: boolean;
}

/** What one seat of one finished game contributes. */
export interface SeatGame {
  /** 1..4 (tied players share a rank where the rules say so). */
  placement: number;
  /** Final table points. */
  score: number;
  /** Final score in global points (uma, oka, penalties). */
  final: number;
  /** Hands played to an end (redeals after a chombo included). */
  hands: number;
  wins: number;
  tsumo: number;
  /** Hands in which this seat's discard (or added kan) was won on. */
  dealIns: number;
  /** Hands in which this seat declared riichi. */
  riichi: number;
  /** Hands in which this seat made an open call (chii, pon, open or added kan). */
  calls: number;
  /** Each win's value: the hand's points, before honba and riichi sticks. */
  winValues: number[];
  /** Each deal-in's value: the points of the hand won on this seat's tile (each winner's, on a double ron). */
  dealInValues: number[];
  /** The referee's faults of this seat, by rule ID (cancelled ones not counted). */
  fouls: Record<string, number>;
}

const ceil100 = (n: number) => Math.ceil(n / 100) * 100;

/** A win's value from its base points: the hand alone, whatever the honba and sticks on the table. */
export function winValue(w: WinRecord, dealer: Seat): number {
  const base = w.score.basePoints;
  if (!w.tsumo) return ceil100(base * (w.winner === dealer ? 6 : 4));
  return w.winner === dealer ? 3 * ceil100(base * 2) : ceil100(base * 2) + 2 * ceil100(base);
}

/** What `seat` contributes to its player's statistics; null while the game has no final table. */
export function seatGame(game: FinishedHands, seat: Seat, faults: readonly SeatFault[] = []): SeatGame | null {
  const standing = game.standings?.find((s) => s.seat === seat);
  if (!standing) return null;
  const g: SeatGame = {
    placement: standing.rank,
    score: standing.points,
    final: standing.final,
    hands: 0,
    wins: 0,
    tsumo: 0,
    dealIns: 0,
    riichi: 0,
    calls: 0,
    winValues: [],
    dealInValues: [],
    fouls: {},
  };
  for (const hand of game.hands) {
    if (!hand.result) continue;
    g.hands++;
    const dealer = (hand.round % 4) as Seat;
    if (hand.steps.some((s) => s.type === 'discard' && s.seat === seat && s.riichi)) g.riichi++;
    if (hand.steps.some((s) => s.type === 'call' && s.seat === seat && isOpenMeld(s.meld))) g.calls++;
    if (hand.result.kind !== 'win') continue;
    let dealtIn = false;
    for (const w of hand.result.wins) {
      if (w.winner === seat) {
        g.wins++;
        if (w.tsumo) g.tsumo++;
        g.winValues.push(winValue(w, dealer));
      } else if (!w.tsumo && w.from === seat) {
        dealtIn = true;
        g.dealInValues.push(winValue(w, dealer));
      }
    }
    if (dealtIn) g.dealIns++;
  }
  for (const f of faults) if (f.seat === seat && !f.cancelled) g.fouls[f.rule] = (g.fouls[f.rule] ?? 0) + 1;
  return g;
}

const ratio = (n: number, d: number): number | null => (d === 0 ? null : n / d);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A player's statistics over their finished games (the profile's `stats`). */
export function aggregate(games: readonly SeatGame[]): PlayerStats {
  const total = (k: 'hands' | 'wins' | 'tsumo' | 'dealIns' | 'riichi' | 'calls') => sum(games.map((g) => g[k]));
  const hands = total('hands');
  const wins = total('wins');
  const winValues = games.flatMap((g) => g.winValues);
  const dealInValues = games.flatMap((g) => g.dealInValues);
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const g of games) counts[Math.min(4, Math.max(1, g.placement)) - 1]++;
  const fouls: Record<string, number> = {};
  for (const g of games) for (const [rule, n] of Object.entries(g.fouls)) fouls[rule] = (fouls[rule] ?? 0) + n;
  return {
    games: games.length,
    hands,
    averagePlacement: ratio(sum(games.map((g) => g.placement)), games.length),
    placements: games.length === 0 ? null : (counts.map((c) => c / games.length) as [number, number, number, number]),
    placementCounts: counts,
    wins,
    tsumo: total('tsumo'),
    dealIns: total('dealIns'),
    riichi: total('riichi'),
    calls: total('calls'),
    winRate: ratio(wins, hands),
    dealInRate: ratio(total('dealIns'), hands),
    riichiRate: ratio(total('riichi'), hands),
    callRate: ratio(total('calls'), hands),
    tsumoRate: ratio(total('tsumo'), wins),
    averageWin: ratio(sum(winValues), winValues.length),
    averageDealIn: ratio(sum(dealInValues), dealInValues.length),
    averageScore: ratio(sum(games.map((g) => g.score)), games.length),
    fouls,
  };
}
