/**
 * The referee's automatic judgements under EMA 2012 (ema2012, 'penalise'): chombo is a mangan
 * paid in table points and a redeal; dead hands for invalid melds; minor irregularities go
 * unpunished (docs/REFEREE.md §1.5, §3.2, D8, D13, D30).
 */
import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';
import {
  refereeScenario, refPassClaims, refPlay, refTsumogiri, refTsumogiriUntil, scenarioOptions, snapshot, tileOf, tilesOf, type Scenario,
} from '../support/scenario';
import { expectAnnounced, faultEvents, faulty, ofType, startOf } from '../support/referee';

const RULES = 'ema2012';

/* Seats 0 and 3 noten; seat 1 waits on 1z/5z, seat 2 on 6z/7z (both yakuhai shanpon). */
const HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'];
const deal = (draws: Scenario['draws'], extra: Partial<Scenario> = {}): Scenario => ({ rules: RULES, haipai: HAIPAI, draws, ...extra });
/* No 1z in any hand, so that four 1z draws make four winds; seat 3 is noten. */
const FOUR_WINDS: Scenario['haipai'] = ['147m258p369s2345z', '123m456p789s5566z', '234m567p678s7799m', '147m258p369s2346z'];
/* Seat 1 holds 111m23m456p789s55z (waits 1m, 4m, 5z): a kan of the fourth 1m in riichi leaves 1m, 4m. */
const BAD_KAN: Scenario['haipai'] = ['258m258p369s1234z', '111m23m456p789s55z', '234m567p678s6677z', '369m147p258s2345z'];
/*
 * Seat 3 holds 222234m567p99s55z (tenpai on 9s/5z, four 2m); seat 1 discards 1m, which seat 3,
 * opposite, may not chii; seat 2 waits on 6z/7z; seats 0 and 1 are noten.
 */
const DEAD: Scenario = { rules: RULES, haipai: ['147m258p369s1234z', '369m147p258s1234z', '345m678p234s6677z', '222234m567p99s55z'], draws: ['9m5z', '1m', '', ''] };


/*
 * The worked numbers of §3.2: East 1, 1 honba, one stick carried in, all on 30,000; West (seat 2)
 * declares riichi this hand (29,000, two sticks on the table); then North (seat 3) discards 8m.
 */
const WORKED = deal(['9m', '9p', '1s', '8m'], { start: { round: 0, honba: 1, riichiSticks: 1, scores: [30000, 30000, 30000, 30000] } });
function toEightM(): Referee {
  const ref = refereeScenario(WORKED);
  const g = ref.game;
  refTsumogiri(ref);
  refTsumogiri(ref);
  refPlay(ref, [2, { type: 'riichi', tile: tileOf(g, 2, '1s') }]);
  refPassClaims(ref);
  expect(g.scores).toEqual([30000, 30000, 29000, 30000]);
  expect(g.riichiSticks).toBe(2);
  refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '8m') }]);
  return ref;
}

describe('chombo', () => {
  it('EMA12-CHOMBO-FALSE-WIN: a ron on a tile that does not win is chombo even with reveal false, judged when the window closes', () => {
    const ref = toEightM();
    const g = ref.game;
    const r = faulty(ref, 1, { type: 'ron', reveal: false });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'EMA12-CHOMBO-FALSE-WIN', penalty: { kind: 'chombo' } });
    expectAnnounced(r.events, 1, 'EMA12-CHOMBO-FALSE-WIN', { kind: 'chombo' });
    // Not a dead hand: the chombo waits for the window (P4), then ends the hand.
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.phase).toBe('claims');
    expect(g.scores).toEqual([30000, 30000, 29000, 30000]);
    const end = refPassClaims(ref);
    expect(ofType(end, 'handEnded')).toHaveLength(1);
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'EMA12-CHOMBO-FALSE-WIN', deltas: [4000, -8000, 2000, 2000] }] });
    // A mangan in table points: nothing in the global-points ledger.
    expect(g.penalties).toEqual([]);
  });

  it('EMA12-CHOMBO-FALSE-WIN: a tsumo with no drawn tile (right after a pon) is chombo at once', () => {
    // Seat 1 pons seat 0's 5z and declares tsumo instead of discarding.
    const ref = refereeScenario(deal(['5z', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    const r = faulty(ref, 1, { type: 'tsumo' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'EMA12-CHOMBO-FALSE-WIN', penalty: { kind: 'chombo' } });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'EMA12-CHOMBO-FALSE-WIN' }] });
    expect(g.scores).toEqual([34000, 22000, 32000, 32000]);
  });

  it('EMA12-CHOMBO-PAY: South pays 4,000 to East and 2,000 to each other; East pays 4,000 each (the worked numbers)', () => {
    const south = toEightM();
    faulty(south, 1, { type: 'ron' });
    refPassClaims(south);
    // West gets its stick of this hand back; the carried stick stays on the table.
    expect(south.game.scores).toEqual([34000, 22000, 32000, 32000]);
    expect(south.game.riichiSticks).toBe(1);
    const east = toEightM();
    faulty(east, 0, { type: 'ron' });
    refPassClaims(east);
    expect(east.game.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 0, rule: 'EMA12-CHOMBO-FALSE-WIN', deltas: [-12000, 4000, 4000, 4000] }], sticksReturned: [2] });
    expect(east.game.scores).toEqual([18000, 34000, 34000, 34000]);
    expect(east.game.riichiSticks).toBe(1);
    // Invariant: table points plus the sticks on the table are unchanged.
    for (const ref of [south, east]) expect(ref.game.scores.reduce((a, b) => a + b, 0) + 1000 * ref.game.riichiSticks).toBe(121000);
  });

  it('EMA12-CHOMBO-AFTER: after a chombo the sticks of this hand are returned, the hand is redealt with the same dealer and no counter', () => {
    const ref = toEightM();
    const g = ref.game;
    faulty(ref, 0, { type: 'ron' });
    refPassClaims(ref);
    expect(g.lastResult!.sticksReturned).toEqual([2]);
    // The dealer's chombo does not pass the deal; no counter is added.
    expect(g.nextStart()).toEqual({ round: 0, honba: 1, riichiSticks: 1, scores: [18000, 34000, 34000, 34000] });
    const next = ref.nextHand();
    expect(next.ok && ofType(next.events, 'handStarted')).toEqual([expect.objectContaining({ round: 0, honba: 1, riichiSticks: 1, dealer: 0 })]);
    expect(startOf(ref)).toEqual({ round: 0, honba: 1, riichiSticks: 1, dealer: 0 });
    expect(g.deal).toBe(1);
    expect(g.hands.map((h) => [h.round, h.honba])).toEqual([[0, 1], [0, 1]]);
  });

  it('EMA12-CHOMBO-REDEAL: a false ron in the same window as a valid ron is cancelled; the win is paid and the deal goes on', () => {
    // Seat 0 discards 5z: seat 1 wins on it (haku); seat 2 declares a ron it does not have.
    const ref = refereeScenario(deal(['5z', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    expect(faulty(ref, 2, { type: 'ron' }).fault.rule).toBe('EMA12-CHOMBO-FALSE-WIN');
    refPlay(ref, [3, { type: 'pass' }]);
    const end = refPlay(ref, [1, { type: 'ron' }]);
    expect(g.lastResult!.kind).toBe('win');
    expect(g.lastResult!.wins.map((w) => w.winner)).toEqual([1]);
    expect(g.lastResult!.deltas[2]).toBe(0);
    expect(faultEvents(end)).toEqual([expect.objectContaining({ to: 'all', seat: 2, rule: 'EMA12-CHOMBO-REDEAL', penalty: { kind: 'none' } })]);
    expect(ref.faults).toEqual([expect.objectContaining({ seat: 2, rule: 'EMA12-CHOMBO-FALSE-WIN', cancelled: true })]);
    expect(g.scores[2]).toBe(30000);
    // A win, not a redeal: the deal passes to seat 1.
    expect(g.nextStart()).toMatchObject({ round: 1, honba: 0 });
  });
});

describe('deferred chombos', () => {
  it('EMA12-CHOMBO-NOTEN-RIICHI: a noten riichi is silent, then chombo at the exhaustive draw: no noten payment, no counter', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    const r = ref.apply(0, { type: 'riichi', tile: tileOf(g, 0, '9m') });
    expect(r.ok && r.fault).toBeFalsy();
    expect(r.ok && faultEvents(r.events)).toEqual([]);
    refPassClaims(ref);
    const end = refTsumogiriUntil(ref);
    expectAnnounced(end, 0, 'EMA12-CHOMBO-NOTEN-RIICHI', { kind: 'chombo' });
    // The dealer pays 4,000 each; its stick comes back; seats 1 and 2 (tenpai) get no noten payment.
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 0, rule: 'EMA12-CHOMBO-NOTEN-RIICHI', deltas: [-12000, 4000, 4000, 4000] }], sticksReturned: [0], tenpai: [] });
    expect(g.scores).toEqual([18000, 34000, 34000, 34000]);
    expect(g.riichiSticks).toBe(0);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0 });
  });

  it('EMA12-CHOMBO-NOTEN-RIICHI: ... and at an abortive draw (four winds), but not at another seat\'s win', () => {
    const ref = refereeScenario({ rules: RULES, haipai: FOUR_WINDS, draws: ['1z', '1z', '1z', '1z'] });
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    expect(ref.apply(3, { type: 'riichi', tile: g.seats[3].drawn! })).toMatchObject({ ok: true });
    expect(ref.faults).toEqual([]);
    const end = refPassClaims(ref);
    expectAnnounced(end, 3, 'EMA12-CHOMBO-NOTEN-RIICHI', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 3, rule: 'EMA12-CHOMBO-NOTEN-RIICHI', deltas: [4000, 2000, 2000, -8000] }], sticksReturned: [3] });
    expect(g.scores).toEqual([34000, 32000, 32000, 22000]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0, riichiSticks: 0 });

    // Another seat's win: the noten riichi is not judged and its stick goes to the winner.
    const won = refereeScenario(deal(['9m', '5z', '', '']));
    refPlay(won, [0, { type: 'riichi', tile: tileOf(won.game, 0, '9m') }]);
    refPassClaims(won);
    expect(faultEvents(refPlay(won, [1, { type: 'tsumo' }]))).toEqual([]);
    expect(won.game.lastResult!.kind).toBe('win');
    expect(won.faults).toEqual([]);
  });

  const toBadKan = (draws: Scenario['draws']) => {
    const ref = refereeScenario({ rules: RULES, haipai: BAD_KAN, draws });
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const r = ref.apply(1, { type: 'ankan', tile: tileOf(g, 1, '1m') });
    expect(r.ok && r.fault).toBeFalsy();
    expect(r.ok && faultEvents(r.events)).toEqual([]);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['ankan']);
    return ref;
  };

  it('EMA12-CHOMBO-BAD-ANKAN: a concealed kan changing the waits in riichi is silent; when its owner wins the win is void and it is chombo', () => {
    const ref = toBadKan(['9m', '9p1m4m', '', '']);
    const g = ref.game;
    const end = refPlay(ref, [1, { type: 'tsumo' }]);
    expectAnnounced(end, 1, 'EMA12-CHOMBO-BAD-ANKAN', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', wins: [], chombo: [{ seat: 1, rule: 'EMA12-CHOMBO-BAD-ANKAN', deltas: [4000, -8000, 2000, 2000] }], sticksReturned: [1] });
    expect(g.scores).toEqual([34000, 22000, 32000, 32000]);
  });

  it('EMA12-CHOMBO-BAD-ANKAN: ... and at the exhaustive draw', () => {
    const ref = toBadKan(['9m', '9p1m', '', '']);
    const g = ref.game;
    const end = refTsumogiriUntil(ref);
    expectAnnounced(end, 1, 'EMA12-CHOMBO-BAD-ANKAN', { kind: 'chombo' });
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 1, rule: 'EMA12-CHOMBO-BAD-ANKAN' }] });
    expect(g.scores).toEqual([34000, 22000, 32000, 32000]);
  });
});

describe('dead hands and minor irregularities', () => {
  /* Seat 3 chiis seat 1's 1m with 2m3m: seat 1 is opposite, not on its left. */
  const toDead = () => {
    const ref = refereeScenario(DEAD);
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '1m') }]);
    const r = faulty(ref, 3, { type: 'chii', tiles: tilesOf(g, 3, '23m') as [number, number] });
    return { ref, r };
  };

  it('EMA12-DEAD-INVALID-MELD: a chii from the player opposite with the tiles held gives a dead hand and counts as a pass', () => {
    const { ref, r } = toDead();
    const g = ref.game;
    expect(r.fault).toMatchObject({ seat: 3, rule: 'EMA12-DEAD-INVALID-MELD', penalty: { kind: 'deadHand' } });
    expectAnnounced(r.events, 3, 'EMA12-DEAD-INVALID-MELD', { kind: 'deadHand' });
    expect(ofType(r.events, 'deadHand')).toEqual([{ to: 'all', type: 'deadHand', seat: 3, rule: 'EMA12-DEAD-INVALID-MELD' }]);
    expect(g.seats[3].deadHand).toBe(true);
    expect(g.legalActions(3)).toEqual([]);
    refPassClaims(ref);
    expect(g.seats[3].melds).toEqual([]);
    expect(g.seats[3].hand).toHaveLength(13);
    expect(g.turn).toBe(2);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
  });

  it('EMA12-DEAD: a dead hand\'s concealed kan is refused without penalty, and the hand is never tenpai', () => {
    const { ref } = toDead();
    const g = ref.game;
    refPassClaims(ref);
    refTsumogiri(ref);
    // Seat 3 holds four 2m: no kan for a dead hand (EMA12-MINOR, cancelled).
    const before = snapshot(g);
    const k = faulty(ref, 3, { type: 'ankan', tile: tileOf(g, 3, '2m') });
    expect(k.fault).toMatchObject({ seat: 3, rule: 'EMA12-MINOR', penalty: { kind: 'none' } });
    expectAnnounced(k.events, 3, 'EMA12-MINOR', { kind: 'none' });
    expect(snapshot(g)).toBe(before);
    refTsumogiri(ref);
    // Seat 0 discards 5z, seat 3's winning tile: seat 3 may only pass.
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    expect(g.legalActions(3)).toEqual([{ type: 'pass' }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref);
    // Seat 3 still has its tenpai shape but pays as noten; seat 2 alone is tenpai.
    expect(g.seats[3].waits().length).toBeGreaterThan(0);
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', tenpai: [2], deltas: [-1000, -1000, 3000, -1000] });
    expect(ref.faults.map((f) => f.rule)).toEqual(['EMA12-DEAD-INVALID-MELD', 'EMA12-MINOR']);
  });

  it('EMA12-CHOMBO-CLAIM-DEAD: a pon with a dead hand is chombo when the window closes', () => {
    const { ref } = toDead();
    const g = ref.game;
    refPassClaims(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    const r = faulty(ref, 3, { type: 'pon', tiles: tilesOf(g, 3, '55z') as [number, number] });
    expect(r.fault).toMatchObject({ seat: 3, rule: 'EMA12-CHOMBO-CLAIM-DEAD', penalty: { kind: 'chombo' } });
    expectAnnounced(r.events, 3, 'EMA12-CHOMBO-CLAIM-DEAD', { kind: 'chombo' });
    expect(g.phase).toBe('claims');
    refPassClaims(ref);
    expect(g.lastResult).toMatchObject({ kind: 'chombo', chombo: [{ seat: 3, rule: 'EMA12-CHOMBO-CLAIM-DEAD', deltas: [4000, 2000, 2000, -8000] }] });
    expect(g.seats[3].melds).toEqual([]);
    expect(g.scores).toEqual([34000, 32000, 32000, 22000]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 0 });
  });

  it('EMA12-MINOR: riichi with an open hand is a plain discard with no penalty; a pon naming tiles not held is cancelled (D30)', () => {
    // Seat 1 pons seat 0's 5z and discards 9s; on its next turn it declares riichi with its 3p.
    const ref = refereeScenario(deal(['5z', '3p', '9m', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    refPassClaims(ref);
    // Seat 2 discards 9m; seat 3 names two 9m it does not hold.
    const nineM = tileOf(g, 2, '9m');
    refPlay(ref, [2, { type: 'discard', tile: nineM }]);
    const notHeld = [1, 2].map((i) => (nineM & ~3) + ((nineM + i) % 4)) as [number, number];
    const p = faulty(ref, 3, { type: 'pon', tiles: notHeld });
    expect(p.fault).toMatchObject({ seat: 3, rule: 'EMA12-MINOR', penalty: { kind: 'none' } });
    expect(g.legalActions(3)).toEqual([]);
    refPassClaims(ref);
    expect(g.seats[3].melds).toEqual([]);
    expect(g.seats[3].deadHand).toBe(false);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const tile = tileOf(g, 1, '3p');
    const r = faulty(ref, 1, { type: 'riichi', tile });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'EMA12-MINOR', penalty: { kind: 'none' } });
    expectAnnounced(r.events, 1, 'EMA12-MINOR', { kind: 'none' });
    expect(ofType(r.events, 'discarded')).toEqual([expect.objectContaining({ seat: 1, tile, riichi: false })]);
    refPassClaims(ref);
    expect(g.seats[1].riichi).toBe('none');
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.riichiSticks).toBe(0);
    expect(g.scores).toEqual([30000, 30000, 30000, 30000]);
  });
});

describe('the list', () => {
  it('EMA12-CHOMBO-LIST: each listed offence (false win, noten riichi, bad kan in riichi, claim with a dead hand) ends the hand with a mangan payment', () => {
    const falseWin = () => {
      const ref = toEightM();
      ref.apply(1, { type: 'ron' });
      refPassClaims(ref);
      return ref;
    };
    const notenRiichi = () => {
      const ref = refereeScenario({ rules: RULES, haipai: FOUR_WINDS, draws: ['1z', '1z', '1z', '1z'] });
      refTsumogiri(ref);
      refTsumogiri(ref);
      refTsumogiri(ref);
      ref.apply(3, { type: 'riichi', tile: ref.game.seats[3].drawn! });
      refPassClaims(ref);
      return ref;
    };
    const badKan = () => {
      const ref = refereeScenario({ rules: RULES, haipai: BAD_KAN, draws: ['9m', '9p1m4m', '', ''] });
      const g = ref.game;
      refTsumogiri(ref);
      refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
      refPassClaims(ref);
      refTsumogiriUntil(ref, (x) => x.turn === 1);
      ref.apply(1, { type: 'ankan', tile: tileOf(g, 1, '1m') });
      ref.apply(1, { type: 'tsumo' });
      return ref;
    };
    const claimDead = () => {
      const ref = refereeScenario(DEAD);
      const g = ref.game;
      refTsumogiri(ref);
      refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '1m') }]);
      ref.apply(3, { type: 'chii', tiles: tilesOf(g, 3, '23m') as [number, number] });
      refPassClaims(ref);
      refTsumogiri(ref);
      refTsumogiri(ref);
      refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
      ref.apply(3, { type: 'ron' });
      refPassClaims(ref);
      return ref;
    };
    const cases: [string, () => Referee, Seat][] = [
      ['EMA12-CHOMBO-FALSE-WIN', falseWin, 1],
      ['EMA12-CHOMBO-NOTEN-RIICHI', notenRiichi, 3],
      ['EMA12-CHOMBO-BAD-ANKAN', badKan, 1],
      ['EMA12-CHOMBO-CLAIM-DEAD', claimDead, 3],
    ];
    for (const [rule, build, seat] of cases) {
      const g = build().game;
      expect(g.phase, rule).toBe('handEnded');
      const chombo = g.lastResult!.chombo!;
      expect(chombo.map((c) => [c.seat, c.rule]), rule).toEqual([[seat, rule]]);
      // A non-dealer's mangan: 4,000 to East, 2,000 to each other.
      expect(chombo[0].deltas, rule).toEqual([0, 1, 2, 3].map((s) => (s === seat ? -8000 : s === 0 ? 4000 : 2000)));
      expect(g.nextStart().round, rule).toBe(0);
    }
  });
});

describe('replay', () => {
  it('EMA12-DEAD-INVALID-MELD, EMA12-MINOR, EMA12-CHOMBO-CLAIM-DEAD: the referee log replays to the same faults and scores', () => {
    const ref = refereeScenario(DEAD);
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '1m') }]);
    ref.apply(3, { type: 'chii', tiles: tilesOf(g, 3, '23m') as [number, number] });
    refPassClaims(ref);
    refTsumogiri(ref);
    ref.apply(3, { type: 'ankan', tile: tileOf(g, 3, '2m') });
    refTsumogiri(ref);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }]);
    ref.apply(3, { type: 'pon', tiles: tilesOf(g, 3, '55z') as [number, number] });
    refPassClaims(ref);
    ref.nextHand();
    refTsumogiri(ref);
    const again = Referee.replay(scenarioOptions(DEAD), ref.log);
    expect(ref.faults.map((f) => f.rule)).toEqual(['EMA12-DEAD-INVALID-MELD', 'EMA12-MINOR', 'EMA12-CHOMBO-CLAIM-DEAD']);
    expect(again.faults).toEqual(ref.faults);
    expect(again.game.scores).toEqual([34000, 32000, 32000, 22000]);
    expect(again.game.hands.map((h) => h.result)).toEqual(ref.game.hands.map((h) => h.result));
    expect(snapshot(again.game)).toBe(snapshot(g));
  });
});
