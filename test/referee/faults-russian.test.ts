/**
 * The referee's automatic judgements under the Russian rules (russian, 'penalise'): chombo is a
 * mangan and a redeal, judged at once except noten riichi; warnings, the second one a dead hand;
 * a bad call loses the call and nothing more (docs/REFEREE.md §1.5, §3.6, D7, D14, D17).
 */
import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';
import {
  refereeScenario, refPassClaims, refPlay, refTsumogiri, refTsumogiriUntil, scenarioOptions, snapshot, tileOf, tilesOf, type Scenario,
} from '../support/scenario';
import { expectAnnounced, faultEvents, faulty, ofType, type Faulty } from '../support/referee';

const RULES = 'russian';

/* Seats 0 and 3 noten; seat 1 waits on 1z/5z, seat 2 on 6z/7z (both yakuhai shanpon). */
const HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'];
const deal = (draws: Scenario['draws'], extra: Partial<Scenario> = {}): Scenario => ({ rules: RULES, haipai: HAIPAI, draws, ...extra });
/* No 1z in any hand, so that four 1z draws make four winds; seat 3 is noten. */
const FOUR_WINDS: Scenario['haipai'] = ['147m258p369s2345z', '123m456p789s5566z', '234m567p678s7799m', '147m258p369s2346z'];
/* Seat 1 holds 111m23m456p789s55z (waits 1m, 4m, 5z): a kan of the fourth 1m in riichi leaves 1m, 4m. */
const BAD_KAN: Scenario['haipai'] = ['258m258p369s1234z', '111m23m456p789s55z', '234m567p678s6677z', '369m147p258s2345z'];


/** A chombo that ended the hand at once: announced before the result, paid as a mangan, redealt. */
function expectChomboNow(ref: Referee, r: Faulty, seat: Seat, rule: string, scores: number[]): void {
  const g = ref.game;
  expect(r.fault).toMatchObject({ seat, rule, penalty: { kind: 'chombo' } });
  expectAnnounced(r.events, seat, rule, { kind: 'chombo' });
  expect(r.events.findIndex((e) => e.type === 'fault')).toBeLessThan(r.events.findIndex((e) => e.type === 'handEnded'));
  expect(g.phase).toBe('handEnded');
  expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat, rule }] });
  expect(g.scores).toEqual(scores);
  expect(g.penalties).toEqual([]);
  const before = { round: g.round, honba: g.honba };
  ref.nextHand();
  expect({ round: g.round, honba: g.honba }).toEqual(before);
}

describe('chombo', () => {
  it('RUS-CHOMBO-C: a noten riichi is silent, then chombo at a four-winds abortive draw', () => {
    const ref = refereeScenario({ rules: RULES, haipai: FOUR_WINDS, draws: ['1z', '1z', '1z', '1z'] });
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    const r = ref.apply(3, { type: 'riichi', tile: g.seats[3].drawn! });
    expect(r.ok && r.fault).toBeFalsy();
    expect(r.ok && faultEvents(r.events)).toEqual([]);
    const end = refPassClaims(ref);
    expectAnnounced(end, 3, 'RUS-CHOMBO-C', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 3, rule: 'RUS-CHOMBO-C', deltas: [4000, 2000, 2000, -8000] }], sticksReturned: [3] });
    expect(g.scores).toEqual([34000, 32000, 32000, 22000]);
    expect(g.riichiSticks).toBe(0);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0 });
  });

  it('RUS-CHOMBO-C: ... and at the exhaustive draw, with no noten payment', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'riichi', tile: tileOf(g, 0, '9m') }]);
    refPassClaims(ref);
    const end = refTsumogiriUntil(ref);
    expectAnnounced(end, 0, 'RUS-CHOMBO-C', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', tenpai: [], chombo: [{ seat: 0, deltas: [-12000, 4000, 4000, 4000] }] });
    expect(g.scores).toEqual([18000, 34000, 34000, 34000]);
  });

  const toBadKan = () => {
    const ref = refereeScenario({ rules: RULES, haipai: BAD_KAN, draws: ['9m', '9p1m', '', ''] });
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    return ref;
  };

  it('RUS-CHOMBO-D: a concealed kan changing the waits in riichi is chombo at once; the kan is not made', () => {
    const ref = toBadKan();
    const g = ref.game;
    const r = faulty(ref, 1, { type: 'ankan', tile: tileOf(g, 1, '1m') });
    expect(g.seats[1].melds).toEqual([]);
    expect(ofType(r.events, 'called')).toEqual([]);
    // Seat 1 gets its riichi stick back and pays a mangan.
    expect(g.lastResult!.sticksReturned).toEqual([1]);
    expectChomboNow(ref, r, 1, 'RUS-CHOMBO-D', [34000, 22000, 32000, 32000]);
  });

  it('RUS-CHOMBO-D: so is a kan that cannot be made at all while in riichi', () => {
    const ref = toBadKan();
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    // Two 5z are no kan; out of riichi this would be a warning.
    const r = faulty(ref, 1, { type: 'ankan', tile: tileOf(g, 1, '5z') });
    expectChomboNow(ref, r, 1, 'RUS-CHOMBO-D', [34000, 22000, 32000, 32000]);
  });

  it('RUS-CHOMBO-E: in riichi, discarding a tile from the hand instead of the drawn one is chombo', () => {
    const ref = refereeScenario(deal(['', '9p', '', '']));
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const twoM = tileOf(g, 1, '2m');
    const r = faulty(ref, 1, { type: 'discard', tile: twoM });
    // The discard does not happen: the hand ends.
    expect(g.seats[1].hand).toContain(twoM);
    expect(ofType(r.events, 'discarded')).toEqual([]);
    expectChomboNow(ref, r, 1, 'RUS-CHOMBO-E', [34000, 22000, 32000, 32000]);
  });

  it('RUS-CHOMBO-F: a tsumo with reveal true on a noten hand is chombo and shows the hand; the dealer pays 4,000 each', () => {
    const ref = refereeScenario(deal(undefined));
    const g = ref.game;
    const hand = [...g.seats[0].hand].sort((a, b) => a - b);
    const r = faulty(ref, 0, { type: 'tsumo', reveal: true });
    expect(g.lastResult!.revealed).toEqual([{ seat: 0, concealed: expect.arrayContaining(hand) }]);
    expectChomboNow(ref, r, 0, 'RUS-CHOMBO-F', [18000, 34000, 34000, 34000]);
  });

  it('RUS-CHOMBO-G: a ron while temporarily furiten is chombo even with reveal false', () => {
    // Seat 2 discards 5z and seat 1 (waiting on 1z/5z) lets it pass; seat 3 then discards 1z.
    const ref = refereeScenario(deal(['', '', '5z', '1z']));
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, [2, { type: 'discard', tile: tileOf(g, 2, '5z') }]);
    expect(g.legalActions(1).map((a) => a.type)).toContain('ron');
    refPassClaims(ref);
    expect(g.seats[1].furitenTemp).toBe(true);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '1z') }]);
    const r = faulty(ref, 1, { type: 'ron', reveal: false });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-CHOMBO-G', penalty: { kind: 'chombo' } });
    expectAnnounced(r.events, 1, 'RUS-CHOMBO-G', { kind: 'chombo' });
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.phase).toBe('claims');
    refPassClaims(ref);
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'RUS-CHOMBO-G', deltas: [4000, -8000, 2000, 2000] }] });
    expect(g.scores).toEqual([34000, 22000, 32000, 32000]);
  });

  it('RUS-CHOMBO-H: kyuushu with eight kinds of terminals and honours is chombo', () => {
    // The dealer holds 1m 9m 1p 9p 1s 9s 1z 2z and draws 5p: eight kinds, not nine.
    const ref = refereeScenario(deal(['5p', '', '', ''], { haipai: ['1345679m19p19s12z', HAIPAI[1], HAIPAI[2], HAIPAI[3]] }));
    const g = ref.game;
    const r = faulty(ref, 0, { type: 'kyuushu' });
    expect(g.lastResult!.draw).toBeUndefined();
    expectChomboNow(ref, r, 0, 'RUS-CHOMBO-H', [18000, 34000, 34000, 34000]);
  });
});

describe('dead hands and warnings', () => {
  it('RUS-DEAD-H: a ron with reveal false on a tile that does not win gives a dead hand; the window goes on', () => {
    // Seat 1 (tenpai on 1z/5z) declares ron on seat 0's 9m without showing its hand.
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    const r = faulty(ref, 1, { type: 'ron', reveal: false });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-DEAD-H', penalty: { kind: 'deadHand' } });
    expectAnnounced(r.events, 1, 'RUS-DEAD-H', { kind: 'deadHand' });
    expect(r.events.map((e) => e.type)).toEqual(['fault', 'deadHand']);
    expect(g.seats[1].deadHand).toBe(true);
    expect(g.phase).toBe('claims');
    refPassClaims(ref);
    expect(g.turn).toBe(1);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('RUS-DEAD: a dead hand is offered no riichi or win, its riichi is a warning and a plain discard, and it is noten at the draw', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    expect(faulty(ref, 1, { type: 'ron', reveal: false }).fault.rule).toBe('RUS-DEAD-H');
    refPassClaims(ref);
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['discard']);
    const tile = g.seats[1].drawn!;
    const r = faulty(ref, 1, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-WARN', penalty: { kind: 'warning' } });
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile, riichi: false })]);
    refPassClaims(ref);
    expect(g.riichiSticks).toBe(0);
    refTsumogiriUntil(ref);
    // Seat 1 keeps its tenpai shape but is noten: seat 2 alone is paid.
    expect(g.seats[1].waits().length).toBeGreaterThan(0);
    expect(g.lastResult).toMatchObject({ kind: 'draw', tenpai: [2], deltas: [-1000, -1000, 3000, -1000] });
  });

  /* Seat 0 discards 4m; seat 1 chiis it with 2m3m; 1m is then a swap-call discard. */
  const toKuikae = () => {
    const ref = refereeScenario(deal(['4m', '3p', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }], [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    return ref;
  };

  it('RUS-WARN: a swap-call (kuikae) discard draws a warning and is refused: the seat discards again', () => {
    const ref = toKuikae();
    const g = ref.game;
    const before = snapshot(g);
    const r = faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '1m') });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-WARN', penalty: { kind: 'warning' } });
    expectAnnounced(r.events, 1, 'RUS-WARN', { kind: 'warning' });
    expect(r.events).toHaveLength(1);
    expect(snapshot(g)).toBe(before);
    expect(ref.warnings).toEqual([0, 1, 0, 0]);
    expect(g.seats[1].deadHand).toBe(false);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
  });

  it('RUS-WARN-SECOND-IS-DEAD: a second warning in the game gives a dead hand', () => {
    const ref = toKuikae();
    const g = ref.game;
    faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '1m') });
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    // The second warning: a riichi with an open hand (its tile is discarded as a plain discard).
    const tile = tileOf(g, 1, '3p');
    const r = faulty(ref, 1, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-WARN', penalty: { kind: 'warning' } });
    const f = faultEvents(r.events);
    expect(f.map((e) => (e as { rule: string }).rule)).toEqual(['RUS-WARN', 'RUS-WARN-SECOND-IS-DEAD']);
    expect(f[1]).toMatchObject({ to: 'all', seat: 1, penalty: { kind: 'deadHand' } });
    // Announced with the offence it repeats.
    expect((f[1] as { reason: string }).reason).toContain('riichi with an open hand');
    expect(ofType(r.events, 'deadHand')).toEqual([{ to: 'all', type: 'deadHand', seat: 1, rule: 'RUS-WARN-SECOND-IS-DEAD' }]);
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile, riichi: false })]);
    expect(g.seats[1].deadHand).toBe(true);
    expect(ref.warnings).toEqual([0, 2, 0, 0]);
    expect(ref.faults.map((x) => x.rule)).toEqual(['RUS-WARN', 'RUS-WARN', 'RUS-WARN-SECOND-IS-DEAD']);
  });

  it('RUS-SPECIAL-BAD-CALL: a chii from the player opposite loses the call, counts as a pass, and adds no warning', () => {
    // Seat 2 (opposite seat 0) names 2m3m for seat 0's 4m.
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    const r = faulty(ref, 2, { type: 'chii', tiles: tilesOf(g, 2, '23m') as [number, number] });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'RUS-SPECIAL-BAD-CALL', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 2, 'RUS-SPECIAL-BAD-CALL', { kind: 'none' });
    expect(g.legalActions(2)).toEqual([]);
    expect(ref.warnings).toEqual([0, 0, 0, 0]);
    expect(g.seats[2].deadHand).toBe(false);
    // Seat 1 may still chii the 4m: the bad call took nothing from the window.
    refPlay(ref, [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['chii']);
    expect(g.seats[2].melds).toEqual([]);
  });
});

describe('special cases', () => {
  it('RUS-SPECIAL-NO-OTHER: a bad call adds no warning, so it never turns a first warning into a dead hand', () => {
    const ref = refereeScenario(deal(['4m', '', '9m', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }], [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    expect(faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '1m') }).fault.rule).toBe('RUS-WARN');
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    // Seat 2 discards 9m; seat 1, already warned, names two 9m it does not hold.
    const nineM = tileOf(g, 2, '9m');
    refPlay(ref, [2, { type: 'discard', tile: nineM }]);
    const notHeld = [1, 2].map((i) => (nineM & ~3) + ((nineM + i) % 4)) as [number, number];
    const r = faulty(ref, 1, { type: 'pon', tiles: notHeld });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'RUS-SPECIAL-BAD-CALL', penalty: { kind: 'none' } });
    expect(faultEvents(r.events)).toHaveLength(1);
    expect(ref.warnings).toEqual([0, 1, 0, 0]);
    expect(g.seats[1].deadHand).toBe(false);
    refPassClaims(ref);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['chii']);
  });
});

describe('replay', () => {
  it('RUS-WARN, RUS-WARN-SECOND-IS-DEAD, RUS-CHOMBO-F: the referee log replays to the same warnings, faults and scores', () => {
    const spec = deal(['4m', '3p', '5z', '1z']);
    const ref = refereeScenario(spec);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }], [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    ref.apply(1, { type: 'discard', tile: tileOf(g, 1, '1m') });
    ref.apply(1, { type: 'discard', tile: tileOf(g, 1, '1m') });
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    // Seat 3 declares a shown ron it does not have: chombo when the window closes.
    refPlay(ref, [2, { type: 'discard', tile: g.seats[2].drawn! }]);
    ref.apply(3, { type: 'ron' });
    refPassClaims(ref);
    const again = Referee.replay(scenarioOptions(spec), ref.log);
    expect(ref.faults.map((f) => f.rule)).toEqual(['RUS-WARN', 'RUS-WARN', 'RUS-WARN-SECOND-IS-DEAD', 'RUS-CHOMBO-F']);
    expect(again.faults).toEqual(ref.faults);
    expect(again.warnings).toEqual([0, 2, 0, 0]);
    expect(again.game.scores).toEqual(g.scores);
    expect(g.lastResult!.kind).toBe('chombo');
    expect(snapshot(again.game)).toBe(snapshot(g));
  });
});
