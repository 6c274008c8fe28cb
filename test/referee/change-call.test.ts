import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';

/** Plays seeded wrc2015 turns until a seat has a pon option; returns that seat, still unanswered. */
function untilPon(ref: Referee): Seat {
  const g = ref.game;
  for (let i = 0; i < 400; i++) {
    if (g.phase === 'claims') {
      const seat = ([0, 1, 2, 3] as Seat[]).find((s) => g.legalActions(s).some((a) => a.type === 'pon'));
      if (seat !== undefined) return seat;
      for (const s of [0, 1, 2, 3] as Seat[]) if (g.legalActions(s).length) ref.apply(s, { type: 'pass' });
    } else if (g.phase === 'turn') ref.apply(g.turn, { type: 'discard', tile: g.seats[g.turn].drawn ?? g.legalActions(g.turn).find((a) => a.type === 'discard')!.tiles[0] });
    else throw new Error(`unexpected phase ${g.phase}`);
  }
  throw new Error('no pon chance');
}

describe('changing a call', () => {
  it('WRC-F-CHANGE-CALL: after a pon, a second answer is refused with the rule; the pon stands, no penalty', () => {
    const ref = new Referee({ rules: makeRuleset('wrc2015'), seed: 'change-call' });
    const seat = untilPon(ref);
    const pon = ref.game.legalActions(seat).find((a) => a.type === 'pon')!;
    expect(pon.type === 'pon' && ref.apply(seat, { type: 'pon', tiles: pon.options[0] }).ok).toBe(true);
    if (ref.game.phase !== 'claims') return expect.fail('the window closed before the change');
    const r = ref.apply(seat, { type: 'pass' });
    expect(r.ok && r.events.find((e) => e.type === 'fault')).toMatchObject({ seat, rule: 'WRC-F-CHANGE-CALL', penalty: { kind: 'none' } });
    expect(ref.game.responseOf(seat)?.type).toBe('pon');
    expect(ref.game.penalties).toEqual([]);
  });

  it('under EMA 2012 a second answer is a protocol error: refused, nothing recorded', () => {
    const ref = new Referee({ rules: makeRuleset('ema2012'), seed: 'change-call' });
    const seat = untilPon(ref);
    const pon = ref.game.legalActions(seat).find((a) => a.type === 'pon')!;
    if (pon.type === 'pon') ref.apply(seat, { type: 'pon', tiles: pon.options[0] });
    if (ref.game.phase !== 'claims') return expect.fail('the window closed before the change');
    const r = ref.apply(seat, { type: 'pass' });
    expect(r.ok ? 'accepted' : r.refusal.code).toBe('ALREADY_RESPONDED');
    expect(ref.faults).toEqual([]);
  });
});
