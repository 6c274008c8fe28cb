import { describe, expect, it } from 'vitest';
import { parseTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import { corpusFiles } from '../support/corpus';

/**
 * Two edge-case logs (hand-made naki puzzles from mjai-reviewer's converter tests) contradict
 * themselves; no engine can end them as written. Each entry proves the contradiction from the
 * log alone and pins the engine's exact verdict, so a change in either shows up.
 */
const SELF_CONTRADICTORY: Record<string, { proof: (log: ReturnType<typeof parseTenhou6>) => void; engine: RegExp }> = {
  // Seat 2 declares riichi and discards again afterwards, so the stick is on the table when seat 0
  // wins; a win's deltas sum to the sticks collected, yet these sum to 0.
  'confusing_nakis_1.json': {
    proof: (log) => {
      const h = log.hands[0];
      const riichiAt = h.discards[2].findIndex((d) => d.type === 'discard' && d.riichi);
      expect(riichiAt).toBeGreaterThanOrEqual(0);
      expect(h.discards[2].length).toBeGreaterThan(riichiAt + 1);
      expect(h.result.type === 'win' && h.result.wins[0].deltas.reduce((a, b) => a + b, 0)).toBe(0);
    },
    engine: /win 1 \(seat 0\): deltas 2600,0,-1600,0 differ from the log's 1600,0,-1600,0/,
  },
  // The result names seat 1 winning from seat 0, but its deltas pay seat 2 at seat 0's expense.
  'confusing_nakis_2.json': {
    proof: (log) => {
      const r = log.hands[0].result;
      expect(r.type).toBe('win');
      if (r.type !== 'win') return;
      expect([r.wins[0].winner, r.wins[0].from]).toEqual([1, 0]);
      expect(r.wins[0].deltas).toEqual([-3200, 0, 3200, 0]);
    },
    engine: /no more recorded draws/,
  },
};

/**
 * The engine's truth is the corpus: every hand of every real game replays with every action
 * legal, ends as recorded (kind of end, winners, han, fu, yaku, score changes), and chains into
 * the next hand's recorded start; a complete game ends where its log ends.
 */
describe.each(['games', 'edge-cases'])('tenhou6 corpus: %s', (dir) => {
  const files = corpusFiles(`tenhou6/${dir}`);
  it('has the files the handbook promises', () => {
    expect(files.length).toBe(dir === 'games' ? 31 : 21);
  });
  it.each(files.map((f) => [f.name, f] as const))('%s replays exactly', (name, file) => {
    const log = parseTenhou6(file.text, file.path);
    const replay = replayGame(log, undefined, { complete: dir === 'games' });
    const bad = replay.hands.find((h) => !h.ok);
    const known = SELF_CONTRADICTORY[name];
    if (known) {
      known.proof(log);
      expect(bad?.mismatch?.reason).toMatch(known.engine);
      return;
    }
    if (bad) {
      const m = bad.mismatch!;
      const where = m.seat !== undefined ? `, seat ${m.seat}, action ${m.action}` : '';
      expect.fail(`${file.name}: hand ${m.hand} (${m.label})${where}: ${m.reason}`);
    }
    expect(replay.matched).toBe(log.hands.length);
  });
  if (dir === 'games') {
    // The handbook says 300 hands; the files hold 326 (one JSON line each), all replayed.
    it('covers all 326 hands of the 31 games', () => {
      const hands = files.reduce((n, f) => n + parseTenhou6(f.text, f.path).hands.length, 0);
      expect(hands).toBe(326);
    });
  }
});
