/**
 * Under the 'prevent' policy (tenhou) the referee refuses a faulty declaration with the rule ID
 * the WRC rulebook would cite (D20): the sender alone is told, nothing is logged, penalised or
 * changed (docs/REFEREE.md §1.1, §1.8). Deferred faults (noten riichi, a bad kan in riichi) are
 * refused at once, since the server knows.
 */
import { describe, expect, it } from 'vitest';
import type { Referee } from '@jantaku/shared/referee/referee';
import type { Command, Seat } from '@jantaku/shared/game/types';
import { refereeScenario, refPassClaims, refPlay, refTsumogiri, refTsumogiriUntil, snapshot, tileOf, tilesOf, type Scenario } from '../support/scenario';

const RULES = 'tenhou';

/* Seats 0 and 3 noten; seat 1 waits on 1z/5z, seat 2 on 6z/7z (both yakuhai shanpon). */
const HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'];
const deal = (draws: Scenario['draws']): Scenario => ({ rules: RULES, haipai: HAIPAI, draws });
/* Seat 1 holds 111m23m456p789s55z (waits 1m, 4m, 5z): a kan of the fourth 1m in riichi leaves 1m, 4m. */
const BAD_KAN: Scenario['haipai'] = ['258m258p369s1234z', '111m23m456p789s55z', '234m567p678s6677z', '369m147p258s2345z'];

/**
 * The message is refused with `code` and the rule's ID, to the sender alone (no events), and
 * leaves the game, the referee's log, its faults and the ledger exactly as they were.
 */
function expectRefused(ref: Referee, seat: Seat, command: Command, code: string, rule: string): void {
  const g = ref.game;
  const before = snapshot(g);
  const log = ref.log.length;
  const r = ref.apply(seat, command);
  expect(r).toEqual({ ok: false, refusal: { code, rule, reason: expect.stringContaining(rule) } });
  expect(r).not.toHaveProperty('events');
  expect(snapshot(g)).toBe(before);
  expect(ref.log).toHaveLength(log);
  expect(ref.faults).toEqual([]);
  expect(g.penalties).toEqual([]);
  expect(g.seats.every((s) => !s.deadHand)).toBe(true);
}

describe('prevent: faults are refused with their rule ID and change nothing', () => {
  it('WRC-F-FALSE-WIN-REVEALED: a tsumo on an incomplete hand is refused; with reveal false it cites WRC-F-FALSE-WIN-HIDDEN', () => {
    const ref = refereeScenario(deal(undefined));
    expectRefused(ref, 0, { type: 'tsumo' }, 'NOT_COMPLETE', 'WRC-F-FALSE-WIN-REVEALED');
    expectRefused(ref, 0, { type: 'tsumo', reveal: false }, 'NOT_COMPLETE', 'WRC-F-FALSE-WIN-HIDDEN');
    // The hand goes on as if nothing had been sent.
    refTsumogiri(ref);
    expect(ref.game.turn).toBe(1);
    expect(ref.game.scores).toEqual([25000, 25000, 25000, 25000]);
  });

  it('WRC-F-FALSE-WIN-REVEALED: a ron on a tile that does not win, by a seat in the window, is refused; the seat still has its answer', () => {
    // Seat 0 discards 9s; seat 1 may chii it (7s8s) but cannot win on it.
    const ref = refereeScenario(deal(['9s', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9s') }]);
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
    expectRefused(ref, 1, { type: 'ron' }, 'NOT_COMPLETE', 'WRC-F-FALSE-WIN-REVEALED');
    expectRefused(ref, 1, { type: 'ron', reveal: false }, 'NOT_COMPLETE', 'WRC-F-FALSE-WIN-HIDDEN');
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
    // Under 'prevent' the window is open only to seats that can claim: another seat's ron is a protocol error, no rule cited.
    const r = ref.apply(2, { type: 'ron' });
    expect(r).toEqual({ ok: false, refusal: { code: 'NOTHING_TO_RESPOND', reason: expect.any(String) } });
    refPassClaims(ref);
    expect(g.turn).toBe(1);
  });

  it('WRC-F-KUIKAE: a swap-call discard after chii is refused; the seat discards another tile', () => {
    const ref = refereeScenario(deal(['4m', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }], [1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] }]);
    refPassClaims(ref);
    expect(g.turn).toBe(1);
    expectRefused(ref, 1, { type: 'discard', tile: tileOf(g, 1, '1m') }, 'KUIKAE', 'WRC-F-KUIKAE');
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '9s') }]);
    expect(g.seats[1].deadHand).toBe(false);
  });

  it('WRC-F-RIICHI-NOTEN: a riichi on a noten hand is refused at once, not deferred; no stick is taken', () => {
    const ref = refereeScenario(deal(['9m', '', '', '']));
    const g = ref.game;
    expect(g.legalActions(0).map((a) => a.type)).not.toContain('riichi');
    expectRefused(ref, 0, { type: 'riichi', tile: tileOf(g, 0, '9m') }, 'NOT_TENPAI', 'WRC-F-RIICHI-NOTEN');
    expect(g.seats[0].riichi).toBe('none');
    expect(g.seats[0].notenRiichi).toBe(false);
    refTsumogiri(ref);
    expect(g.riichiSticks).toBe(0);
  });

  it('WRC-F-RIICHI-BAD-ANKAN: a concealed kan changing the waits in riichi is refused at once', () => {
    const ref = refereeScenario({ rules: RULES, haipai: BAD_KAN, draws: ['9m', '9p1m', '', ''] });
    const g = ref.game;
    refTsumogiri(ref);
    refPlay(ref, [1, { type: 'riichi', tile: tileOf(g, 1, '9p') }]);
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    expectRefused(ref, 1, { type: 'ankan', tile: tileOf(g, 1, '1m') }, 'RIICHI_BAD_KAN', 'WRC-F-RIICHI-BAD-ANKAN');
    expect(g.seats[1].badKan).toBe(false);
    expect(g.seats[1].melds).toEqual([]);
  });

  it('WRC-F-RIICHI-OPEN-HAND: a riichi after a pon is refused; the tile is not discarded', () => {
    const ref = refereeScenario(deal(['5z', '', '', '']));
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '5z') }], [1, { type: 'pon', tiles: tilesOf(g, 1, '55z') as [number, number] }]);
    refPassClaims(ref);
    expectRefused(ref, 1, { type: 'riichi', tile: tileOf(g, 1, '9s') }, 'RIICHI_OPEN_HAND', 'WRC-F-RIICHI-OPEN-HAND');
    expect(g.seats[1].discards).toEqual([]);
  });
});
