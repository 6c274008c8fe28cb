import { describe, expect, it } from 'vitest';
import { Referee, type RefereeEvent } from '@jantaku/shared/referee/referee';
import type { Penalty } from '@jantaku/shared/referee/penalty';
import type { Seat } from '@jantaku/shared/game/types';
import { makeRuleset } from '@jantaku/shared/rules/index';

/** A referee at the first discard decision of a fresh game (seat 0 to discard). */
const table = (ruleset: string) => new Referee({ rules: makeRuleset(ruleset), seed: `manual-${ruleset}` });

const faultOf = (events: RefereeEvent[]) => events.find((e) => e.type === 'fault');

function manual(ref: Referee, seat: Seat, rule: string, penalty?: Penalty) {
  const r = ref.manual({ type: 'manualFault', seat, rule, ...(penalty ? { penalty } : {}) });
  if (!r.ok) throw new Error(`${rule} refused: ${r.refusal.reason}`);
  return r;
}

describe("faults only a person can see: the referee's hand", () => {
  it('RUS-DEAD-A: a knocked-over dead-wall tile is a dead hand, announced to all', () => {
    const ref = table('russian');
    const r = manual(ref, 2, 'RUS-DEAD-A');
    expect(faultOf(r.events)).toMatchObject({ seat: 2, rule: 'RUS-DEAD-A', penalty: { kind: 'deadHand' }, effect: 'manual' });
    expect(r.events.some((e) => e.type === 'deadHand' && e.seat === 2)).toBe(true);
    expect(ref.game.seats[2].deadHand).toBe(true);
  });

  it('RUS-DEAD-I: knocking over an opponent\'s tiles is a dead hand', () => {
    const ref = table('russian');
    manual(ref, 1, 'RUS-DEAD-I');
    expect(ref.game.seats[1].deadHand).toBe(true);
  });

  it('RUS-CHOMBO-A: destroying the dead wall is a chombo: mangan payment and a redeal', () => {
    const ref = table('russian');
    const before = [...ref.game.scores];
    manual(ref, 1, 'RUS-CHOMBO-A');
    const result = ref.game.lastResult!;
    expect(result.kind).toBe('chombo');
    expect(result.chombo![0]).toMatchObject({ seat: 1, rule: 'RUS-CHOMBO-A' });
    expect(ref.game.scores.map((s, i) => s - before[i])).toEqual([4000, -8000, 2000, 2000]);
    const next = ref.game.nextStart();
    expect([next.round, next.honba]).toEqual([0, 0]);
  });

  it('RUS-CHOMBO-B: destroying part of the live wall with five tiles shown is a chombo', () => {
    const ref = table('russian');
    manual(ref, 3, 'RUS-CHOMBO-B');
    expect(ref.game.lastResult!.chombo![0].rule).toBe('RUS-CHOMBO-B');
  });

  it('RUS-CHOMBO-I: a destroyed hand is chombo or nothing, at the referee\'s discretion', () => {
    const ref = table('russian');
    expect(ref.manual({ type: 'manualFault', seat: 0, rule: 'RUS-CHOMBO-I' }).ok).toBe(false);
    expect(ref.manual({ type: 'manualFault', seat: 0, rule: 'RUS-CHOMBO-I', penalty: { kind: 'deadHand' } }).ok).toBe(false);
    manual(ref, 0, 'RUS-CHOMBO-I', { kind: 'none' });
    expect(ref.game.phase).toBe('turn');
    manual(ref, 0, 'RUS-CHOMBO-I', { kind: 'chombo' });
    expect(ref.game.lastResult!.kind).toBe('chombo');
  });

  it('RUS-CHOMBO-J: cheating is a chombo', () => {
    const ref = table('russian');
    manual(ref, 0, 'RUS-CHOMBO-J');
    expect(ref.game.lastResult!.chombo![0].rule).toBe('RUS-CHOMBO-J');
  });

  it('RUS-CHOMBO-K: a breach that stops the hand is chombo or nothing by decision', () => {
    const ref = table('russian');
    manual(ref, 1, 'RUS-CHOMBO-K', { kind: 'chombo' });
    expect(ref.game.scores[1]).toBe(30000 - 8000);
  });

  it('RUS-DEAD-F: deliberate repeated breaches give a dead hand', () => {
    const ref = table('russian');
    manual(ref, 3, 'RUS-DEAD-F');
    expect(ref.game.seats[3].deadHand).toBe(true);
  });

  it('WRC-F-PHONE: penalty points only, chosen by the referee; the table score does not change', () => {
    const ref = table('wrc2015');
    expect(ref.manual({ type: 'manualFault', seat: 1, rule: 'WRC-F-PHONE', penalty: { kind: 'deadHand' } }).ok).toBe(false);
    const r = manual(ref, 1, 'WRC-F-PHONE', { kind: 'points', points: 5 });
    expect(faultOf(r.events)).toMatchObject({ rule: 'WRC-F-PHONE', penalty: { kind: 'points', points: 5 } });
    expect(ref.game.penalties).toEqual([{ seat: 1, rule: 'WRC-F-PHONE', points: 5, hand: 0 }]);
    expect(ref.game.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('WRC-F-REVEAL-UNFAIR: revealed tiles that spoil the hand are a chombo (20 global points, redeal)', () => {
    const ref = table('wrc2015');
    manual(ref, 2, 'WRC-F-REVEAL-UNFAIR');
    expect(ref.game.lastResult!.kind).toBe('chombo');
    expect(ref.game.penalties).toEqual([{ seat: 2, rule: 'WRC-F-REVEAL-UNFAIR', points: 20, hand: 0 }]);
    expect(ref.game.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('WRC-F-REVEAL-FEW: a few revealed tiles carry no penalty, but the fault is announced', () => {
    const ref = table('wrc2015');
    const r = manual(ref, 0, 'WRC-F-REVEAL-FEW');
    expect(faultOf(r.events)).toMatchObject({ rule: 'WRC-F-REVEAL-FEW', penalty: { kind: 'none' } });
    expect(ref.game.phase).toBe('turn');
  });

  it('WRC-F-REVEAL-DEAL: a reveal during the deal that causes a problem is a redeal without penalty', () => {
    const ref = table('wrc2015');
    manual(ref, 0, 'WRC-F-REVEAL-DEAL');
    expect(ref.game.lastResult!.kind).toBe('chombo');
    expect(ref.game.lastResult!.chombo).toEqual([]);
    expect(ref.game.penalties).toEqual([]);
    expect(ref.nextHand().ok).toBe(true);
    expect([ref.game.round, ref.game.honba]).toEqual([0, 0]);
  });

  it('WRC-F-INFO, WRC-F-OBSTRUCTION, WRC-F-DEVICE, WRC-F-INDUCED: any penalty the referee chooses', () => {
    const ref = table('wrc2015');
    manual(ref, 0, 'WRC-F-INFO', { kind: 'points', points: 3 });
    manual(ref, 1, 'WRC-F-OBSTRUCTION', { kind: 'deadHand' });
    manual(ref, 2, 'WRC-F-DEVICE', { kind: 'none' });
    expect(ref.manual({ type: 'manualFault', seat: 3, rule: 'WRC-F-INDUCED' }).ok).toBe(false);
    expect(ref.game.penalties.map((p) => [p.seat, p.rule, p.points])).toEqual([[0, 'WRC-F-INFO', 3]]);
    expect(ref.game.seats[1].deadHand).toBe(true);
  });

  it('EMA12-CHOMBO-REVEAL-FIVE: revealing more than five tiles is a chombo (mangan payment)', () => {
    const ref = table('ema2012');
    manual(ref, 0, 'EMA12-CHOMBO-REVEAL-FIVE');
    // The dealer pays 4,000 to each other player (EMA12-CHOMBO-PAY).
    expect(ref.game.scores).toEqual([18000, 34000, 34000, 34000]);
  });

  it('EMA12-DEAD-REVEAL: revealing an opponent\'s or the dead wall\'s tiles is a dead hand', () => {
    const ref = table('ema2012');
    manual(ref, 3, 'EMA12-DEAD-REVEAL');
    expect(ref.game.seats[3].deadHand).toBe(true);
  });

  it('a rule that is not a fault, an unknown rule or a seat that does not exist is refused', () => {
    const ref = table('wrc2015');
    expect(ref.manual({ type: 'manualFault', seat: 0, rule: 'WRC-P-POINTS-RATE' }).ok).toBe(false);
    expect(ref.manual({ type: 'manualFault', seat: 0, rule: 'WRC-F-NOPE' }).ok).toBe(false);
    expect(ref.manual({ type: 'manualFault', seat: 7 as Seat, rule: 'WRC-F-PHONE', penalty: { kind: 'points', points: 1 } }).ok).toBe(false);
    expect(ref.log).toEqual([]);
  });

  it('manual faults are in the log: a replay rebuilds them', () => {
    const ref = table('wrc2015');
    manual(ref, 1, 'WRC-F-PHONE', { kind: 'points', points: 2 });
    manual(ref, 2, 'WRC-F-REVEAL-UNFAIR');
    const again = Referee.replay({ rules: makeRuleset('wrc2015'), seed: 'manual-wrc2015' }, ref.log);
    expect(again.faults).toEqual(ref.faults);
    expect(again.game.penalties).toEqual(ref.game.penalties);
  });
});
