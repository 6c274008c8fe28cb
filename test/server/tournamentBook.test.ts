import { describe, expect, it } from 'vitest';
import { finalStandings } from '@jantaku/shared/game/end';
import type { PenaltyRecord } from '@jantaku/shared/game/types';
import type { FaultRecord } from '@jantaku/shared/referee/referee';
import { globalScores, type TournamentEvent } from '@jantaku/shared/referee/tournament';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { csv, readBook, rulingsOf, standingsOf, type Line, type LineBody } from '../../server/src/tournaments/book';

const rules = makeRuleset('wrc2015');
const chombo: FaultRecord = { seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', penalty: { kind: 'chombo' }, reason: 'false win', hand: 2 };
const charged: PenaltyRecord = { seat: 1, rule: chombo.rule, points: 20, hand: 2 };
const scores = [30_000, 28_000, 22_000, 20_000];

/** Lines as the service writes them, numbered from 1. */
function log(...bodies: LineBody[]): Line[] {
  return bodies.map((b, i) => ({ ...b, seq: i + 1, at: 1_700_000_000_000 + i * 1000, by: i === bodies.length - 1 ? 'referee-account' : 'server' }) as Line);
}
const ev = (event: TournamentEvent, extra: Partial<LineBody & { kind: 'event' }> = {}): LineBody => ({ kind: 'event', event, ...extra });

const base: LineBody[] = [
  ...['A', 'B', 'C', 'D'].map((id) => ev({ type: 'register', id, name: `Player ${id}`, role: 'player' })),
  { kind: 'seated', round: 1, tables: [['A', 'B', 'C', 'D']], repeatPairs: 0 },
  { kind: 'started', round: 1 },
  ev({ type: 'schedule', id: 'r1t1h1', ruleset: 'wrc2015', seats: ['A', 'B', 'C', 'D'] }),
  { kind: 'table', round: 1, table: 0, hanchan: 'r1t1h1', game: 'game-1' },
];
const result = ev(
  { type: 'result', hanchan: 'r1t1h1', standings: finalStandings(scores, 0, rules, [charged]), faults: [chombo] },
  { source: { game: 'game-1', penalties: [charged], faults: [chombo] } },
);
const total = (lines: Line[], who: string) => globalScores(readBook('cup', lines).state).find((s) => s.player === who)!.total;

describe('the tournament book', () => {
  it('an overturned automatic ruling gives its points back, as if the game had not charged them, and stays on the desk', () => {
    const kept = log(...base, result);
    const undone = log(...base, result, { kind: 'overturn', ruling: 'r1t1h1.0', reason: 'claimable after all' });
    const without = finalStandings(scores, 0, rules, []).find((s) => s.seat === 1)!.final;
    expect(total(undone, 'B')).toBe(without);
    expect(total(kept, 'B')).toBe(without - 20);
    // The others are untouched.
    for (const p of ['A', 'C', 'D']) expect(total(undone, p)).toBe(total(kept, p));
    const book = readBook('cup', undone);
    expect(book.state.hanchans[0].faults[0].cancelled).toBe(true);
    const [r] = rulingsOf(book);
    expect(r).toMatchObject({ id: 'r1t1h1.0', kind: 'automatic', player: 'B', rule: chombo.rule, points: 20, hand: 2, replay: '/#/replay/game-1?hand=2', overturned: { by: 'referee-account', reason: 'claimable after all' } });
    // The log keeps the result as the table gave it.
    expect((book.lines[8] as { event: TournamentEvent }).event).toEqual((result as { event: TournamentEvent }).event);
  });

  it('during a game: an overturned ruling stops counting in the in-game penalties', () => {
    const progress = ev({ type: 'progress', hanchan: 'r1t1h1', penalties: [charged], faults: [chombo] }, { source: { game: 'game-1', penalties: [charged], faults: [chombo] } });
    expect(total(log(...base, progress), 'B')).toBe(-20);
    expect(total(log(...base, progress, { kind: 'overturn', ruling: 'r1t1h1.0', reason: 'no' }), 'B')).toBe(0);
  });

  it('a manual fault counts until overturned; the desk lists newest first', () => {
    const manual = ev({ type: 'penalty', player: 'C', rule: 'WRC-F-PHONE', points: 10, note: 'phone' }, { reason: 'phone' });
    const lines = log(...base, result, manual);
    expect(total(lines, 'C')).toBe(total(log(...base, result), 'C') - 10);
    const desk = rulingsOf(readBook('cup', lines));
    expect(desk.map((r) => r.id)).toEqual(['L10', 'r1t1h1.0']);
    const undone = log(...base, result, manual, { kind: 'overturn', ruling: 'L10', reason: 'it was the referee’s phone' });
    expect(total(undone, 'C')).toBe(total(log(...base, result), 'C'));
    const standings = standingsOf(readBook('cup', undone).state);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(standings.find((s) => s.id === 'B')!.penalties).toBe(20);
    expect(standings.find((s) => s.id === 'C')!.penalties).toBe(0);
  });

  it('CSV: fields with commas or quotes are quoted; a cell a spreadsheet would run is defused', () => {
    expect(csv(['a', 'b'], [['x,y', 'say "hi"'], ['=SUM(A1)', -3.5]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-3.5\r\n');
  });
});
