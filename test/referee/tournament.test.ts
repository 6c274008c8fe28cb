/**
 * The tournament layer (docs/REFEREE.md §3.5, §3.9): global scores across hanchans, the
 * penalty-point ledger, late arrival, missed hanchans and substitutes, abandoned and void
 * hanchans, cheating and disqualification, the ranking, and the serialised form.
 */
import { describe, expect, it } from 'vitest';
import { finalStandings } from '@jantaku/shared/game/end';
import { Game } from '@jantaku/shared/game/game';
import type { PenaltyRecord } from '@jantaku/shared/game/types';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { Referee } from '@jantaku/shared/referee/referee';
import {
  Tournament,
  TournamentError,
  WRC_TOURNAMENT,
  latePenalty,
  reduceTournament,
  type HanchanScore,
} from '@jantaku/shared/referee/tournament';

const MIN = 60_000;

/** Four players A–D (and substitutes S1, S2), one hanchan per entry of `tables`. */
function tournament(tables: [id: string, ruleset: string, seats?: [string, string, string, string]][] = []): Tournament {
  const t = new Tournament({ name: 'test cup' });
  for (const p of ['A', 'B', 'C', 'D']) t.addPlayer(p, `Player ${p}`);
  t.addSubstitute('S1', 'Substitute 1').addSubstitute('S2', 'Substitute 2');
  for (const [id, ruleset, seats] of tables) t.schedule(id, ruleset, seats ?? ['A', 'B', 'C', 'D']);
  return t;
}

const total = (t: Tournament, p: string) => t.scoreOf(p).total;
const totals = (t: Tournament, ...ps: string[]) => ps.map((p) => total(t, p));
const row = (t: Tournament, p: string, h: string): HanchanScore | undefined => t.scoreOf(p).hanchans.find((x) => x.hanchan === h);
const ranking = (t: Tournament) => t.ranking().map((r) => [r.rank, r.player, r.total]);
const ledger = (t: Tournament, p: string) => t.state.ledger.filter((l) => l.player === p);

describe('global scores and the penalty-point ledger', () => {
  it('WRC-P-POINTS: 20 penalty points come off the offender\'s global score only; table points and the others\' scores do not change', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    expect(totals(t, 'A', 'B', 'C', 'D')).toEqual([25, 10, -10, -25]);
    t.penalty('A', 'WRC-F-PHONE', 20, 'phone rang');
    expect(totals(t, 'A', 'B', 'C', 'D')).toEqual([5, 10, -10, -25]);
    expect(t.scoreOf('A')).toMatchObject({ games: 25, ledger: 20, inGame: 0, total: 5 });
    // The hanchan's table points and score stand as they were.
    expect(row(t, 'A', 'h1')).toMatchObject({ kind: 'played', points: 40_000, score: 25, rank: 1 });
    expect(ledger(t, 'A')).toEqual([{ player: 'A', rule: 'WRC-F-PHONE', points: 20, note: 'phone rang', counted: true }]);
    expect(ranking(t)).toEqual([[1, 'B', 10], [2, 'A', 5], [3, 'C', -10], [4, 'D', -25]]);
  });

  it('WRC-P-POINTS-RATE: a penalty of 20 global points weighs as much as 20,000 table points at the same rank', () => {
    const withPenalty = tournament([['h1', 'wrc2015']]);
    const penalty: PenaltyRecord[] = [{ seat: 0, rule: 'WRC-P-CHOMBO', points: 20, hand: 3 }];
    withPenalty.recordTable('h1', [60_000, 25_000, 20_000, 15_000], 0, penalty);
    const fewerPoints = tournament([['h1', 'wrc2015']]);
    fewerPoints.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    // (60,000 − 30,000)/1,000 + 15 − 20 = 25 = (40,000 − 30,000)/1,000 + 15.
    expect(total(withPenalty, 'A')).toBe(25);
    expect(total(fewerPoints, 'A')).toBe(25);
    expect(row(withPenalty, 'A', 'h1')).toMatchObject({ points: 60_000, gamePenalty: 20, score: 25 });
    // A ledger entry outside the game is the same rate.
    const ledgerEntry = tournament([['h1', 'wrc2015']]);
    ledgerEntry.recordTable('h1', [60_000, 25_000, 20_000, 15_000]).penalty('A', 'WRC-P-POINTS', 20);
    expect(total(ledgerEntry, 'A')).toBe(25);
    expect(total(ledgerEntry, 'B')).toBe(total(withPenalty, 'B'));
  });

  it('WRC-P-POINTS-EXAMPLE: 40,000 first gives 25; a dead-hand call in hanchan 2 leaves 5 with 30,000 on the table', () => {
    const wrc = makeRuleset('wrc2015');
    const t = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015']]);
    // Hanchan 1: the engine's standings, first on 40,000.
    const standings = finalStandings([40_000, 33_000, 27_000, 20_000], 0, wrc);
    expect(standings[0]).toEqual({ seat: 0, rank: 1, points: 40_000, penalty: 0, final: 25 });
    t.record('h1', standings);
    expect(total(t, 'A')).toBe(25);
    // Hanchan 2 starts on 30,000; a call with an announced dead hand costs 20 points in the game's ledger.
    const game = new Game({ rules: wrc, seed: 'points-example' });
    t.syncGame('h2', { game, faults: [] });
    expect(total(t, 'A')).toBe(25);
    game.penalize(0, 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', 20);
    expect(game.scores[0]).toBe(30_000);
    t.syncGame('h2', { game, faults: [] });
    expect(t.scoreOf('A')).toMatchObject({ games: 25, inGame: 20, ledger: 0, total: 5 });
    expect(row(t, 'A', 'h2')).toMatchObject({ kind: 'inProgress', score: 0, gamePenalty: 20 });
    // When hanchan 2 ends level (all on 30,000: uma shared, 0 each) its final carries the 20, counted once.
    t.recordTable('h2', [30_000, 30_000, 30_000, 30_000], 0, game.penalties);
    expect(row(t, 'A', 'h2')).toMatchObject({ kind: 'played', points: 30_000, score: -20, gamePenalty: 20 });
    expect(t.scoreOf('A')).toMatchObject({ games: 5, inGame: 0, total: 5 });
    // The same 20 given as a ledger entry tied to hanchan 2 gives the same global score.
    const viaLedger = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015']]);
    viaLedger.record('h1', standings).penalty('A', 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', 20, 'pon with a dead hand', 'h2');
    expect(total(viaLedger, 'A')).toBe(5);
  });

  it('uma and oka follow each hanchan\'s ruleset: tenhou gives the oka and leftover sticks to the first, wrc2015 has no oka', () => {
    const t = tournament([['h1', 'tenhou'], ['h2', 'wrc2015', ['B', 'A', 'D', 'C']]]);
    // Tenhou: 25,000 start, 30,000 return → oka 20 to the first, uma 20/10/−10/−20; one stick left goes to the first.
    t.recordTable('h1', [44_000, 25_000, 20_000, 10_000], 1);
    expect(row(t, 'A', 'h1')).toMatchObject({ points: 45_000, score: 55 }); // 15 + 20 uma + 20 oka
    expect([row(t, 'B', 'h1')!.score, row(t, 'C', 'h1')!.score, row(t, 'D', 'h1')!.score]).toEqual([5, -20, -40]);
    // WRC 2015: 30,000 start and return → no oka, uma 15/5/−5/−15. Seat 0 is B here.
    t.recordTable('h2', [40_000, 35_000, 25_000, 20_000]);
    expect([row(t, 'B', 'h2')!.score, row(t, 'A', 'h2')!.score, row(t, 'D', 'h2')!.score, row(t, 'C', 'h2')!.score]).toEqual([25, 10, -10, -25]);
    expect(totals(t, 'A', 'B', 'C', 'D')).toEqual([65, 30, -45, -50]);
    expect(ranking(t)).toEqual([[1, 'A', 65], [2, 'B', 30], [3, 'C', -45], [4, 'D', -50]]);
    // Each hanchan's scores sum to zero.
    for (const h of ['h1', 'h2']) expect(['A', 'B', 'C', 'D'].reduce((n, p) => n + row(t, p, h)!.score, 0)).toBe(0);
  });

  it('equal global scores share a rank, listed in registration order', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]).penalty('A', 'WRC-P-POINTS', 15);
    expect(ranking(t)).toEqual([[1, 'A', 10], [1, 'B', 10], [3, 'C', -10], [4, 'D', -25]]);
  });
});

describe('late arrival, missed hanchans and substitutes', () => {
  it('WRC-F-LATE-1-10: 1 point per started minute: 4 min 10 s late costs 5 points, 10 min exactly 10', () => {
    expect(latePenalty(0)).toEqual({ rule: null, points: 0 });
    expect(latePenalty(1)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 1 });
    expect(latePenalty(MIN)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 1 });
    expect(latePenalty(MIN + 1)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 2 });
    expect(latePenalty(10 * MIN)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 10 });
    const t = tournament([['h1', 'wrc2015']]);
    expect(t.late('h1', 'B', 4 * MIN + 10_000)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 5 });
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    expect(t.scoreOf('B')).toMatchObject({ games: 10, ledger: 5, total: 5 });
    expect(ledger(t, 'B')).toEqual([{ player: 'B', rule: 'WRC-F-LATE-1-10', points: 5, note: '250 s late', hanchan: 'h1', counted: true }]);
    // A late player plays: the seat is still his.
    expect(t.state.hanchans[0].players).toEqual(['A', 'B', 'C', 'D']);
    // One arrival per player per hanchan.
    expect(() => t.late('h1', 'B', MIN)).toThrow(TournamentError);
  });

  it('WRC-F-LATE: lateness is measured from the table\'s scheduled start', () => {
    const t = tournament();
    t.schedule('h1', 'wrc2015', ['A', 'B', 'C', 'D'], 1_000_000);
    expect(t.arrived('h1', 'A', 1_000_000 - 30_000)).toEqual({ rule: null, points: 0 });
    expect(t.arrived('h1', 'C', 1_000_000 + 4 * MIN + 10_000)).toEqual({ rule: 'WRC-F-LATE-1-10', points: 5 });
    expect(ledger(t, 'A')).toEqual([]);
    expect(ledger(t, 'C').map((l) => l.points)).toEqual([5]);
    expect(t.state.hanchans[0].arrivals).toEqual([{ player: 'A', lateMs: 0 }, { player: 'C', lateMs: 250_000 }]);
    // Without a scheduled start there is nothing to measure from.
    t.schedule('h2', 'wrc2015', ['A', 'B', 'C', 'D']);
    expect(() => t.arrived('h2', 'A', 5)).toThrow(/no scheduled start/);
  });

  it('WRC-F-LATE-OVER-10: 10 min 1 s late seats a substitute for the hanchan and the player scores 0 for it', () => {
    const t = tournament([['h1', 'wrc2015']]);
    expect(t.late('h1', 'C', 10 * MIN + 1000, 'S1')).toEqual({ rule: 'WRC-F-LATE-OVER-10', points: 30, substitute: true });
    const h = t.state.hanchans[0];
    expect(h.players).toEqual(['A', 'B', 'S1', 'D']);
    expect(h.absences).toEqual([{ player: 'C', seat: 2, rule: 'WRC-F-LATE-OVER-10', lateMs: 601_000 }]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    expect(row(t, 'C', 'h1')).toEqual({ hanchan: 'h1', seat: 2, kind: 'missed', score: 0, gamePenalty: 0 });
    expect(row(t, 'S1', 'h1')).toMatchObject({ kind: 'played', score: -10 });
    expect(t.scoreOf('C')).toMatchObject({ games: 0, ledger: 30, total: -30 });
    // Under the limit there is no substitute.
    const u = tournament([['h1', 'wrc2015']]);
    expect(() => u.late('h1', 'C', 10 * MIN, 'S1')).toThrow(/no substitute/);
    expect(u.events).toHaveLength(7); // 6 registrations and the hanchan: the refused command left nothing
  });

  it('WRC-F-MISSED: a missed hanchan scores 0 for the player, however it was missed, whatever the seat made', () => {
    const t = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015'], ['h3', 'wrc2015']]);
    t.missed('h1', 'A', 'S1');
    t.late('h2', 'A', 15 * MIN, 'S1');
    t.abandon('h3', 'A', { substitute: 'S1', missed: true });
    // The seat (0) comes first every time: 25 for the substitute, 0 for A.
    for (const h of ['h1', 'h2', 'h3']) t.recordTable(h, [40_000, 35_000, 25_000, 20_000]);
    expect(t.scoreOf('A').hanchans.map((x) => [x.hanchan, x.kind, x.score])).toEqual([
      ['h1', 'missed', 0],
      ['h2', 'missed', 0],
      ['h3', 'missed', 0],
    ]);
    expect(t.scoreOf('A')).toMatchObject({ games: 0, ledger: 90, total: -90 });
    expect(t.scoreOf('S1')).toMatchObject({ games: 75, ranked: false });
  });

  it('WRC-F-MISSED-PENALTY: a missed hanchan scores 0 and costs 30 points', () => {
    const t = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015']]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    t.missed('h2', 'A', 'S1', 'stuck in traffic');
    t.recordTable('h2', [40_000, 35_000, 25_000, 20_000]);
    expect(row(t, 'A', 'h2')).toMatchObject({ kind: 'missed', score: 0 });
    expect(ledger(t, 'A')).toEqual([{ player: 'A', rule: 'WRC-F-MISSED-PENALTY', points: 30, note: 'stuck in traffic', hanchan: 'h2', counted: true }]);
    expect(t.scoreOf('A')).toMatchObject({ games: 25, ledger: 30, total: -5 });
    expect(WRC_TOURNAMENT.missedPoints).toBe(30);
    // Missing the same hanchan twice, or a hanchan already played, is refused.
    expect(() => t.missed('h2', 'A')).toThrow(TournamentError);
    expect(() => t.missed('h1', 'B')).toThrow(/finished/);
  });

  it('WRC-F-MISSED-SUB-SCORE: the substitute\'s result counts for the table and is not ranked', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.missed('h1', 'D');
    expect(t.state.hanchans[0].players).toEqual(['A', 'B', 'C', null]);
    t.substitute('h1', 'D', 'S1');
    t.recordTable('h1', [25_000, 35_000, 20_000, 40_000]);
    // The substitute took first place: the others' scores are what the table gave them.
    expect(totals(t, 'A', 'B', 'C')).toEqual([-10, 10, -25]);
    expect(t.scoreOf('S1')).toMatchObject({ role: 'substitute', ranked: false, total: 25 });
    expect(t.scoreOf('D')).toMatchObject({ ranked: true, games: 0, total: -30 });
    expect(ranking(t)).toEqual([[1, 'B', 10], [2, 'A', -10], [3, 'C', -25], [4, 'D', -30]]);
    // A ranked player cannot stand in, and a seated player needs no substitute.
    const u = tournament([['h1', 'wrc2015']]);
    u.missed('h1', 'D');
    expect(() => u.substitute('h1', 'D', 'A')).toThrow(/not registered as a substitute/);
    expect(() => u.substitute('h1', 'C', 'S2')).toThrow(/neither absent/);
    expect(() => u.schedule('h2', 'wrc2015', ['A', 'B', 'C', 'S1'])).toThrow(/substitute/);
  });

  it('fill: with a number of players not a multiple of 4, a substitute plays a named seat from the start, scored and never ranked', () => {
    const t = tournament();
    t.schedule('h1', 'wrc2015', ['A', 'B', 'S1', 'C'], undefined, [2]);
    t.recordTable('h1', [40_000, 30_000, 20_000, 10_000]);
    const r = makeRuleset('wrc2015');
    // Third place: the seat's table points against the return points, and third place's uma.
    expect(t.scoreOf('S1')).toMatchObject({ role: 'substitute', ranked: false, games: (20_000 - r.returnPoints) / 1000 + r.uma[2] });
    // D has not played (0); C came last behind the substitute.
    expect(ranking(t).map((x) => x[1])).toEqual(['A', 'B', 'D', 'C']);
    // Only the seats named: a substitute elsewhere, or a player in a named seat, is refused.
    expect(() => t.schedule('h2', 'wrc2015', ['A', 'B', 'S1', 'C'], undefined, [3])).toThrow(/substitute/);
    expect(() => t.schedule('h2', 'wrc2015', ['A', 'B', 'S1', 'C'], undefined, [1, 2])).toThrow(/"B" fills seat 1 but is not a substitute/);
  });

  it('WRC-F-MISSED-LATE-CAP: 10 min late then substituted costs 30, not 40; 11 min late costs 30, not 41', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.late('h1', 'B', 10 * MIN);
    expect(t.scoreOf('B').ledger).toBe(10);
    t.missed('h1', 'B', 'S1');
    expect(t.scoreOf('B').ledger).toBe(30);
    expect(ledger(t, 'B')).toEqual([
      { player: 'B', rule: 'WRC-F-LATE-1-10', points: 10, note: '600 s late', hanchan: 'h1', counted: false, cappedBy: 'WRC-F-MISSED-LATE-CAP' },
      { player: 'B', rule: 'WRC-F-MISSED-PENALTY', points: 30, note: 'missed hanchan', hanchan: 'h1', counted: true },
    ]);
    t.late('h1', 'C', 11 * MIN, 'S2');
    expect(t.scoreOf('C').ledger).toBe(30);
    expect(ledger(t, 'C').map((l) => [l.rule, l.points])).toEqual([['WRC-F-MISSED-PENALTY', 30]]);
    // A late entry the referee adds by hand for that hanchan is absorbed too; one for another hanchan is not.
    t.penalty('C', 'WRC-F-LATE-1-10', 3, 'by hand', 'h1');
    expect(t.scoreOf('C').ledger).toBe(30);
    t.schedule('h2', 'wrc2015', ['A', 'B', 'C', 'D']).penalty('C', 'WRC-F-LATE-1-10', 3, 'by hand', 'h2');
    expect(t.scoreOf('C').ledger).toBe(33);
  });

  it('WRC-F-MISSED-INTENTIONAL: a missed hanchan alone is no disqualification; the referee may disqualify for it', () => {
    const t = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015']]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    t.missed('h2', 'D', 'S1');
    expect(t.state.people.find((p) => p.id === 'D')!.disqualified).toBeNull();
    expect(ranking(t).map((r) => r[1])).toContain('D');
    t.disqualify('D', 'WRC-F-MISSED-INTENTIONAL', 'left on purpose while last');
    expect(t.scoreOf('D')).toMatchObject({ ranked: false, disqualified: { rule: 'WRC-F-MISSED-INTENTIONAL', note: 'left on purpose while last' } });
    expect(ranking(t)).toEqual([[1, 'A', 25], [2, 'B', 10], [3, 'C', -10]]);
    // A rule that allows no disqualification cannot be cited for one.
    expect(() => t.disqualify('C', 'WRC-F-PHONE')).toThrow(/does not allow a disqualification/);
    expect(() => t.disqualify('C', 'WRC-F-LATE-1-10')).toThrow(/does not allow/);
  });
});

describe('disqualification and cheating', () => {
  it('WRC-P-DQ: a disqualified player leaves the ranking, plays no more, and the table\'s results stand for the others', () => {
    const t = tournament([['h1', 'wrc2015'], ['h2', 'wrc2015']]);
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    t.disqualify('B', 'WRC-P-DQ', 'head referee');
    expect(ranking(t)).toEqual([[1, 'A', 25], [2, 'C', -10], [3, 'D', -25]]);
    expect(t.scoreOf('B')).toMatchObject({ ranked: false, total: 10 });
    // Plays no more: no new hanchan, no late arrival; his scheduled seat goes to a substitute.
    expect(() => t.schedule('h3', 'wrc2015', ['A', 'B', 'C', 'D'])).toThrow(/disqualified/);
    expect(() => t.late('h2', 'B', MIN)).toThrow(/disqualified/);
    t.substitute('h2', 'B', 'S1');
    t.recordTable('h2', [20_000, 40_000, 35_000, 25_000]);
    expect(row(t, 'S1', 'h2')).toMatchObject({ kind: 'played', score: 25 });
    expect(row(t, 'B', 'h2')).toBeUndefined();
    expect(totals(t, 'A', 'C', 'D')).toEqual([0, 0, -35]);
    expect(ranking(t)).toEqual([[1, 'A', 0], [1, 'C', 0], [3, 'D', -35]]);
    expect(() => t.disqualify('B', 'WRC-P-DQ')).toThrow(/already disqualified/);
  });

  it('WRC-F-CHEAT: cheating disqualifies at once, whether recorded outside a game or as the referee\'s fault in one', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.cheat('C', 'WRC-F-CHEAT', { note: 'signals to a friend' });
    expect(t.scoreOf('C').disqualified).toEqual({ rule: 'WRC-F-CHEAT', note: 'signals to a friend' });
    // In a game: the referee records WRC-F-CHEAT on seat 1 (B); the tournament reads the game's faults.
    const ref = new Referee({ rules: makeRuleset('wrc2015'), seed: 'tournament-cheat' });
    const r = ref.manual({ type: 'manualFault', seat: 1, rule: 'WRC-F-CHEAT' });
    expect(r.ok).toBe(true);
    expect(t.scoreOf('B').disqualified).toBeNull();
    t.syncGame('h1', ref);
    expect(t.scoreOf('B').disqualified).toEqual({ rule: 'WRC-F-CHEAT', hanchan: 'h1' });
    expect(ranking(t).map((x) => x[1])).toEqual(['A', 'D']);
  });

  it('RUS-CHOMBO-J-REPEAT: a second cheating attempt disqualifies with a ban for the year; the first is counted once', () => {
    const t = tournament([['h1', 'russian'], ['h2', 'russian']]);
    // First attempt, in a game: the referee's RUS-CHOMBO-J on seat 2 (C) is a chombo (mangan payment).
    const ref = new Referee({ rules: makeRuleset('russian'), seed: 'tournament-rus-cheat' });
    expect(ref.manual({ type: 'manualFault', seat: 2, rule: 'RUS-CHOMBO-J' }).ok).toBe(true);
    expect(ref.game.scores).toEqual([34_000, 32_000, 22_000, 32_000]);
    t.syncGame('h1', ref);
    t.syncGame('h1', ref); // the same snapshot again
    expect(t.state.people.find((p) => p.id === 'C')!.cheats).toBe(1);
    // Say the game ended there: the result carries the same fault, still one attempt.
    t.recordTable('h1', ref.game.scores, ref.game.riichiSticks, ref.game.penalties, ref.faults);
    expect(row(t, 'C', 'h1')).toMatchObject({ points: 22_000, rank: 4, score: -23 });
    expect(t.scoreOf('C')).toMatchObject({ disqualified: null, ranked: true });
    // A cancelled fault is not an attempt.
    t.progress('h2', [], [{ seat: 2, rule: 'RUS-CHOMBO-J', penalty: { kind: 'chombo' }, cancelled: true }]);
    expect(t.scoreOf('C').disqualified).toBeNull();
    // Second attempt.
    t.cheat('C', 'RUS-CHOMBO-J', { hanchan: 'h2', note: 'marked tiles' });
    expect(t.state.people.find((p) => p.id === 'C')).toMatchObject({ cheats: 2, disqualified: { rule: 'RUS-CHOMBO-J-REPEAT', ban: 'currentYear' } });
    expect(ranking(t).map((x) => x[1])).not.toContain('C');
  });

  it('RUS-CHOMBO-J: a game\'s cheat stays with the player who made it when a substitute takes over the seat (RUS-SPECIAL-ABANDON)', () => {
    const t = tournament([['h1', 'russian']]);
    const cheat = { seat: 0 as const, rule: 'RUS-CHOMBO-J', penalty: { kind: 'chombo' } };
    t.progress('h1', [], [cheat]);
    t.abandon('h1', 'A', { substitute: 'S1' });
    // The result lists the first fault again and a new one at seat 0, now played by S1.
    t.record('h1', finalStandings([40_000, 35_000, 25_000, 20_000], 0, makeRuleset('russian')), [cheat, cheat]);
    const people = t.state.people;
    expect(people.find((p) => p.id === 'A')!.cheats).toBe(1);
    expect(people.find((p) => p.id === 'S1')!.cheats).toBe(1);
    expect(t.state.hanchans[0].faultOwners).toEqual(['A', 'S1']);
    expect(people.every((p) => p.disqualified === null)).toBe(true);
  });
});

describe('abandoned and void hanchans', () => {
  it('RUS-SPECIAL-ABANDON: a player who refuses to go on is played out by tsumogiri or a substitute and the results count; a hanchan that cannot be finished is void', () => {
    const t = tournament([['h1', 'russian'], ['h2', 'russian'], ['h3', 'russian']]);
    // h1: C leaves; the seat is played out by tsumogiri; the seat's result is C's.
    t.progress('h1', []);
    t.abandon('h1', 'C');
    expect(t.state.hanchans[0]).toMatchObject({ status: 'inProgress', players: ['A', 'B', null, 'D'], credit: ['A', 'B', 'C', 'D'] });
    expect(t.state.hanchans[0].abandons).toEqual([{ seat: 2, player: 'C', finishedBy: 'tsumogiri', missed: false }]);
    t.recordTable('h1', [45_000, 30_000, 15_000, 30_000]);
    // B and D tie for 2nd/3rd and share 5 and −5.
    expect(['A', 'B', 'C', 'D'].map((p) => row(t, p, 'h1')!.score)).toEqual([30, 0, -30, 0]);
    // h2: A leaves; S1 finishes the seat; the result is still A's, S1 scores nothing.
    t.abandon('h2', 'A', { substitute: 'S1', note: 'felt unwell' });
    expect(t.state.hanchans[1]).toMatchObject({ players: ['S1', 'B', 'C', 'D'], credit: ['A', 'B', 'C', 'D'] });
    t.recordTable('h2', [40_000, 35_000, 25_000, 20_000]);
    expect(row(t, 'A', 'h2')).toMatchObject({ kind: 'played', score: 25 });
    expect(t.scoreOf('S1').hanchans).toEqual([]);
    expect(t.scoreOf('A').ledger).toBe(0);
    // h3: cannot be finished; its penalties so far stop counting once it is void.
    t.progress('h3', [{ seat: 1, rule: 'WSOM-TIME-TURN', points: 5, hand: 0 }]);
    expect(total(t, 'B')).toBe(10 - 5);
    t.voidHanchan('h3', 'server failure');
    expect(total(t, 'B')).toBe(10);
    expect(row(t, 'B', 'h3')).toMatchObject({ kind: 'void', score: 0 });
    expect(t.state.hanchans[2].void).toEqual({ rule: 'RUS-SPECIAL-ABANDON', note: 'server failure' });
    expect(() => t.recordTable('h3', [40_000, 35_000, 25_000, 20_000])).toThrow(/void/);
    expect(totals(t, 'A', 'B', 'C', 'D')).toEqual([55, 10, -40, -25]);
    // Only a seat's current player can leave it; a finished hanchan cannot be void.
    expect(() => t.abandon('h1', 'B')).toThrow(/finished/);
    expect(() => t.voidHanchan('h2')).toThrow(/finished/);
  });

  it('RUS-SPECIAL-ABANDON under WRC: a player who leaves may be treated as missing the hanchan (0 and 30), the substitute finishing unranked', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.abandon('h1', 'D', { substitute: 'S2', missed: true });
    t.recordTable('h1', [40_000, 35_000, 25_000, 20_000]);
    expect(row(t, 'D', 'h1')).toMatchObject({ kind: 'missed', score: 0 });
    expect(t.scoreOf('D')).toMatchObject({ ledger: 30, total: -30 });
    expect(t.scoreOf('S2')).toMatchObject({ ranked: false, total: -25 });
    expect(ranking(t).map((x) => x[1])).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('the serialised tournament', () => {
  function busy(): Tournament {
    const t = tournament([['h1', 'tenhou'], ['h2', 'wrc2015', ['D', 'C', 'B', 'A']], ['h3', 'russian']]);
    t.recordTable('h1', [44_000, 25_000, 20_000, 10_000], 1);
    t.late('h2', 'C', 4 * MIN + 10_000);
    t.missed('h2', 'A', 'S1');
    t.progress('h2', [{ seat: 0, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points: 20, hand: 2 }]);
    t.cheat('B', 'RUS-CHOMBO-J');
    t.penalty('D', 'WRC-F-PHONE', 3, 'phone');
    t.abandon('h3', 'B', { substitute: 'S2' });
    return t;
  }

  it('a JSON round trip gives the same state, scores and ranking, and the restored tournament goes on the same way', () => {
    const t = busy();
    const json = JSON.stringify(t);
    const back = Tournament.fromJSON(JSON.parse(json));
    expect(back.state).toEqual(t.state);
    expect(back.scores()).toEqual(t.scores());
    expect(back.ranking()).toEqual(t.ranking());
    expect(JSON.stringify(back)).toBe(json);
    expect(back.config).toEqual(WRC_TOURNAMENT);
    // Numbers survive: D is on −40 (h1) − 20 (h2 in progress) − 3 (ledger).
    expect(back.scoreOf('D')).toMatchObject({ games: -40, inGame: 20, ledger: 3, total: -63 });
    // The same command after the round trip has the same effect (B's second attempt).
    for (const x of [t, back]) x.cheat('B', 'RUS-CHOMBO-J');
    expect(back.state).toEqual(t.state);
    expect(back.scoreOf('B').disqualified).toEqual({ rule: 'RUS-CHOMBO-J-REPEAT', ban: 'currentYear', note: 'second attempt at cheating' });
    // The state is also the pure fold of the events.
    expect(reduceTournament(t.events, t.name, t.config)).toEqual(t.state);
  });

  it('custom settings are kept by the serialised form', () => {
    const t = new Tournament({ name: 'gentle', config: { latePointsPerUnit: 2, missedPoints: 20 } });
    t.addPlayer('A').addPlayer('B').addPlayer('C').addPlayer('D').schedule('h1', 'wrc2015', ['A', 'B', 'C', 'D']);
    t.late('h1', 'A', 90_000);
    t.missed('h1', 'B');
    const back = Tournament.fromJSON(JSON.parse(JSON.stringify(t)));
    expect([back.scoreOf('A').ledger, back.scoreOf('B').ledger]).toEqual([4, 20]);
    expect(() => new Tournament({ config: { lateUnitMs: 0 } })).toThrow(TournamentError);
  });

  it('malformed or inconsistent data is refused', () => {
    const data = busy().toJSON();
    expect(() => Tournament.fromJSON({ ...data, version: 2 })).toThrow(TournamentError);
    expect(() => Tournament.fromJSON({ ...data, events: [...data.events, { type: 'teleport' }] })).toThrow(TournamentError);
    // Well-formed but impossible: a result for a hanchan nobody scheduled.
    const ghost = { type: 'result', hanchan: 'h9', standings: finalStandings([30_000, 30_000, 30_000, 30_000], 0, makeRuleset('wrc2015')), faults: [] };
    expect(() => Tournament.fromJSON({ ...data, events: [...data.events, ghost] })).toThrow(`event ${data.events.length} (result): no hanchan "h9"`);
    expect(data.events).toHaveLength(16);
    // Standings must name each seat once.
    const t = tournament([['h1', 'wrc2015']]);
    const bad = finalStandings([40_000, 35_000, 25_000, 20_000], 0, makeRuleset('wrc2015')).map((s) => ({ ...s, seat: 0 as const }));
    expect(() => t.record('h1', bad)).toThrow(/each of the four seats/);
    expect(t.state.hanchans[0].status).toBe('scheduled');
  });
});

describe('seats corrected in a running hanchan (reseat, docs/TOURNAMENTS.md "Correcting seats")', () => {
  const standings = finalStandings([40_000, 30_000, 20_000, 10_000], 0, makeRuleset('wrc2015'));
  const result = { type: 'result' as const, hanchan: 'h1', standings, faults: [] };
  const final = (seat: number) => standings.find((s) => s.seat === seat)!.final;

  it('one seat, one result: it counts wholly for whoever holds the seat at the end; a former holder gets nothing and no missed points', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.apply({ type: 'reseat', hanchan: 'h1', seats: [{ seat: 3, player: 'S1' }], hand: 2, note: 'the wrong player was sent' });
    t.apply({ type: 'reseat', hanchan: 'h1', seats: [{ seat: 0, player: 'B' }, { seat: 1, player: 'A' }], hand: 3 });
    t.apply(result);
    expect(totals(t, 'A', 'B', 'C', 'S1')).toEqual([final(1), final(0), final(2), final(3)]);
    expect(total(t, 'D')).toBe(0);
    expect(row(t, 'D', 'h1')).toBeUndefined();
    expect(ledger(t, 'D')).toEqual([]);
    // The substitute's score is counted and not ranked (WRC-F-MISSED-SUB-SCORE).
    expect(ranking(t).map(([, p]) => p)).not.toContain('S1');
    expect(t.state.hanchans[0].reseats).toEqual([
      { seat: 3, from: 'D', to: 'S1', hand: 2, note: 'the wrong player was sent' },
      { seat: 0, from: 'A', to: 'B', hand: 3 },
      { seat: 1, from: 'B', to: 'A', hand: 3 },
    ]);
  });

  it('refused, changing nothing: two seats for one player, a player of another hanchan, a seat with an absence, a finished hanchan, an unknown person', () => {
    const t = tournament([['h1', 'wrc2015']]);
    t.addPlayer('E').addPlayer('F').addPlayer('G').addPlayer('H');
    t.schedule('h2', 'wrc2015', ['E', 'F', 'G', 'H']);
    t.missed('h1', 'C', 'S2');
    const before = t.state;
    const bad = (seats: { seat: 0 | 1 | 2 | 3; player: string }[], re: RegExp) => expect(() => t.apply({ type: 'reseat', hanchan: 'h1', seats, hand: 1 })).toThrow(re);
    bad([{ seat: 3, player: 'A' }], /two seats/);
    bad([{ seat: 3, player: 'E' }], /plays in hanchan "h2"/);
    bad([{ seat: 2, player: 'S1' }], /absence or an abandon/);
    bad([{ seat: 3, player: 'nobody' }], /no player or substitute/);
    bad([{ seat: 3, player: 'S1' }, { seat: 3, player: 'S1' }], /two seats|once/);
    t.apply(result);
    expect(() => t.apply({ type: 'reseat', hanchan: 'h1', seats: [{ seat: 3, player: 'S1' }], hand: 1 })).toThrow(/finished/);
    const seating = (hs: typeof before.hanchans) => hs.map((h) => [h.seats, h.players, h.credit, h.reseats]);
    expect(seating(t.state.hanchans)).toEqual(seating(before.hanchans));
  });
});
