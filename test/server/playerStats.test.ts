import { describe, expect, it } from 'vitest';
import { parseTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import type { Seat } from '@jantaku/shared/game/types';
import { aggregate, seatGame, type SeatGame } from '../../server/src/players/stats';
import { corpusFiles } from '../support/corpus';
import { logFacts, type Facts } from '../support/tenhou6Facts';

/**
 * A seat's statistics equal what the tenhou.net/6 log says (support/tenhou6Facts.ts reads them
 * straight from the log's JSON); the statistics come from the games the engine rebuilt by
 * replaying those logs.
 */
const games = corpusFiles('tenhou6/games');

describe('player statistics from the tenhou6 corpus', () => {
  it.each(games.map((f) => [f.name, f] as const))('%s: every seat contributes what its log says', (_, file) => {
    const replay = replayGame(parseTenhou6(file.text, file.path), undefined, { complete: true });
    expect(replay.matched).toBe(replay.hands.length);
    // The game as the engine rebuilt it, hand by hand; the last hand's game holds the final table.
    const rebuilt = { hands: replay.hands.flatMap((h) => h.game!.hands), standings: replay.hands.at(-1)!.game!.standings };
    const expected = logFacts(file.text.trim().split('\n').map((l) => (JSON.parse(l) as { log: [unknown[]] }).log[0]));
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const { final: _final, fouls, ...got } = seatGame(rebuilt, seat)!;
      expect(got).toEqual(expected[seat]);
      expect(fouls).toEqual({});
    }
  });

  it('aggregates the corpus as the sums of its logs say', () => {
    const perSeat = games.flatMap((file) => {
      const replay = replayGame(parseTenhou6(file.text, file.path), undefined, { complete: true });
      const rebuilt = { hands: replay.hands.flatMap((h) => h.game!.hands), standings: replay.hands.at(-1)!.game!.standings };
      return [0, 1, 2, 3].map((s) => seatGame(rebuilt, s as Seat)!);
    });
    const facts = games.flatMap((file) => logFacts(file.text.trim().split('\n').map((l) => (JSON.parse(l) as { log: [unknown[]] }).log[0])));
    const stats = aggregate(perSeat);
    const total = (k: keyof Facts) => facts.reduce((n, f) => n + (f[k] as number), 0);
    const wins = facts.flatMap((f) => f.winValues);
    const dealIns = facts.flatMap((f) => f.dealInValues);
    expect(stats.games).toBe(4 * games.length);
    expect(stats.hands).toBe(4 * 326);
    expect(stats.winRate).toBeCloseTo(total('wins') / total('hands'), 12);
    expect(stats.dealInRate).toBeCloseTo(total('dealIns') / total('hands'), 12);
    expect(stats.riichiRate).toBeCloseTo(total('riichi') / total('hands'), 12);
    expect(stats.callRate).toBeCloseTo(total('calls') / total('hands'), 12);
    expect(stats.tsumoRate).toBeCloseTo(total('tsumo') / total('wins'), 12);
    expect(stats.averageWin).toBeCloseTo(wins.reduce((a, b) => a + b, 0) / wins.length, 9);
    expect(stats.averageDealIn).toBeCloseTo(dealIns.reduce((a, b) => a + b, 0) / dealIns.length, 9);
    // Every game has one of each place.
    expect(stats.placementCounts).toEqual([games.length, games.length, games.length, games.length]);
    expect(stats.averagePlacement).toBe(2.5);
  });
});

describe('aggregate', () => {
  const game = (o: Partial<SeatGame>): SeatGame => ({ placement: 1, score: 25000, final: 0, hands: 0, wins: 0, tsumo: 0, dealIns: 0, riichi: 0, calls: 0, winValues: [], dealInValues: [], fouls: {}, ...o });

  it('counts rates per hand, tsumo per win and places per game', () => {
    const s = aggregate([
      game({ placement: 1, score: 40000, hands: 8, wins: 2, tsumo: 1, dealIns: 1, riichi: 2, calls: 3, winValues: [8000, 3900], dealInValues: [2000], fouls: { 'WRC-A': 1 } }),
      game({ placement: 3, score: 20000, hands: 12, wins: 1, tsumo: 0, dealIns: 2, riichi: 1, calls: 1, winValues: [1000], dealInValues: [12000, 7700], fouls: { 'WRC-A': 2, 'WRC-B': 1 } }),
    ]);
    expect(s).toMatchObject({ games: 2, hands: 20, averagePlacement: 2, placements: [0.5, 0, 0.5, 0], placementCounts: [1, 0, 1, 0] });
    expect(s).toMatchObject({ winRate: 3 / 20, dealInRate: 3 / 20, riichiRate: 3 / 20, callRate: 4 / 20, tsumoRate: 1 / 3 });
    expect(s.averageWin).toBeCloseTo(12900 / 3, 9);
    expect(s.averageDealIn).toBeCloseTo(21700 / 3, 9);
    expect(s.averageScore).toBe(30000);
    expect(s.fouls).toEqual({ 'WRC-A': 3, 'WRC-B': 1 });
  });

  it('has no rates without games', () => {
    const s = aggregate([]);
    expect(s).toMatchObject({ games: 0, hands: 0, averagePlacement: null, placements: null, winRate: null, tsumoRate: null, averageWin: null });
  });

  it("counts a seat's own uncancelled faults by rule", () => {
    const g = seatGame({ hands: [], standings: [{ seat: 2, rank: 4, points: 1000, penalty: 0, final: -50 }] }, 2, [
      { seat: 2, rule: 'WRC-X' },
      { seat: 2, rule: 'WRC-X' },
      { seat: 2, rule: 'WRC-Y', cancelled: true },
      { seat: 1, rule: 'WRC-Z' },
    ])!;
    expect(g.fouls).toEqual({ 'WRC-X': 2 });
    expect(g).toMatchObject({ placement: 4, score: 1000, final: -50 });
  });
});
