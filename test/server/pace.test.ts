import { describe, expect, it } from 'vitest';
import type { Seat } from '@jantaku/shared/game/types';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { ClaimPace } from '../../server/src/rooms/claimPace';
import { ResultPause, RESULT_WAIT_MS } from '../../server/src/rooms/resultPause';

/** Claim windows held to a minimum whoever answers, bounded without a clock; the next deal waiting for players who hold results. */
describe('table pace', () => {
  it('a claim answer waits until the window is holdMs old, for every asked seat alike; an unanswered window expires with the seats still asked', async () => {
    const referee = new Referee({ rules: makeRuleset('wrc2015'), seed: 'pace-1' });
    const game = referee.game;
    const pace = new ClaimPace(200, 30);
    const expired: Seat[][] = [];
    pace.observe(game, 1000, (s) => expired.push(s));
    const turn = game.turn;
    const tile = game.seats[turn].drawn!;
    expect(referee.apply(turn, { type: 'discard', tile }).ok).toBe(true);
    expect(game.phase).toBe('claims'); // penalise: every other seat is asked
    pace.observe(game, 5000, (s) => expired.push(s));
    const asked = ([0, 1, 2, 3] as Seat[]).filter((s) => s !== turn);
    expect(asked.map((s) => pace.holdFor(game, s, 5050))).toEqual([150, 150, 150]);
    expect(pace.holdFor(game, turn, 5050)).toBe(0); // not asked: nothing to hold
    expect(asked.map((s) => pace.holdFor(game, s, 5200))).toEqual([0, 0, 0]);
    await new Promise((r) => setTimeout(r, 100));
    expect(expired).toEqual([asked]);
    pace.stop();
  });

  it('an answer held for the minimum is judged if its window is still open when the wait ends, else answered as stale', async () => {
    const referee = new Referee({ rules: makeRuleset('wrc2015'), seed: 'pace-2' });
    const game = referee.game;
    const pace = new ClaimPace(40, null);
    const turn = game.turn;
    expect(referee.apply(turn, { type: 'discard', tile: game.seats[turn].drawn! }).ok).toBe(true);
    pace.observe(game, Date.now(), () => {});
    const asked = (([0, 1, 2, 3] as Seat[]).find((s) => s !== turn))!;
    const wait = pace.holdFor(game, asked, Date.now());
    expect(wait).toBeGreaterThan(0);
    const started = performance.now();
    // The window still open when the wait ends: judged, not before the wait.
    await expect(pace.defer(wait, () => game, () => 'judged', () => 'stale')).resolves.toBe('judged');
    expect(performance.now() - started).toBeGreaterThanOrEqual(wait - 2);
    // The window closed meanwhile (everyone passed, the next turn began): stale.
    const held = pace.defer(40, () => game, () => 'judged', () => 'stale');
    for (const s of [0, 1, 2, 3] as Seat[]) if (game.legalActions(s).some((a) => a.type === 'pass')) expect(referee.apply(s, { type: 'pass' }).ok).toBe(true);
    expect(game.phase).not.toBe('claims');
    await expect(held).resolves.toBe('stale');
    pace.stop();
  });

  it('the next deal waits for holding players to be ready, at most RESULT_WAIT_MS; seats that hold nothing get handPauseMs', () => {
    const p = new ResultPause();
    expect(p.delay(1, [0], 3000, 0)).toBe(3000);
    const q = new ResultPause();
    q.hold(0, true);
    expect(q.delay(1, [0, 1], 3000, 0)).toBe(RESULT_WAIT_MS);
    expect(q.markReady(2, 0)).toBe(false); // not the hand whose pause runs
    expect(q.markReady(1, 0)).toBe(true);
    expect(q.delay(1, [0, 1], 3000, 1000)).toBe(2000);
    expect(q.delay(1, [0, 1], 3000, 5000)).toBe(0);
    expect(q.delay(2, [0, 1], 3000, 9000)).toBe(RESULT_WAIT_MS); // a new hand: ready again
  });
});
