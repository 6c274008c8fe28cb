import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { Rng } from '@jantaku/shared/game/rng';
import { randomChooser } from '../support/randomBot';

const SEATS: Seat[] = [0, 1, 2, 3];

describe('Referee.forgetLog (a room lets go of the entries its store holds)', () => {
  it('the forgetful referee judges as the one that keeps its log; logLength, logStart and log[i - logStart] name the same entries', () => {
    const rules = makeRuleset('wrc2015');
    const full = new Referee({ rules, seed: 'forget' });
    const lean = new Referee({ rules, seed: 'forget' });
    const choose = randomChooser('forget-bot');
    const rng = new Rng('forget-cuts');
    let forgets = 0;
    for (let step = 0; step < 100_000 && full.game.phase !== 'gameOver'; step++) {
      if (full.game.phase === 'handEnded') {
        expect(lean.nextHand().ok).toBe(full.nextHand().ok);
      } else {
        const seat = SEATS.find((s) => full.game.legalActions(s).length > 0)!;
        const command = choose(full.game.legalActions(seat));
        expect(lean.apply(seat, command, undefined, step)).toEqual(full.apply(seat, command, undefined, step));
      }
      // As a room does after a commit: up to some entry already written, never past the end.
      if (rng.int(3) === 0) {
        lean.forgetLog(lean.logStart + rng.int(lean.log.length + 2));
        forgets++;
      }
      expect(lean.logLength).toBe(full.log.length);
      expect(lean.log).toEqual(full.log.slice(lean.logStart));
    }
    expect(full.game.phase).toBe('gameOver');
    expect(forgets).toBeGreaterThan(100);
    expect(lean.logStart).toBeGreaterThan(full.log.length / 2);
    const views = (r: Referee) => JSON.stringify([...SEATS, 'spectator' as const].map((v) => viewFor(r.game, v)));
    expect(views(lean)).toBe(views(full));
    expect(lean.faults).toEqual(full.faults);
    expect(lean.game.standings).toEqual(full.game.standings);
  });

  it('forgetting is clamped to the log and never goes back', () => {
    const ref = new Referee({ rules: makeRuleset('tenhou'), seed: 'clamp' });
    const seat = ref.game.toAct()!;
    expect(ref.apply(seat, { type: 'discard', tile: ref.game.seats[seat].drawn! }).ok).toBe(true);
    expect(ref.logLength).toBe(1);
    ref.forgetLog(10);
    expect([ref.logStart, ref.logLength, ref.log.length]).toEqual([1, 1, 0]);
    ref.forgetLog(0);
    expect([ref.logStart, ref.logLength, ref.log.length]).toEqual([1, 1, 0]);
  });
});
