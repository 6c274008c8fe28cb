import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { Seat } from '@jantaku/shared/game/types';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { viewFor } from '@jantaku/shared/game/views';

/** Plays seeded efficient discards (passing every window) until a seat may declare riichi. */
function untilRiichi(ref: Referee, rulesName: string): { seat: Seat; tile: number } {
  const g = ref.game;
  for (let i = 0; i < 2000; i++) {
    if (g.phase === 'handEnded') {
      ref.nextHand();
      continue;
    }
    if (g.phase === 'claims') {
      for (const s of [0, 1, 2, 3] as Seat[]) if (g.legalActions(s).length) ref.apply(s, { type: 'pass' });
      continue;
    }
    const seat = g.turn;
    const riichi = g.legalActions(seat).find((a) => a.type === 'riichi');
    if (riichi && riichi.type === 'riichi') return { seat, tile: riichi.tiles[0] };
    const legal = g.legalActions(seat);
    const c = efficiencyBot(viewFor(g, seat, legal), legal);
    ref.apply(seat, c.type === 'tsumo' || c.type === 'kyuushu' ? { type: 'discard', tile: g.seats[seat].drawn! } : c);
  }
  throw new Error(`no riichi chance under ${rulesName}`);
}

describe('withdrawing a riichi', () => {
  it('RUS-DEAD-G: a riichi withdrawn within 3 seconds is a dead hand; the stick is paid and not returned', () => {
    const rules = makeRuleset('russian');
    const ref = new Referee({ rules, seed: 'withdraw' });
    const { seat, tile } = untilRiichi(ref, 'russian');
    expect(ref.apply(seat, { type: 'riichi', tile }, undefined, 10_000).ok).toBe(true);
    const sticksBefore = ref.game.riichiSticks;
    const r = ref.apply(seat, { type: 'retractRiichi' }, undefined, 12_500);
    expect(r.ok && r.events.find((e) => e.type === 'fault')).toMatchObject({ seat, rule: 'RUS-DEAD-G', penalty: { kind: 'deadHand' } });
    expect(ref.game.seats[seat].deadHand).toBe(true);
    expect(ref.game.seats[seat].riichi).toBe('none');
    // The stick stays on the table (paid when the riichi discard passed, or when it passes).
    for (const s of [0, 1, 2, 3] as Seat[]) if (ref.game.phase === 'claims' && ref.game.legalActions(s).length) ref.apply(s, { type: 'pass' });
    expect(ref.game.riichiSticks).toBeGreaterThanOrEqual(sticksBefore);
    expect(ref.game.riichiSticks).toBe(1 + ref.game.hands.at(-1)!.riichiSticks);
    // The log rebuilds the same (the times are in it).
    const again = Referee.replay({ rules, seed: 'withdraw' }, ref.log);
    expect(again.faults).toEqual(ref.faults);
  });

  it('too late (over 3 s), or in a ruleset without it, the withdrawal is refused and nothing changes', () => {
    const ref = new Referee({ rules: makeRuleset('russian'), seed: 'withdraw' });
    const { seat, tile } = untilRiichi(ref, 'russian');
    ref.apply(seat, { type: 'riichi', tile }, undefined, 10_000);
    const r = ref.apply(seat, { type: 'retractRiichi' }, undefined, 13_001);
    expect(r.ok).toBe(false);
    expect(ref.game.seats[seat].riichi).not.toBe('none');
    const wrc = new Referee({ rules: makeRuleset('wrc2015'), seed: 'withdraw' });
    const w = untilRiichi(wrc, 'wrc2015');
    wrc.apply(w.seat, { type: 'riichi', tile: w.tile }, undefined, 0);
    expect(wrc.apply(w.seat, { type: 'retractRiichi' }, undefined, 1).ok).toBe(false);
  });
});
