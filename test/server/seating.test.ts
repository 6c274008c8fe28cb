import { describe, expect, it } from 'vitest';
import { assignWinds, isPlaceholder, randomRound, scheduleRounds, seatingReport, swissRound, type Table } from '../../server/src/tournaments/seating';

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

/** Every round seats every player exactly once, four to a table. */
function expectValidRounds(rounds: Table[][], ids: string[]) {
  for (const round of rounds) {
    const seated = round.flat();
    expect(round.every((t) => t.length === 4)).toBe(true);
    expect(seated.filter((x) => !isPlaceholder(x)).sort()).toEqual([...ids].sort());
    expect(new Set(seated).size).toBe(seated.length);
    expect(seated.length % 4).toBe(0);
  }
}

describe('tournament seating', () => {
  it('schedule, 16 players over 4 rounds: nobody meets anyone twice, and each player sits in each wind once', () => {
    const ids = players(16);
    const rounds = scheduleRounds(ids, 4, 'event-1');
    expectValidRounds(rounds, ids);
    const report = seatingReport(rounds);
    expect(report.repeatPairs).toBe(0);
    expect(report.maxMeetings).toBe(1);
    for (const id of ids) expect(report.winds[id]).toEqual([1, 1, 1, 1]);
    expect(report.windSpread).toBe(0);
    // 16 players × 3 opponents × 4 rounds / 2 = 96 distinct pairs met.
    const pairs = new Set(rounds.flatMap((r) => r.flatMap((t) => t.flatMap((a, i) => t.slice(i + 1).map((b) => [a, b].sort().join('-'))))));
    expect(pairs.size).toBe(96);
  });

  it('schedule, 16 players over 5 rounds: every pair meets exactly once (the affine plane of order 4)', () => {
    const rounds = scheduleRounds(players(16), 5, 'event-2');
    const report = seatingReport(rounds);
    expect(report.repeatPairs).toBe(0);
    expect(new Set(rounds.flatMap((r) => r.flatMap((t) => t.flatMap((a, i) => t.slice(i + 1).map((b) => [a, b].sort().join('-')))))).size).toBe(120);
    // Five rounds: a wind at most twice.
    for (const c of Object.values(report.winds)) expect(Math.max(...c)).toBeLessThanOrEqual(2);
  });

  it('schedule for other sizes: repeats counted honestly, winds within one of each other', () => {
    const ids = players(24);
    const rounds = scheduleRounds(ids, 4, 'event-3');
    expectValidRounds(rounds, ids);
    const report = seatingReport(rounds);
    // 24 players, 4 rounds: each meets 12 of 23; the search finds a schedule without repeats.
    expect(report.repeatPairs).toBe(0);
    expect(report.windSpread).toBeLessThanOrEqual(1);
    // 8 players over 3 rounds cannot avoid repeats (each meets 9 times, only 7 others): the report says so.
    const small = seatingReport(scheduleRounds(players(8), 3, 'event-4'));
    expect(small.repeatPairs).toBeGreaterThan(0);
    expect(small.maxMeetings).toBeGreaterThan(1);
  });

  it('placeholders fill a number of players that is not a multiple of 4, at most one per table', () => {
    for (const n of [13, 14, 15, 18, 21]) {
      const ids = players(n);
      for (const rounds of [scheduleRounds(ids, 4, `pad-${n}`), [randomRound(ids, `r-${n}`)], [swissRound(ids)]]) {
        expectValidRounds(rounds, ids);
        for (const round of rounds) {
          expect(round.length).toBe(Math.ceil(n / 4));
          for (const t of round) expect(t.filter(isPlaceholder).length).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(seatingReport(scheduleRounds(players(13), 4, 'pad')).repeatPairs).toBe(0);
  });

  it('random seating is fixed by its seed and differs between seeds', () => {
    const ids = players(16);
    expect(randomRound(ids, 'a')).toEqual(randomRound(ids, 'a'));
    expect(randomRound(ids, 'a')).not.toEqual(randomRound(ids, 'b'));
  });

  it('Swiss seats by standing, best four together, and evens winds against the rounds before', () => {
    const history: Table[][] = [[['p01', 'p02', 'p03', 'p04'], ['p05', 'p06', 'p07', 'p08']]];
    const standing = ['p05', 'p01', 'p06', 'p02', 'p07', 'p03', 'p08', 'p04'];
    const round = swissRound(standing, history);
    expect(round.map((t) => [...t].sort())).toEqual([['p01', 'p02', 'p05', 'p06'], ['p03', 'p04', 'p07', 'p08']]);
    // Nobody keeps the wind they had.
    const before = new Map(history[0].flatMap((t) => t.map((p, seat) => [p, seat] as const)));
    for (const t of round) t.forEach((p, seat) => expect(seat).not.toBe(before.get(p)));
  });

  it('assignWinds: fixed groups over 4 rounds get each wind once per player', () => {
    const ids = players(16);
    const groups = [0, 1, 2, 3].map(() => [ids.slice(0, 4), ids.slice(4, 8), ids.slice(8, 12), ids.slice(12)]);
    const report = seatingReport(assignWinds(groups));
    for (const id of ids) expect(report.winds[id]).toEqual([1, 1, 1, 1]);
    // Same groups every round: all of them repeats.
    expect(report.repeatPairs).toBe(24);
  });

  it('refuses a list with a duplicate or a placeholder-looking id', () => {
    expect(() => randomRound(['a', 'b', 'a', 'c'], 's')).toThrow(/twice/);
    expect(() => swissRound(['a', 'substitute#1'])).toThrow(/may not start/);
    expect(() => scheduleRounds(players(8), 0, 's')).toThrow(/rounds/);
  });
});
