/**
 * The referee's automatic judgements under the WRC rulebook (wrc2015, 'penalise'): each scenario
 * is built from a fixed wall and commands, and checks the fault's rule ID and penalty, its effect
 * on the table (scores, sticks, the end of the hand and the redeal), its global effect (the
 * penalty ledger and the standings) and what the seats are told (docs/REFEREE.md §1.5, §3).
 */
import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { Command, Seat } from '@jantaku/shared/game/types';
import {
  refereeScenario, refPassClaims, refPlay, refTsumogiri, refTsumogiriUntil, scenarioOptions, snapshot, tileOf, tilesOf, type Scenario,
} from '../support/scenario';
import { expectAnnounced, faultEvents, faulty, ofType, startOf } from '../support/referee';

const RULES = 'wrc2015';

/*
 * The base deal. Seat 0 (East) and seat 3 are noten; seat 1 waits on 1z/5z (shanpon, yakuhai on
 * both), seat 2 on 6z/7z (shanpon, yakuhai on both).
 */
const HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'];
const deal = (draws: Scenario['draws'], extra: Partial<Scenario> = {}): Scenario => ({ rules: RULES, haipai: HAIPAI, draws, ...extra });


describe('false wins', () => {
  /*
   * East 1, 1 honba, one stick carried in; West (seat 2) declares riichi this hand; North (seat 3)
   * discards 8m and South (seat 1), waiting on 1z/5z, calls ron on it.
   */
  const spec = deal(['9m', '9p', '1s', '8m'], { start: { round: 0, honba: 1, riichiSticks: 1, scores: [30000, 30000, 30000, 30000] } });
  const toFalseRon = () => {
    const ref = refereeScenario(spec);
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, [2, { type: 'riichi', tile: tileOf(g, 2, '1s') }]);
    refPassClaims(ref);
    expect(g.scores).toEqual([30000, 30000, 29000, 30000]);
    expect(g.riichiSticks).toBe(2);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '8m') }]);
    return ref;
  };

  it('WRC-F-FALSE-WIN-REVEALED: a shown ron on a tile that does not win is chombo when the window closes: 20 points, sticks of this hand returned, redeal', () => {
    const ref = toFalseRon();
    const g = ref.game;
    const r = faulty(ref, 1, { type: 'ron' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', penalty: { kind: 'chombo' }, hand: 0 });
    expectAnnounced(r.events, 1, 'WRC-F-FALSE-WIN-REVEALED', { kind: 'chombo' });
    // The chombo waits for the window (P4): the ron counts as the seat's pass, nothing is paid yet.
    expect(g.phase).toBe('claims');
    expect(g.legalActions(1)).toEqual([]);
    expect(g.penalties).toEqual([]);
    const end = refPassClaims(ref);
    const ended = ofType(end, 'handEnded');
    expect(ended).toHaveLength(1);
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', deltas: [0, 0, 0, 0] }], sticksReturned: [2], wins: [] });
    // The hand was shown with the declaration: it is revealed with the result.
    expect(g.lastResult!.revealed.map((x) => x.seat)).toEqual([1]);
    // WRC-P-CHOMBO: 20 global points; table points unchanged but for West's refund; the carried stick stays.
    expect(g.penalties).toEqual([{ seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', points: 20, hand: 0 }]);
    expect(ofType(end, 'penalty')).toEqual([{ to: 'all', type: 'penalty', seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', points: 20 }]);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.riichiSticks).toBe(1);
    expect(ref.faults).toHaveLength(1);
    // Redeal: East 1 again with 1 honba, the same dealer, the carried stick on the table.
    expect(ref.nextHand().ok).toBe(true);
    expect(startOf(ref)).toEqual({ round: 0, honba: 1, riichiSticks: 1, dealer: 0 });
    expect(g.hands).toHaveLength(2);
  });

  it('WRC-F-FALSE-WIN-HIDDEN: a ron with reveal false on a tile that does not win gives a dead hand; the window goes on and nothing is shown', () => {
    const ref = toFalseRon();
    const g = ref.game;
    const r = faulty(ref, 1, { type: 'ron', reveal: false });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-FALSE-WIN-HIDDEN', penalty: { kind: 'deadHand' } });
    expectAnnounced(r.events, 1, 'WRC-F-FALSE-WIN-HIDDEN', { kind: 'deadHand' });
    expect(ofType(r.events, 'deadHand')).toEqual([{ to: 'all', type: 'deadHand', seat: 1, rule: 'WRC-F-FALSE-WIN-HIDDEN' }]);
    // P6: a hidden false win reveals nothing: the fault and the dead hand are all that is said.
    expect(r.events.map((e) => e.type)).toEqual(['fault', 'deadHand']);
    expect(faultEvents(r.events)[0]).not.toHaveProperty('revealed');
    expect(g.seats[1].deadHand).toBe(true);
    expect(g.phase).toBe('claims');
    expect(g.legalActions(1)).toEqual([]);
    const rest = refPassClaims(ref);
    expect(ofType(rest, 'handEnded')).toEqual([]);
    expect(g.phase).toBe('turn');
    expect(g.turn).toBe(0);
    expect(g.penalties).toEqual([]);
    expect(g.scores).toEqual([30000, 30000, 29000, 30000]);
  });

  it('WRC-P-CHOMBO: a shown tsumo on an incomplete hand ends the hand at once: 20 points, this hand\'s stick back, redeal with the same dealer and honba', () => {
    // East 2 (seat 1 deals), 2 honba: the dealer declares riichi, then seat 2 declares a false tsumo.
    const ref = refereeScenario(deal(['', '9p', '1s', ''], { start: { round: 1, honba: 2, riichiSticks: 0, scores: [30000, 30000, 30000, 30000] } }));
    const g = ref.game;
    expect(g.dealer).toBe(1);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    expect(g.riichiSticks).toBe(1);
    const r = faulty(ref, 2, { type: 'tsumo', reveal: true });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WRC-F-FALSE-WIN-REVEALED', penalty: { kind: 'chombo' } });
    const f = faultEvents(r.events);
    expect(f).toHaveLength(1);
    // Announced first, then the hand ends in the same answer.
    expect(r.events.findIndex((e) => e.type === 'fault')).toBeLessThan(r.events.findIndex((e) => e.type === 'handEnded'));
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 2, rule: 'WRC-F-FALSE-WIN-REVEALED', deltas: [0, 0, 0, 0] }], sticksReturned: [1] });
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.riichiSticks).toBe(0);
    expect(g.penalties).toEqual([{ seat: 2, rule: 'WRC-F-FALSE-WIN-REVEALED', points: 20, hand: 0 }]);
    expect(g.nextStart()).toEqual({ round: 1, honba: 2, riichiSticks: 0, scores: [30000, 30000, 30000, 30000] });
    ref.nextHand();
    expect(startOf(ref)).toEqual({ round: 1, honba: 2, riichiSticks: 0, dealer: 1 });
  });

  it('WRC-CHOMBO-WIN-SAME-TIME: a shown false ron in the window of a valid ron is cancelled and the win is paid', () => {
    // Seat 0 discards 5z: seat 1 wins on it (haku); seat 2 declares a ron it does not have.
    const ref = refereeScenario(deal(['5z', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    const r = faulty(ref, 2, { type: 'ron' });
    expect(r.fault.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    refPlay(ref, [3, { type: 'pass' }]);
    const end = refPlay(ref, [1, { type: 'ron' }]);
    expect(g.lastResult!.kind).toBe('win');
    expect(g.lastResult!.wins.map((w) => w.winner)).toEqual([1]);
    const paid = g.lastResult!.deltas;
    expect(paid[1]).toBeGreaterThan(0);
    expect(paid[2]).toBe(0);
    expect(g.scores).toEqual([30000 + paid[0], 30000 + paid[1], 30000, 30000]);
    // The cancellation is announced before the result; the chombo is recorded as cancelled, once.
    const f = faultEvents(end);
    expect(f).toEqual([expect.objectContaining({ to: 'all', seat: 2, rule: 'WRC-CHOMBO-WIN-SAME-TIME', penalty: { kind: 'none' } })]);
    expect(end.findIndex((e) => e.type === 'fault')).toBeLessThan(end.findIndex((e) => e.type === 'handEnded'));
    expect(ref.faults).toEqual([expect.objectContaining({ seat: 2, rule: 'WRC-F-FALSE-WIN-REVEALED', cancelled: true })]);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-CHOMBO-DRAW-SAME-TIME: a shown false ron on the last discard is chombo at the exhaustive draw: no noten payment, no honba', () => {
    const ref = refereeScenario(deal(undefined));
    const g = ref.game;
    refTsumogiriUntil(ref, (x) => x.remaining === 0);
    // The last tile: seats 1 and 2 are tenpai and would be paid 1,500 each.
    const last = g.turn;
    expect(last).toBe(1);
    refPlay(ref, [1, { type: 'discard', tile: g.seats[1].drawn! }]);
    const r = faulty(ref, 0, { type: 'ron' });
    expect(r.fault.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    refPassClaims(ref);
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 0, rule: 'WRC-F-FALSE-WIN-REVEALED' }], tenpai: [] });
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.penalties).toEqual([{ seat: 0, rule: 'WRC-F-FALSE-WIN-REVEALED', points: 20, hand: 0 }]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0 });
  });
});

describe('dead hands', () => {
  /* Seat 1 (tenpai on 1z/5z) declares a ron it does not have on seat 0's 9m, with reveal false. */
  const spec = deal(['9m', '5z', '', '1z']);
  const dead = () => {
    const ref = refereeScenario(spec);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    expect(faulty(ref, 1, { type: 'ron', reveal: false }).fault.rule).toBe('WRC-F-FALSE-WIN-HIDDEN');
    refPassClaims(ref);
    expect(g.turn).toBe(1);
    return ref;
  };

  it('WRC-P-DEAD: a dead hand is offered no tsumo, riichi or ron, still chooses its discards, and is noten at the exhaustive draw', () => {
    const ref = dead();
    const g = ref.game;
    // Seat 1 draws 5z: a winning tsumo for a live hand; a dead one may only discard, any tile.
    expect(g.seats[1].drawn! >> 2).toBe(31);
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['discard']);
    expect((g.legalActions(1)[0] as { tiles: number[] }).tiles).toHaveLength(14);
    refTsumogiri(ref);
    refTsumogiri(ref);
    // Seat 3 discards 1z, seat 1's other wait: seat 1 may only pass.
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '1z') }]);
    expect(g.legalActions(1)).toEqual([{ type: 'pass' }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref);
    // Seat 1 still holds its tenpai shape, but a dead hand is noten: seat 2 alone is paid.
    expect(g.seats[1].waits().length).toBeGreaterThan(0);
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', tenpai: [2], deltas: [-1000, -1000, 3000, -1000] });
    expect(g.scores).toEqual([29000, 29000, 33000, 29000]);
    expect(ref.faults.map((f) => f.rule)).toEqual(['WRC-F-FALSE-WIN-HIDDEN']);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-F-CALL-WHILE-DEAD-ANNOUNCED: riichi and pon by an announced dead hand cost 20 points each; the riichi tile is a plain discard and play goes on', () => {
    const ref = dead();
    const g = ref.game;
    const r = faulty(ref, 1, { type: 'riichi', tile: g.seats[1].drawn! });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', penalty: { kind: 'points', points: 20 } });
    expectAnnounced(r.events, 1, 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', { kind: 'points', points: 20 });
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, riichi: false })]);
    expect(g.seats[1].riichi).toBe('none');
    refPassClaims(ref);
    expect(g.riichiSticks).toBe(0);
    refTsumogiri(ref);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '1z') }]);
    const p = faulty(ref, 1, { type: 'pon', tiles: tilesOf(g, 1, '11z') as [number, number] });
    expect(p.fault).toMatchObject({ seat: 1, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', penalty: { kind: 'points', points: 20 } });
    expect(g.legalActions(1)).toEqual([]);
    refPassClaims(ref);
    expect(g.seats[1].melds).toEqual([]);
    expect(g.turn).toBe(0);
    // WRC-P-POINTS: global points only; the table is untouched.
    expect(g.penalties).toEqual([
      { seat: 1, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points: 20, hand: 0 },
      { seat: 1, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points: 20, hand: 0 },
    ]);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('WRC-F-CALL-WHILE-DEAD: ankan, riichi, pon and ron by a dead hand are each cancelled as calls and cost 20 points', () => {
    // Seat 3 (222234m567p99s55z, tenpai on 9s/5z) gets a dead hand by a hidden false ron on seat 1's 1m.
    const ref = refereeScenario({ rules: RULES, haipai: DEAD_HAIPAI, draws: ['9m5z9s', '1m', '', ''] });
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '1m') }]);
    expect(faulty(ref, 3, { type: 'ron', reveal: false }).fault.rule).toBe('WRC-F-FALSE-WIN-HIDDEN');
    refPassClaims(ref);
    refTsumogiri(ref);
    const dead = (command: Command) => {
      const r = faulty(ref, 3, command);
      expect(r.fault).toMatchObject({ seat: 3, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', penalty: { kind: 'points', points: 20 } });
      return r;
    };
    // Its turn: four 2m, but no kan (nothing moves); its riichi becomes a plain discard.
    const melds = JSON.stringify(g.seats[3]);
    dead({ type: 'ankan', tile: tileOf(g, 3, '2m') });
    expect(JSON.stringify(g.seats[3])).toBe(melds);
    expect(g.turn).toBe(3);
    dead({ type: 'riichi', tile: g.seats[3].drawn! });
    expect(g.seats[3].riichi).toBe('none');
    refPassClaims(ref);
    // Seat 0 discards 5z: no pon; later 9s: no ron.
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    dead({ type: 'pon', tiles: tilesOf(g, 3, '55z') as [number, number] });
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 0);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9s') }]);
    dead({ type: 'ron' });
    refPassClaims(ref);
    expect(g.phase).toBe('turn');
    expect(g.seats[3].melds).toEqual([]);
    expect(g.penalties.map((p) => [p.seat, p.rule, p.points])).toEqual(Array(4).fill([3, 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', 20]));
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('WRC-F-KUIKAE: discarding the swap tile after chii stands and gives a dead hand', () => {
    // Seat 0 discards 4m; seat 1 chiis it with 2m3m and discards 1m (suji swap).
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }], [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['chii']);
    const oneM = tileOf(g, 1, '1m');
    const r = faulty(ref, 1, { type: 'discard', tile: oneM });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-KUIKAE', penalty: { kind: 'deadHand' } });
    expectAnnounced(r.events, 1, 'WRC-F-KUIKAE', { kind: 'deadHand' });
    // The discard stands: it is in the pond and open to claims.
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile: oneM })]);
    expect(g.seats[1].discards.map((d) => d.tile)).toEqual([oneM]);
    expect(g.seats[1].hand).not.toContain(oneM);
    expect(g.seats[1].deadHand).toBe(true);
    expect(g.phase).toBe('claims');
    expect(g.claimTile).toBe(oneM);
  });
});

describe('riichi', () => {
  it('WRC-F-RIICHI-NOTEN: a noten riichi is applied silently, then chombo at the exhaustive draw with no noten payment and no honba (WRC-CHOMBO-DRAW-SAME-TIME)', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    const r = ref.apply(0, { type: 'riichi', tile: tileOf(g, 0, '9m') });
    // Looks like any riichi: no fault, no fault event, the riichi tile turned.
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.fault).toBeFalsy();
    expect(r.ok && faultEvents(r.events)).toEqual([]);
    expect(r.ok && ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 0, riichi: true })]);
    expect(ref.faults).toEqual([]);
    refPassClaims(ref);
    expect(g.scores[0]).toBe(29000);
    const end = refTsumogiriUntil(ref);
    // Judged at the draw: announced before the result.
    expectAnnounced(end, 0, 'WRC-F-RIICHI-NOTEN', { kind: 'chombo' });
    expect(end.findIndex((e) => e.type === 'fault')).toBeLessThan(end.findIndex((e) => e.type === 'handEnded'));
    // Seats 1 and 2 are tenpai, but the chombo replaces the draw's payments.
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 0, rule: 'WRC-F-RIICHI-NOTEN' }], sticksReturned: [0], tenpai: [] });
    expect(g.lastResult!.revealed.map((x) => x.seat)).toEqual([0]);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.riichiSticks).toBe(0);
    expect(g.penalties).toEqual([{ seat: 0, rule: 'WRC-F-RIICHI-NOTEN', points: 20, hand: 0 }]);
    expect(ref.faults).toEqual([expect.objectContaining({ seat: 0, rule: 'WRC-F-RIICHI-NOTEN', penalty: { kind: 'chombo' } })]);
    ref.nextHand();
    expect(startOf(ref)).toEqual({ round: 0, honba: 0, riichiSticks: 0, dealer: 0 });
  });

  it('WRC-F-RIICHI-NOTEN: a noten riichi is not judged when another seat wins; the win takes its stick', () => {
    // Seat 0 declares a noten riichi; seat 1 draws 5z and wins by tsumo.
    const ref = refereeScenario(deal(['9m', '5z', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'riichi', tile: tileOf(g, 0, '9m') }]);
    refPassClaims(ref);
    const end = refPlay(ref, [1, { type: 'tsumo' }]);
    expect(faultEvents(end)).toEqual([]);
    expect(g.lastResult!.kind).toBe('win');
    expect(g.lastResult!.wins[0].deltas[1]).toBeGreaterThan(1000);
    expect(g.riichiSticks).toBe(0);
    expect(ref.faults).toEqual([]);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-F-RIICHI-WHEN-JUDGED: a noten riichi is not judged at an abortive draw (four winds, a WRC ruleset that has it)', () => {
    const rules = makeRuleset('wrc2015', { abortiveDraws: { fourWinds: true } });
    const ref = refereeScenario({ rules, haipai: FOUR_WINDS, draws: ['1z', '1z', '1z', '1z'] });
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    expect(ref.apply(3, { type: 'riichi', tile: g.seats[3].drawn! })).toMatchObject({ ok: true });
    const end = refPassClaims(ref);
    expect(faultEvents(end)).toEqual([]);
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'fourWinds' });
    expect(ref.faults).toEqual([]);
    expect(g.penalties).toEqual([]);
    // The stick stays on the table for the next winner; a counter is added.
    expect(g.scores).toEqual([30000, 30000, 30000, 29000]);
    expect(g.riichiSticks).toBe(1);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 1, riichiSticks: 1 });
  });

  it('WRC-F-RIICHI-NOTEN-DEAD-EXCEPTION: a valid riichi later made dead pays as noten, no chombo; a dead dealer passes the deal', () => {
    // West (seat 2) deals; it declares a valid riichi, then a hidden false ron makes it dead.
    const ref = refereeScenario(deal(['', '', '1s', '8m'], { start: { round: 2, honba: 0, riichiSticks: 0, scores: [30000, 30000, 30000, 30000] } }));
    const g = ref.game;
    expect(g.dealer).toBe(2);
    refPlay(ref, [2, { type: 'riichi', tile: tileOf(g, 2, '1s') }]);
    refPassClaims(ref);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '8m') }]);
    expect(faulty(ref, 2, { type: 'ron', reveal: false }).fault.rule).toBe('WRC-F-FALSE-WIN-HIDDEN');
    refPassClaims(ref);
    const end = refTsumogiriUntil(ref);
    expect(faultEvents(end)).toEqual([]);
    // Seat 1 alone is tenpai; West pays as noten and keeps no deal.
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', tenpai: [1], deltas: [-1000, 3000, -1000, -1000] });
    expect(g.scores).toEqual([29000, 33000, 28000, 29000]);
    expect(ref.faults.map((f) => f.rule)).toEqual(['WRC-F-FALSE-WIN-HIDDEN']);
    expect(g.penalties).toEqual([]);
    expect(g.nextStart()).toMatchObject({ round: 3, honba: 1, riichiSticks: 1 });
  });

  /*
   * Seat 1 holds 111m23m456p789s55z (waits 1m, 4m, 5z), declares riichi, draws the fourth 1m and
   * makes a concealed kan of it: the waits become 1m, 4m.
   */
  const BAD_KAN: Scenario['haipai'] = ['258m258p369s1234z', '111m23m456p789s55z', '234m567p678s6677z', '369m147p258s2345z'];
  const toBadKan = (rules: string, draws: Scenario['draws']) => {
    const ref = refereeScenario({ rules, haipai: BAD_KAN, draws });
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const r = ref.apply(1, { type: 'ankan', tile: tileOf(g, 1, '1m') });
    return { ref, r };
  };

  it('WRC-F-RIICHI-BAD-ANKAN: a concealed kan changing the waits in riichi is applied silently and is chombo at his own win', () => {
    const { ref, r } = toBadKan(RULES, ['9m', '9p1m4m', '', '']);
    const g = ref.game;
    expect(r.ok && r.fault).toBeFalsy();
    expect(r.ok && faultEvents(r.events)).toEqual([]);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['ankan']);
    // The replacement tile 4m completes the hand: the win is void and the chombo stands (D10).
    const end = refPlay(ref, [1, { type: 'tsumo' }]);
    expectAnnounced(end, 1, 'WRC-F-RIICHI-BAD-ANKAN', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', wins: [], chombo: [{ seat: 1, rule: 'WRC-F-RIICHI-BAD-ANKAN' }], sticksReturned: [1] });
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.penalties).toEqual([{ seat: 1, rule: 'WRC-F-RIICHI-BAD-ANKAN', points: 20, hand: 0 }]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0 });
  });

  it('WRC-F-RIICHI-BAD-ANKAN: ... or at the exhaustive draw', () => {
    const { ref } = toBadKan(RULES, ['9m', '9p1m', '', '']);
    const g = ref.game;
    const end = refTsumogiriUntil(ref);
    expectAnnounced(end, 1, 'WRC-F-RIICHI-BAD-ANKAN', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'WRC-F-RIICHI-BAD-ANKAN' }], sticksReturned: [1] });
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.penalties.map((p) => [p.seat, p.points])).toEqual([[1, 20]]);
  });

  it('WRC-F-RIICHI-OPEN-HAND: riichi after a pon is cancelled, its tile discarded as a plain discard, no stick, no penalty', () => {
    // Seat 1 pons seat 0's 5z, discards 9s; on its next turn it declares riichi with its draw.
    const ref = refereeScenario(deal(['5z', '3p', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const tile = tileOf(g, 1, '3p');
    const r = faulty(ref, 1, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-RIICHI-OPEN-HAND', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 1, 'WRC-F-RIICHI-OPEN-HAND', { kind: 'none' });
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile, riichi: false })]);
    const rest = refPassClaims(ref);
    expect(ofType(rest, 'riichiAccepted')).toEqual([]);
    expect(g.seats[1].riichi).toBe('none');
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
    expect(g.riichiSticks).toBe(0);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-F-RIICHI-CANCELLED: a riichi cancelled on an open noten hand takes no stick and is not judged noten at the draw', () => {
    // As above, but the riichi tile (1z) leaves the hand noten.
    const ref = refereeScenario(deal(['5z', '3p', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    expect(faulty(ref, 1, { type: 'riichi', tile: tileOf(g, 1, '1z') }).fault.rule).toBe('WRC-F-RIICHI-OPEN-HAND');
    refPassClaims(ref);
    expect(g.seats[1].isTenpai()).toBe(false);
    expect(g.seats[1].notenRiichi).toBe(false);
    const end = refTsumogiriUntil(ref);
    expect(faultEvents(end)).toEqual([]);
    // An ordinary draw: seat 2 alone tenpai; seat 1 pays as noten, no chombo.
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', tenpai: [2], deltas: [-1000, -1000, 3000, -1000] });
    expect(ref.faults.map((f) => f.rule)).toEqual(['WRC-F-RIICHI-OPEN-HAND']);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-F-FALSE-CALL-RIICHI: riichi below the ruleset\'s minimum points becomes a plain discard, no stick, no penalty', () => {
    const ref = refereeScenario(deal(['', '9p', '', ''], { start: { round: 0, honba: 0, riichiSticks: 0, scores: [40000, -1000, 41000, 40000] } }));
    const g = ref.game;
    refTsumogiri(ref);
    const tile = tileOf(g, 1, '9p');
    const r = faulty(ref, 1, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-FALSE-CALL-RIICHI', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 1, 'WRC-F-FALSE-CALL-RIICHI', { kind: 'none' });
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile, riichi: false })]);
    refPassClaims(ref);
    expect(g.seats[1].riichi).toBe('none');
    expect(g.scores).toEqual([40000, -1000, 41000, 40000]);
    expect(g.riichiSticks).toBe(0);
  });

  it('WRC-F-FALSE-CALL-RIICHI: riichi with three wall tiles left becomes a plain discard', () => {
    // Seat 2 is tenpai: with four tiles left its riichi would be legal.
    const ref = refereeScenario(deal(undefined));
    const g = ref.game;
    refTsumogiriUntil(ref, (x) => x.turn === 2 && x.remaining < 4);
    expect(g.remaining).toBe(3);
    const tile = g.seats[2].drawn!;
    const r = faulty(ref, 2, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WRC-F-FALSE-CALL-RIICHI', penalty: { kind: 'none' } });
    expect(g.seats[2].discards.at(-1)).toMatchObject({ tile, riichi: false });
    refPassClaims(ref);
    expect(g.seats[2].riichi).toBe('none');
    expect(g.riichiSticks).toBe(0);
    expect(g.scores[2]).toBe(30000);
  });

  it('WRC-P-NONE: in riichi, discarding a tile other than the drawn one is announced with no penalty and cancelled', () => {
    const ref = refereeScenario(deal(['', '9p', '', '']));
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const before = snapshot(g);
    const r = faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '2m') });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-P-NONE', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 1, 'WRC-P-NONE', { kind: 'none' });
    expect(r.events).toHaveLength(1);
    // Cancelled: the seat discards again, from the same state.
    expect(snapshot(g)).toBe(before);
    refTsumogiri(ref);
    expect(g.penalties).toEqual([]);
    expect(g.seats[1].deadHand).toBe(false);
  });
});

describe('false calls', () => {
  it('WRC-F-FALSE-CALL-MELD: a pon naming tiles not held is announced without penalty and counts as a pass', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    const nineM = tileOf(g, 0, '9m');
    refPlay(ref, [0, { type: 'discard', tile: nineM }]);
    const others = [0, 1, 2, 3].map((i) => (nineM & ~3) + i).filter((t) => t !== nineM).slice(0, 2) as [number, number];
    const r = faulty(ref, 2, { type: 'pon', tiles: others });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WRC-F-FALSE-CALL-MELD', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 2, 'WRC-F-FALSE-CALL-MELD', { kind: 'none' });
    expect(g.legalActions(2)).toEqual([]);
    refPassClaims(ref);
    expect(g.seats[2].melds).toEqual([]);
    expect(g.turn).toBe(1);
    expect(g.penalties).toEqual([]);
    expect(g.seats[2].deadHand).toBe(false);
  });

  it('WRC-F-FALSE-CALL-MELD: an invalid chii that is not corrected (the seat passes) is withdrawn as a false call', () => {
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    expect(faulty(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '12m') as [number, number] }).fault.rule).toBe('WRC-F-INVALID-GROUP');
    const r = faulty(ref, 1, { type: 'pass' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-FALSE-CALL-MELD', penalty: { kind: 'none' } });
    refPassClaims(ref);
    expect(g.seats[1].melds).toEqual([]);
    expect(ref.faults.map((f) => f.rule)).toEqual(['WRC-F-INVALID-GROUP', 'WRC-F-FALSE-CALL-MELD']);
  });

  it('WRC-F-INVALID-GROUP: a chii naming held tiles that are no run is announced without penalty; nothing moves and the seat may still answer', () => {
    // Seat 0 discards 4m; seat 1 names 1m2m (no run with 4m).
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    const before = snapshot(g);
    const r = faulty(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '12m') as [number, number] });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WRC-F-INVALID-GROUP', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 1, 'WRC-F-INVALID-GROUP', { kind: 'none' });
    expect(r.events).toHaveLength(1);
    expect(snapshot(g)).toBe(before);
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
    // The other seats' answers do not close the window on it.
    refPlay(ref, [2, { type: 'pass' }], [3, { type: 'pass' }]);
    expect(g.phase).toBe('claims');
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.penalties).toEqual([]);
  });

  it('WRC-F-INVALID-GROUP-CORRECT: re-sending a valid chii in the same window makes the call without penalty', () => {
    // Seat 0 discards 4m; seat 1 names 1m2m (no run with 4m), then 2m3m.
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    expect(faulty(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '12m') as [number, number] }).fault.rule).toBe('WRC-F-INVALID-GROUP');
    refPlay(ref, [2, { type: 'pass' }], [3, { type: 'pass' }]);
    const c = faulty(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
    expect(c.fault).toMatchObject({ seat: 1, rule: 'WRC-F-INVALID-GROUP-CORRECT', penalty: { kind: 'none' } });
    expect(ofType(c.events, 'called')).toHaveLength(1);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['chii']);
    expect(g.turn).toBe(1);
    expect(g.penalties).toEqual([]);
    expect(g.seats[1].deadHand).toBe(false);
  });

  it('WRC-F-FALSE-CALL-ANKAN: a concealed kan with three tiles is cancelled without penalty', () => {
    const ref = refereeScenario(deal(['', '', '6z', '']));
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    const before = snapshot(g);
    const r = faulty(ref, 2, { type: 'ankan', tile: tileOf(g, 2, '6z') });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WRC-F-FALSE-CALL-ANKAN', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 2, 'WRC-F-FALSE-CALL-ANKAN', { kind: 'none' });
    expect(r.events).toHaveLength(1);
    expect(snapshot(g)).toBe(before);
    expect(g.seats[2].melds).toEqual([]);
    expect(g.turn).toBe(2);
  });
});

describe('families of faults', () => {
  /** Each case: a referee brought to the declaration, the declaration, and the row it must lead to. */
  type Case = { name: string; build: () => Referee; seat: Seat; command: (g: Referee['game']) => Command; rule: string | null; penalty?: object };
  const afterPon = () => {
    const ref = refereeScenario(deal(['5z', '3p', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    return ref;
  };
  const poor = () => {
    const ref = refereeScenario(deal(['', '9p', '', ''], { start: { round: 0, honba: 0, riichiSticks: 0, scores: [40000, -1000, 41000, 40000] } }));
    refTsumogiri(ref);
    return ref;
  };
  const deadSeat1 = () => {
    const ref = refereeScenario(deal(['9m', '9p', '', '']));
    refPlay(ref, [0, { type: 'discard', tile: tileOf(ref.game, 0, '9m') }]);
    ref.apply(1, { type: 'ron', reveal: false });
    refPassClaims(ref);
    return ref;
  };
  const atNineM = () => {
    const ref = refereeScenario(deal(['9m', '', '6z', '']));
    refPlay(ref, [0, { type: 'discard', tile: tileOf(ref.game, 0, '9m') }]);
    return ref;
  };
  const seat2Turn = () => {
    const ref = refereeScenario(deal(['', '', '6z', '']));
    refTsumogiri(ref);
    refTsumogiri(ref);
    return ref;
  };
  const NONE = { kind: 'none' };

  /** The fault is announced with its row; a cancelled declaration leaves the seat's tiles where they were. */
  const judgeCase = (c: Case) => {
    const ref = c.build();
    const g = ref.game;
    const tiles = JSON.stringify({ hand: [...g.seats[c.seat].hand].sort((a, b) => a - b), melds: g.seats[c.seat].melds });
    const command = c.command(g);
    const r = ref.apply(c.seat, command);
    expect(r.ok, c.name).toBe(true);
    if (!r.ok) return { ref, r, tiles, command };
    if (c.rule === null) expect(r.fault, c.name).toBeUndefined();
    else expect(r.fault, c.name).toMatchObject({ seat: c.seat, rule: c.rule, penalty: c.penalty ?? NONE });
    return { ref, r, tiles, command };
  };

  it('WRC-F-FALSE-CALL: every false call (pon, chii, concealed kan, riichi) is cancelled without penalty and moves no tile of the seat', () => {
    const cases: Case[] = [
      { name: 'pon not held', build: atNineM, seat: 2, command: (g) => ({ type: 'pon', tiles: [1, 2].map((i) => (g.claimTile! & ~3) + ((g.claimTile! + i) % 4)) as [number, number] }), rule: 'WRC-F-FALSE-CALL-MELD' },
      { name: 'chii from the opposite seat', build: atNineM, seat: 2, command: (g) => ({ type: 'chii', tiles: tilesOf(g, 2, '23m') as [number, number] }), rule: 'WRC-F-FALSE-CALL-MELD' },
      { name: 'kan of three', build: seat2Turn, seat: 2, command: (g) => ({ type: 'ankan', tile: tileOf(g, 2, '6z') }), rule: 'WRC-F-FALSE-CALL-ANKAN' },
      { name: 'riichi below the minimum', build: poor, seat: 1, command: (g) => ({ type: 'riichi', tile: tileOf(g, 1, '9p') }), rule: 'WRC-F-FALSE-CALL-RIICHI' },
    ];
    for (const c of cases) {
      const { ref, r, tiles, command } = judgeCase(c);
      const g = ref.game;
      expect(g.penalties, c.name).toEqual([]);
      expect(g.seats[c.seat].deadHand, c.name).toBe(false);
      expect(g.seats[c.seat].riichi, c.name).toBe('none');
      if (command.type !== 'riichi') expect(JSON.stringify({ hand: [...g.seats[c.seat].hand].sort((a, b) => a - b), melds: g.seats[c.seat].melds }), c.name).toBe(tiles);
      else expect(r.ok && ofType(r.events, 'discarded'), c.name).toEqual([expect.objectContaining({ seat: c.seat, riichi: false })]);
    }
  });

  it('WRC-F-RIICHI: each riichi fault leads to its row: open hand, false call, noten (deferred), dead hand', () => {
    const riichiWithDrawn = (g: Referee['game']): Command => ({ type: 'riichi', tile: g.seats[g.turn].drawn! });
    const cases: Case[] = [
      { name: 'open hand', build: afterPon, seat: 1, command: riichiWithDrawn, rule: 'WRC-F-RIICHI-OPEN-HAND' },
      { name: 'below the minimum points', build: poor, seat: 1, command: riichiWithDrawn, rule: 'WRC-F-FALSE-CALL-RIICHI' },
      { name: 'noten', build: () => refereeScenario(deal(['9m', '', '', ''])), seat: 0, command: riichiWithDrawn, rule: null },
      { name: 'dead hand', build: deadSeat1, seat: 1, command: riichiWithDrawn, rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', penalty: { kind: 'points', points: 20 } },
    ];
    for (const c of cases) {
      const { ref } = judgeCase(c);
      const s = ref.game.seats[c.seat];
      // Only the noten riichi stands (to be judged at the end of the hand); the others are plain discards.
      expect(s.riichi, c.name).toBe(c.rule === null ? 'double' : 'none');
      expect(s.notenRiichi, c.name).toBe(c.rule === null);
      expect(s.discards.at(-1)!.riichi, c.name).toBe(c.rule === null);
    }
  });
});

describe('the global score', () => {
  it('WRC-P-POINTS-RATE: at the end of the game 1 global point is 1,000 table points and a chombo\'s 20 points come off the final score only', () => {
    // South 4 (seat 3 deals): the dealer's false tsumo is chombo; the redeal ends in an exhaustive
    // draw with seats 1 and 2 tenpai, the dealer noten: the game is over.
    const ref = refereeScenario(deal(undefined, { start: { round: 7, honba: 0, riichiSticks: 0, scores: [45000, 31000, 24000, 20000] } }));
    const g = ref.game;
    expect(g.dealer).toBe(3);
    expect(faulty(ref, 3, { type: 'tsumo' }).fault.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    expect(g.phase).toBe('handEnded');
    ref.nextHand();
    expect(startOf(ref)).toEqual({ round: 7, honba: 0, riichiSticks: 0, dealer: 3 });
    const end = refTsumogiriUntil(ref);
    expect(g.phase).toBe('gameOver');
    expect(g.scores).toEqual([43500, 32500, 25500, 18500]);
    // final = (points - 30,000) / 1,000 + uma [15, 5, -5, -15] - penalty.
    expect(g.standings).toEqual([
      { seat: 0, rank: 1, points: 43500, penalty: 0, final: 28.5 },
      { seat: 1, rank: 2, points: 32500, penalty: 0, final: 7.5 },
      { seat: 2, rank: 3, points: 25500, penalty: 0, final: -9.5 },
      { seat: 3, rank: 4, points: 18500, penalty: 20, final: -46.5 },
    ]);
    expect(ofType(end, 'gameEnded')).toEqual([expect.objectContaining({ standings: g.standings })]);
  });

  it('WRC-P-POINTS-RATE: a penalty never changes ranks or uma (the rulebook example: 40,000 first is 25; 20 points off leave 5)', () => {
    // South 4, nobody tenpai: seat 0 (first on 40,000) gets a dead hand by a hidden false ron on
    // the dealer's 8m, then declares riichi with it: WRC-F-CALL-WHILE-DEAD-ANNOUNCED, 20 points.
    const ref = refereeScenario({ rules: RULES, haipai: NOTEN, draws: ['', '', '', '8m'], start: { round: 7, honba: 0, riichiSticks: 0, scores: [40000, 30000, 26000, 24000] } });
    const g = ref.game;
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '8m') }]);
    expect(faulty(ref, 0, { type: 'ron', reveal: false }).fault.rule).toBe('WRC-F-FALSE-WIN-HIDDEN');
    refPassClaims(ref);
    expect(faulty(ref, 0, { type: 'riichi', tile: g.seats[0].drawn! }).fault).toMatchObject({ rule: 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', penalty: { kind: 'points', points: 20 } });
    refPassClaims(ref);
    refTsumogiriUntil(ref);
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', tenpai: [] });
    expect(g.phase).toBe('gameOver');
    expect(g.scores).toEqual([40000, 30000, 26000, 24000]);
    expect(g.standings).toEqual([
      { seat: 0, rank: 1, points: 40000, penalty: 20, final: 5 },
      { seat: 1, rank: 2, points: 30000, penalty: 0, final: 5 },
      { seat: 2, rank: 3, points: 26000, penalty: 0, final: -9 },
      { seat: 3, rank: 4, points: 24000, penalty: 0, final: -21 },
    ]);
  });
});

describe('replay', () => {
  const check = (spec: Scenario, drive: (ref: Referee) => void) => {
    const ref = refereeScenario(spec);
    drive(ref);
    const again = Referee.replay(scenarioOptions(spec), ref.log);
    expect(again.faults).toEqual(ref.faults);
    expect(again.game.penalties).toEqual(ref.game.penalties);
    expect(again.game.scores).toEqual(ref.game.scores);
    expect(again.game.riichiSticks).toBe(ref.game.riichiSticks);
    expect(again.game.hands.map((h) => h.result)).toEqual(ref.game.hands.map((h) => h.result));
    expect(snapshot(again.game)).toBe(snapshot(ref.game));
    return ref;
  };

  it('WRC-F-FALSE-WIN-HIDDEN, WRC-F-CALL-WHILE-DEAD-ANNOUNCED, WRC-F-INVALID-GROUP-CORRECT, WRC-F-KUIKAE: the referee log replays to the same faults, ledger and scores', () => {
    const ref = check(deal(['9m', '5z', '', '1z']), (r) => {
      const g = r.game;
      refPlay(r, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
      r.apply(1, { type: 'ron', reveal: false });
      refPassClaims(r);
      r.apply(1, { type: 'riichi', tile: g.seats[1].drawn! });
      refPassClaims(r);
      refTsumogiriUntil(r);
    });
    expect(ref.faults.map((f) => f.rule)).toEqual(['WRC-F-FALSE-WIN-HIDDEN', 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED']);
    const kuikae = check(deal(['4m', '', '', '']), (r) => {
      const g = r.game;
      refPlay(r, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
      r.apply(1, { type: 'chii', tiles: tilesOf(g, 1, '12m') as [number, number] });
      r.apply(1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
      refPassClaims(r);
      r.apply(1, { type: 'discard', tile: tileOf(g, 1, '1m') });
      refPassClaims(r);
      refTsumogiriUntil(r);
    });
    expect(kuikae.faults.map((f) => f.rule)).toEqual(['WRC-F-INVALID-GROUP', 'WRC-F-INVALID-GROUP-CORRECT', 'WRC-F-KUIKAE']);
  });

  it('WRC-CHOMBO-WIN-SAME-TIME, WRC-F-RIICHI-NOTEN: pending and deferred chombos replay the same, across the redeal', () => {
    check(deal(['5z', '', '', '']), (r) => {
      const g = r.game;
      refPlay(r, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
      r.apply(2, { type: 'ron' });
      refPlay(r, [3, { type: 'pass' }], [1, { type: 'ron' }]);
    });
    const ref = check(deal(['9m', '', '', '']), (r) => {
      r.apply(0, { type: 'riichi', tile: tileOf(r.game, 0, '9m') });
      refPassClaims(r);
      refTsumogiriUntil(r);
      r.nextHand();
      refTsumogiri(r);
    });
    expect(ref.game.penalties.map((p) => p.rule)).toEqual(['WRC-F-RIICHI-NOTEN']);
    expect(ref.game.hands).toHaveLength(2);
  });
});

/* Seat 3 holds 222234m567p99s55z (tenpai on 9s/5z, four 2m); seat 2 waits on 6z/7z; seats 0 and 1 are noten. */
const DEAD_HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '369m147p258s1234z', '345m678p234s6677z', '222234m567p99s55z'];

/* Nobody is tenpai. */
const NOTEN: Scenario['haipai'] = ['147m258p369s1234z', '147m258p369s1567z', '258m369p147s2345z', '369m147p258s3467z'];

/* No 1z in any hand, so that four 1z draws make four winds; seat 3 is noten. */
const FOUR_WINDS: Scenario['haipai'] = ['147m258p369s2345z', '123m456p789s5566z', '234m567p678s7799m', '147m258p369s2346z'];
