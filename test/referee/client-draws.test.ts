import { describe, expect, it } from 'vitest';
import { Referee, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { Seat } from '@jantaku/shared/game/types';

/** A refereed table where players draw for themselves, at the dealer's first draw. */
const table = (ruleset: string) => new Referee({ rules: makeRuleset(ruleset, { clientDraws: true }), seed: `cd-${ruleset}` });
const fault = (events: RefereeEvent[]) => events.find((e) => e.type === 'fault');

function expectFault(ref: Referee, seat: Seat, message: unknown, rule: string, dead: boolean) {
  const handBefore = [...ref.game.seats[seat].hand];
  const r = ref.apply(seat, message);
  if (!r.ok) throw new Error(`refused: ${r.refusal.code}`);
  expect(fault(r.events)).toMatchObject({ to: 'all', seat, rule });
  expect(ref.game.seats[seat].deadHand).toBe(dead);
  // Nothing moves: the tile stays in the wall, the hand keeps its tiles.
  expect(ref.game.seats[seat].hand).toEqual(handBefore);
}

describe('long and short hands where players draw for themselves', () => {
  it('RUS-DEAD-C: drawing out of turn is a dead hand; the tile is not taken', () => {
    const ref = table('russian');
    expectFault(ref, 2, { type: 'draw' }, 'RUS-DEAD-C', true);
    expect(ref.game.turn).toBe(0);
  });

  it('RUS-DEAD-B: a second draw in one turn (wrong number of tiles) is a dead hand', () => {
    const ref = table('russian');
    ref.apply(0, { type: 'draw' });
    expectFault(ref, 0, { type: 'draw' }, 'RUS-DEAD-B', true);
    expect(ref.game.seats[0].hand).toHaveLength(14);
  });

  it('RUS-DEAD-E: skipping a turn (discarding without drawing) is a dead hand; the seat must still draw', () => {
    const ref = table('russian');
    expectFault(ref, 0, { type: 'discard', tile: ref.game.seats[0].hand[0] }, 'RUS-DEAD-E', true);
    expect(ref.game.legalActions(0)).toEqual([{ type: 'draw' }]);
  });

  it('EMA12-DEAD-TILE-COUNT: too many or too few tiles is a dead hand (EMA12-DEAD-LIST)', () => {
    const ref = table('ema2012');
    expectFault(ref, 1, { type: 'draw' }, 'EMA12-DEAD-TILE-COUNT', true);
    expectFault(ref, 0, { type: 'discard', tile: ref.game.seats[0].hand[0] }, 'EMA12-DEAD-TILE-COUNT', true);
  });

  it('WRC-F-WRONG-COUNT: a discard without drawing or out of turn is a dead hand (WRC-F-TILE-COUNT)', () => {
    const ref = table('wrc2015');
    expectFault(ref, 0, { type: 'discard', tile: ref.game.seats[0].hand[0] }, 'WRC-F-WRONG-COUNT', true);
    expectFault(ref, 3, { type: 'discard', tile: ref.game.seats[3].hand[0] }, 'WRC-F-WRONG-COUNT', true);
  });

  it('WRC-F-REVEAL-FEW and WRC-F-REVEAL-RETURN: a tile drawn by mistake goes back, no penalty (WRC-F-REVEAL)', () => {
    const ref = table('wrc2015');
    const r = ref.apply(1, { type: 'draw' });
    expect(r.ok && fault(r.events)).toMatchObject({ rule: 'WRC-F-REVEAL-FEW', penalty: { kind: 'none' } });
    expect(ref.game.seats[1].deadHand).toBe(false);
    // The dealer's draw is still the same tile: the wall was not touched.
    const twin = table('wrc2015');
    ref.apply(0, { type: 'draw' });
    twin.apply(0, { type: 'draw' });
    expect(ref.game.seats[0].drawn).toBe(twin.game.seats[0].drawn);
  });

  it('a dead hand from a wrong count still draws and discards: the clock can play it out', () => {
    const ref = table('russian');
    ref.apply(2, { type: 'draw' });
    expect(ref.expire(0).ok).toBe(true);
    expect(ref.game.seats[0].hand).toHaveLength(14);
    expect(ref.expire(0).ok).toBe(true);
    expect(ref.game.seats[0].discards).toHaveLength(1);
  });
});
