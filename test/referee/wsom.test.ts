/**
 * WSOM as an overlay on a ruleset (`wsom.claims`, `wsom.count`): wrong claims, false wins and
 * cancelled kans expose penalty tiles and play goes on; long and short hands are dead hands of
 * two kinds (docs/REFEREE.md §1.5 WSOM column, §3.1, §3.7, D22). Each scenario checks the rule,
 * the penalty tiles (which ids, seen by every seat and spectators), the effect on play, and that
 * a replay of the referee's log rebuilds the same game.
 */
import { describe, expect, it } from 'vitest';
import { Referee, type Judged, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { viewFor } from '@jantaku/shared/game/views';
import { Game } from '@jantaku/shared/game/game';
import { rebuildGame } from '@jantaku/shared/game/rebuild';
import type { Command, Seat } from '@jantaku/shared/game/types';
import {
  passClaims, play, refereeScenario, refPassClaims, refPlay, refTsumogiri, scenarioOptions, snapshot, tileOf, tilesOf, type Scenario,
} from '../support/scenario';

/** EMA 2012 (kuikae allowed, so a penalty tile may be discarded right after a chii) with WSOM's claim rules. */
const CLAIMS = makeRuleset('ema2012', { wsom: { count: false, claims: true } });
/** The same with players drawing for themselves and WSOM's count rules. */
const COUNT = makeRuleset('ema2012', { clientDraws: true, wsom: { count: true, claims: true } });

/*
 * Claims deal. Seat 0 (East, dealer) is noten; seat 1 waits on 1z/5z (shanpon; 1z is the round
 * wind) and holds 3p 4p 5p for the chii of the text's example; seat 2 holds 6z 6z 7z 7z.
 */
const CLAIM_DEAL: Scenario = {
  rules: CLAIMS,
  haipai: ['147m258p369s1234z', '123m345p789s1155z', '234m567p678s6677z', '147m268p369s2345z'],
  draws: ['9m8m', '9p9p', '1s1s', '8s8s'],
};

/*
 * Count deal (players draw). Seat 0 holds four 1m and draws 6z, then 9p (its kan replacement or
 * its second draw); seat 1 waits on 1z/5z; seat 2 holds 6z 6z 6z.
 */
const COUNT_DEAL: Scenario = {
  rules: COUNT,
  haipai: ['1111m258p369s123z', '234m456p789s1155z', '567m567p678s6667z', '789m268p258s2345z'],
  draws: ['6z9p', '3p3p', '4s4s', '1p1p'],
};

const VIEWERS = [0, 1, 2, 3, 'spectator'] as const;
const sorted = (t: number[]) => [...t].sort((a, b) => a - b);
const ofType = <T extends RefereeEvent['type']>(events: RefereeEvent[], type: T) => events.filter((e): e is Extract<RefereeEvent, { type: T }> => e.type === type);

/** The one judgement of a faulty message: accepted, with a fault. */
function faulty(ref: Referee, seat: Seat, command: Command): Extract<Judged, { ok: true }> & { fault: NonNullable<Extract<Judged, { ok: true }>['fault']> } {
  const r = ref.apply(seat, command);
  if (!r.ok) throw new Error(`refused: ${r.refusal.code} ${r.refusal.reason}`);
  if (!r.fault) throw new Error(`no fault: ${command.type}`);
  return r as never;
}

/** Every seat's view and a spectator's show `seat`'s penalty tiles, in this order. */
function expectShown(ref: Referee, seat: Seat, tiles: number[], live: boolean | boolean[]): void {
  const want = tiles.map((tile, i) => ({ tile, live: Array.isArray(live) ? live[i] : live }));
  expect(ref.game.seats[seat].penaltyTiles).toEqual(want);
  for (const viewer of VIEWERS) expect(viewFor(ref.game, viewer).seats[seat].penaltyTiles).toEqual(want);
}

/** The penalty-tile event: public, with the tiles. */
function expectExposed(events: RefereeEvent[], seat: Seat, rule: string, tiles: number[]): void {
  expect(ofType(events, 'penaltyTiles')).toEqual([{ to: 'all', type: 'penaltyTiles', seat, rule, tiles }]);
}

/** The referee's log rebuilds the same game, faults and views. */
function expectReplay(ref: Referee, spec: Scenario): void {
  const again = Referee.replay(scenarioOptions(spec), ref.log);
  expect(snapshot(again.game)).toBe(snapshot(ref.game));
  expect(again.faults).toEqual(ref.faults);
  for (const viewer of VIEWERS) expect(viewFor(again.game, viewer)).toEqual(viewFor(ref.game, viewer));
}

/** Players draw: the seat on turn draws and discards the drawn tile; every claim is passed. */
function drawDiscard(ref: Referee): void {
  const seat = ref.game.turn;
  refPlay(ref, [seat, { type: 'draw' }]);
  refPlay(ref, [seat, { type: 'discard', tile: ref.game.seats[seat].drawn! }]);
  refPassClaims(ref);
}

describe('WSOM wrong claims and false wins (wsom.claims)', () => {
  it('WSOM-FALSE-WIN-REVEALED: a shown false ron makes every concealed tile a penalty tile; play goes on and the hand may still win', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    const hand = sorted(g.seats[1].hand);
    const r = faulty(ref, 1, { type: 'ron' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WSOM-FALSE-WIN-REVEALED', penalty: { kind: 'penaltyTiles', tiles: 'allConcealed' } });
    expect(ofType(r.events, 'fault')).toMatchObject([{ to: 'all', seat: 1, rule: 'WSOM-FALSE-WIN-REVEALED', effect: 'pass' }]);
    expectExposed(r.events, 1, 'WSOM-FALSE-WIN-REVEALED', hand);
    expectShown(ref, 1, hand, true);
    // No chombo, no dead hand: the ron counted as the seat's pass, the window goes on.
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.legalActions(1)).toEqual([]);
    refPassClaims(ref);
    expect(g.phase).toBe('turn');
    expect(g.turn).toBe(1);
    expect(g.penalties).toEqual([]);
    expect(g.currentHand.result).toBeNull();
    // Its next discard (the drawn 9p) makes the penalty tiles dead: still face up, still held.
    refTsumogiri(ref);
    expectShown(ref, 1, hand, false);
    expect(sorted(g.seats[1].hand)).toEqual(hand);
    refTsumogiri(ref);
    refTsumogiri(ref);
    // East discards 1z: the hand of penalty tiles wins (D22: they stay usable).
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }], [1, { type: 'ron' }]);
    refPassClaims(ref);
    expect(g.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 1, from: 0, concealed: hand }] });
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-WIN-CANCEL: a false win kept concealed costs three penalty tiles (the lowest ids; the drawn tile is not chosen); the seat plays on', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    const r = faulty(ref, 1, { type: 'ron', reveal: false });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WSOM-WIN-CANCEL', penalty: { kind: 'penaltyTiles', tiles: 3 } });
    const first = tilesOf(g, 1, '123m');
    expectExposed(r.events, 1, 'WSOM-WIN-CANCEL', first);
    expectShown(ref, 1, first, true);
    refPassClaims(ref);
    // A hidden false tsumo in its own turn: three more, not the drawn 9p; the seat must still discard.
    const drawn = g.seats[1].drawn!;
    const t = faulty(ref, 1, { type: 'tsumo', reveal: false });
    expect(t.fault.rule).toBe('WSOM-WIN-CANCEL');
    const next = tilesOf(g, 1, '345p');
    expectExposed(t.events, 1, 'WSOM-WIN-CANCEL', next);
    expectShown(ref, 1, [...first, ...next], true);
    expect(next).not.toContain(drawn);
    expect(g.phase).toBe('turn');
    expect(g.seats[1].deadHand).toBe(false);
    expect(g.legalActions(1).map((a) => a.type)).toContain('discard');
    // Discarding a penalty tile takes it off the list; the rest turn dead.
    refPlay(ref, [1, { type: 'discard', tile: first[0] }]);
    expectShown(ref, 1, [...first.slice(1), ...next], false);
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-CLAIM-CANCEL: a pon the seat cannot make counts as its pass; two penalty tiles, the named tile it holds first', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    const sixZ = tileOf(g, 2, '6z');
    const r = faulty(ref, 2, { type: 'pon', tiles: [sixZ, tileOf(g, 1, '1z')] });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WSOM-CLAIM-CANCEL', penalty: { kind: 'penaltyTiles', tiles: 2 } });
    const want = [sixZ, tileOf(g, 2, '2m')];
    expectExposed(r.events, 2, 'WSOM-CLAIM-CANCEL', want);
    expectShown(ref, 2, want, true);
    expect(g.legalActions(2)).toEqual([]);
    refPassClaims(ref);
    expect(g.turn).toBe(1);
    expect(g.seats[2].melds).toEqual([]);
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-CLAIM-CANCEL: a pon taken back into a pass is replaced by the pass; the two named tiles become penalty tiles', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    const pair = tilesOf(g, 1, '11z');
    refPlay(ref, [1, { type: 'pon', tiles: [pair[0], pair[1]] }]);
    const r = faulty(ref, 1, { type: 'pass' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WSOM-CLAIM-CANCEL', penalty: { kind: 'penaltyTiles', tiles: 2 } });
    expectExposed(r.events, 1, 'WSOM-CLAIM-CANCEL', pair);
    expectShown(ref, 1, pair, true);
    expect(ref.game.responseOf(1)).toEqual({ type: 'pass' });
    refPassClaims(ref);
    // No pon was made: the next seat draws.
    expect(g.seats[1].melds).toEqual([]);
    expect(g.phase).toBe('turn');
    expect(g.turn).toBe(1);
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-CLAIM-CANCEL on a game that keeps its own log (no referee): the log keeps the pass alone and rebuilds the same game', () => {
    const opts = { ...scenarioOptions(CLAIM_DEAL), fullClaimWindows: true };
    const g = new Game(opts);
    play(g, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    const pair = tilesOf(g, 1, '11z');
    play(g, [1, { type: 'pon', tiles: [pair[0], pair[1]] }]);
    expect(g.changeResponse(1, { type: 'pass' }).ok).toBe(true);
    passClaims(g);
    expect(g.seats[1].melds).toEqual([]);
    expect(g.log.filter((e) => e.seat === 1)).toEqual([{ seat: 1, command: { type: 'pass' } }]);
    expect(snapshot(rebuildGame(opts, g.log))).toBe(snapshot(g));
    // Under the referee the game keeps no second record: the referee's log is the game's.
    const ref = refereeScenario(CLAIM_DEAL);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(ref.game, 0, '1z') }], [1, { type: 'pon', tiles: tilesOf(ref.game, 1, '11z').slice(0, 2) as [number, number] }]);
    expect(ref.game.log).toEqual([]);
    expect(ref.log.map((e) => e.command.type)).toEqual(['discard', 'pon']);
  });

  it('WSOM-CLAIM-CHANGE: a pon changed into a ron replaces the answer without penalty; a change to an answer the seat cannot give is refused', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    const pair = tilesOf(g, 1, '11z');
    refPlay(ref, [1, { type: 'pon', tiles: [pair[0], pair[1]] }]);
    // A chii of 1z is no answer at all: refused, the pon stands.
    const bad = ref.apply(1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
    expect(bad).toMatchObject({ ok: false, refusal: { code: 'ALREADY_RESPONDED' } });
    expect(ref.game.responseOf(1)?.type).toBe('pon');
    const r = faulty(ref, 1, { type: 'ron' });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WSOM-CLAIM-CHANGE', penalty: { kind: 'none' } });
    expect(ofType(r.events, 'fault')).toMatchObject([{ to: 'all', rule: 'WSOM-CLAIM-CHANGE', effect: 'replace' }]);
    expect(ofType(r.events, 'penaltyTiles')).toEqual([]);
    expectShown(ref, 1, [], true);
    expect(ref.game.responseOf(1)).toEqual({ type: 'ron' });
    refPassClaims(ref);
    expect(g.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 1, from: 0 }] });
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-CLAIM-FIXED-AT-ONCE: the text\'s example: chii on 2p naming 4p 5p, fixed as 3p 4p: the 5p becomes a live penalty tile, discarded next', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    const p2 = tileOf(g, 0, '2p');
    refPlay(ref, [0, { type: 'discard', tile: p2 }]);
    const [p3, p4, p5] = tilesOf(g, 1, '345p');
    const r = faulty(ref, 1, { type: 'chii', tiles: [p4, p5] });
    expect(r.fault).toMatchObject({ seat: 1, rule: 'WSOM-CLAIM-FIXED-AT-ONCE', penalty: { kind: 'penaltyTiles', tiles: 'wronglyExposed' } });
    expect(ofType(r.events, 'fault')).toMatchObject([{ effect: 'stay' }]);
    // The seat is still unanswered and may fix its call; nothing is face up yet.
    expect(g.legalActions(1).map((a) => a.type)).toContain('chii');
    expectShown(ref, 1, [], true);
    refPlay(ref, [2, { type: 'pass' }], [3, { type: 'pass' }]);
    expect(g.phase).toBe('claims');
    const fixed = ref.apply(1, { type: 'chii', tiles: [p3, p4] });
    expect(fixed.ok && fixed.fault).toBeFalsy();
    if (!fixed.ok) throw new Error('refused');
    expectExposed(fixed.events, 1, 'WSOM-CLAIM-FIXED-AT-ONCE', [p5]);
    expect(g.seats[1].melds).toMatchObject([{ type: 'chii', tiles: sorted([p2, p3, p4]), calledTile: p2 }]);
    expectShown(ref, 1, [p5], true);
    // "He may discard it immediately": discarded, it leaves the list.
    refPlay(ref, [1, { type: 'discard', tile: p5 }]);
    expectShown(ref, 1, [], true);
    expect(g.seats[1].discards.at(-1)!.tile).toBe(p5);
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-CLAIM-FIXED-AT-ONCE: a wrong chii not fixed (the seat passes) leaves both named tiles as penalty tiles', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '2p') }]);
    const [, p4, p5] = tilesOf(g, 1, '345p');
    faulty(ref, 1, { type: 'chii', tiles: [p4, p5] });
    const events = refPlay(ref, [1, { type: 'pass' }]);
    expectExposed(events, 1, 'WSOM-CLAIM-FIXED-AT-ONCE', [p4, p5]);
    expectShown(ref, 1, [p4, p5], true);
    refPassClaims(ref);
    expect(g.seats[1].melds).toEqual([]);
    expect(g.seats[1].deadHand).toBe(false);
    expectReplay(ref, CLAIM_DEAL);
  });

  it('WSOM-KAN-CANCEL: a kan that cannot be made in one\'s turn is cancelled without penalty', () => {
    const ref = refereeScenario(CLAIM_DEAL);
    const g = ref.game;
    const a = faulty(ref, 0, { type: 'ankan', tile: tileOf(g, 0, '1m') });
    expect(a.fault).toMatchObject({ seat: 0, rule: 'WSOM-KAN-CANCEL', penalty: { kind: 'none' } });
    expect(ofType(a.events, 'fault')).toMatchObject([{ to: 'all', effect: 'cancel' }]);
    const s = faulty(ref, 0, { type: 'shouminkan', tile: tileOf(g, 0, '1z') });
    expect(s.fault.rule).toBe('WSOM-KAN-CANCEL');
    expect(ofType([...a.events, ...s.events], 'penaltyTiles')).toEqual([]);
    expectShown(ref, 0, [], true);
    expect(g.seats[0].deadHand).toBe(false);
    expect(g.seats[0].hand).toHaveLength(14);
    expect(g.phase).toBe('turn');
    refTsumogiri(ref);
    expectReplay(ref, CLAIM_DEAL);
  });
});

describe('WSOM long and short hands (wsom.count, players draw)', () => {
  it('WSOM-LONG: a draw out of turn is a long hand: dead, and it may neither claim nor kan; the tile stays in the wall', () => {
    const ref = refereeScenario(COUNT_DEAL);
    const g = ref.game;
    const r = faulty(ref, 2, { type: 'draw' });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WSOM-LONG', penalty: { kind: 'deadHand' } });
    expect(ofType(r.events, 'deadHand')).toEqual([{ to: 'all', type: 'deadHand', seat: 2, rule: 'WSOM-LONG' }]);
    expect(g.seats[2].hand).toHaveLength(13);
    expect(g.seats[2].deadMayCall).toBe(false);
    for (const viewer of VIEWERS) expect(viewFor(g, viewer).seats[2].deadHand).toBe(true);
    refPlay(ref, [0, { type: 'draw' }]);
    expect(g.seats[0].drawn).toBe(tileOf(g, 0, '6z'));
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '6z') }]);
    // Three 6z held, yet no pon and no kan.
    expect(g.legalActions(2)).toEqual([{ type: 'pass' }]);
    expect(g.check(2, { type: 'pon', tiles: tilesOf(g, 2, '66z') as [number, number] })?.code).toBe('DEAD_HAND');
    expect(g.check(2, { type: 'daiminkan' })?.code).toBe('DEAD_HAND');
    refPassClaims(ref);
    drawDiscard(ref);
    refPlay(ref, [2, { type: 'draw' }]);
    expect(g.check(2, { type: 'ankan', tile: tileOf(g, 2, '6z') })?.code).toBe('DEAD_HAND');
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['discard']);
    expectReplay(ref, COUNT_DEAL);
  });

  it('WSOM-SHORT: a discard out of turn is a short hand: dead for winning only, it may still pon', () => {
    const ref = refereeScenario(COUNT_DEAL);
    const g = ref.game;
    const r = faulty(ref, 2, { type: 'discard', tile: tileOf(g, 2, '7z') });
    expect(r.fault).toMatchObject({ seat: 2, rule: 'WSOM-SHORT', penalty: { kind: 'deadHand' } });
    expect(ofType(r.events, 'deadHand')).toEqual([{ to: 'all', type: 'deadHand', seat: 2, rule: 'WSOM-SHORT', mayCall: true }]);
    // Nothing moved: the 7z is still held.
    expect(g.seats[2].hand).toHaveLength(13);
    expect(g.seats[2].discards).toEqual([]);
    expect(g.seats[2]).toMatchObject({ deadHand: true, deadMayCall: true });
    for (const viewer of VIEWERS) expect(viewFor(g, viewer).seats[2].deadHand).toBe(true);
    refPlay(ref, [0, { type: 'draw' }]);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '6z') }]);
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['pon', 'daiminkan', 'pass']);
    refPlay(ref, [1, { type: 'pass' }], [3, { type: 'pass' }], [2, { type: 'pon', tiles: tilesOf(g, 2, '66z') as [number, number] }]);
    expect(g.seats[2].melds).toMatchObject([{ type: 'pon' }]);
    expect(g.turn).toBe(2);
    expectReplay(ref, COUNT_DEAL);
  });

  it('WSOM-COUNT-NO-WIN: a seat found with a wrong count may not win: its winning tile offers no ron', () => {
    const ref = refereeScenario(COUNT_DEAL);
    const g = ref.game;
    expect(faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '2m') }).fault.rule).toBe('WSOM-SHORT');
    refPlay(ref, [0, { type: 'draw' }], [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    // Tenpai on 1z, but no ron: only the pon a short hand keeps.
    expect(g.seats[1].waits()).toContain(27);
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['pon', 'pass']);
    expect(g.check(1, { type: 'ron' })?.code).toBe('DEAD_HAND');
    refPassClaims(ref);
    expectReplay(ref, COUNT_DEAL);
  });

  it('WSOM-COUNT-STAYS-DEAD: the count right again after a go-around, the hand is still dead; a long hand later also takes its claims', () => {
    const ref = refereeScenario(COUNT_DEAL);
    const g = ref.game;
    faulty(ref, 1, { type: 'discard', tile: tileOf(g, 1, '2m') });
    for (let i = 0; i < 4; i++) drawDiscard(ref);
    // Back to East with 13 tiles each: seat 1 holds the right count and is tenpai, still dead.
    expect(g.seats[1].hand).toHaveLength(13);
    expect(g.seats[1].deadHand).toBe(true);
    refPlay(ref, [0, { type: 'draw' }]);
    // A draw out of turn now: long hand, the claims go too.
    const r = faulty(ref, 1, { type: 'draw' });
    expect(r.fault.rule).toBe('WSOM-LONG');
    expect(g.seats[1]).toMatchObject({ deadHand: true, deadMayCall: false });
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    expect(g.legalActions(1)).toEqual([{ type: 'pass' }]);
    refPassClaims(ref);
    expect(g.seats[1].deadHand).toBe(true);
    expectReplay(ref, COUNT_DEAL);
  });

  it('WSOM-COUNT-RULE: 14 tiles in one\'s turn, 13 otherwise, a kan counting as three: after a kan and its replacement a draw is a long hand', () => {
    const ref = refereeScenario(COUNT_DEAL);
    const g = ref.game;
    refPlay(ref, [0, { type: 'draw' }], [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    if (g.phase === 'claims') refPassClaims(ref);
    // 10 concealed + the replacement + a kan counted as 3 = 14: the seat is to discard, not draw.
    expect(g.seats[0].hand).toHaveLength(11);
    expect(g.seats[0].melds).toMatchObject([{ type: 'ankan' }]);
    expect(g.legalActions(0).map((a) => a.type)).toContain('discard');
    expect(g.legalActions(0).map((a) => a.type)).not.toContain('draw');
    const long = faulty(ref, 0, { type: 'draw' });
    expect(long.fault).toMatchObject({ seat: 0, rule: 'WSOM-LONG' });
    // Seat 3 holds 13 out of turn: its discard would leave 12, a short hand.
    const short = faulty(ref, 3, { type: 'discard', tile: tileOf(g, 3, '2z') });
    expect(short.fault).toMatchObject({ seat: 3, rule: 'WSOM-SHORT' });
    expect(g.seats.map((s) => s.deadHand)).toEqual([true, false, false, true]);
    refPlay(ref, [0, { type: 'discard', tile: g.seats[0].drawn! }]);
    expectReplay(ref, COUNT_DEAL);
  });
});

describe('the WSOM overlay as ruleset data', () => {
  it('is off in every shipped ruleset, and wsom.count needs players who draw for themselves', () => {
    for (const name of ['tenhou', 'wrc2015', 'ema2012', 'ema2016', 'russian']) expect(makeRuleset(name).wsom).toEqual({ count: false, claims: false });
    expect(() => makeRuleset('wrc2015', { wsom: { count: true } })).toThrow(/wsom\.count/);
    expect(() => makeRuleset('wrc2015', { wsom: { count: false, claims: true, extra: 1 } as never })).toThrow(/wsom\.extra/);
    expect(makeRuleset('russian', { wsom: { claims: true } }).wsom).toEqual({ count: false, claims: true });
  });
});
