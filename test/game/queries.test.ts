/**
 * The public position helper and queries (shared/src/position.ts, shared/src/queries.ts; docs/POSITIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { position, refereePosition } from '@jantaku/shared/position';
import { furitenOf, handResults, pendingJudgements } from '@jantaku/shared/queries';
import { discard, passClaims, play, refPassClaims, refPlay, refTsumogiri, riichi, tileOf, tsumogiri, tsumogiriUntil } from '../support/scenario';

const HAIPAI: [string, string, string, string] = ['147m269p369s1234z', '123m456p789s1155z', '23m234p222s567s55p', '147m138p369s2345z'];

describe('furitenOf', () => {
  it('EMA12-FURITEN: a wait among the seat\'s own discards is furiten "discard"', () => {
    const g = position({ rules: 'ema2012', haipai: HAIPAI, draws: ['9m', '9p', '1m', ''] });
    tsumogiri(g);
    expect(furitenOf(g, 2)).toEqual({ furiten: false, kinds: [], waits: [0, 3] });
    tsumogiri(g);
    tsumogiri(g); // seat 2 draws and throws 1m, one of its waits
    expect(furitenOf(g, 2)).toEqual({ furiten: true, kinds: ['discard'], waits: [0, 3] });
  });

  it('EMA12-FURITEN-TEMP: a winning tile let pass in riichi is furiten "temporary" and "riichi"; the draw ends only the first', () => {
    const g = position({ rules: 'tenhou', haipai: HAIPAI, draws: ['9m', '9p', '9s', '4m'] });
    tsumogiri(g);
    tsumogiri(g);
    play(g, riichi(g, 2, '9s'));
    passClaims(g);
    play(g, discard(g, 3, '4m'));
    play(g, [2, { type: 'pass' }]);
    passClaims(g);
    expect(furitenOf(g, 2).kinds).toEqual(['temporary', 'riichi']);
    tsumogiriUntil(g, (x) => x.turn === 2);
    expect(furitenOf(g, 2).kinds).toEqual(['riichi']);
  });
});

describe('pendingJudgements', () => {
  it('WRC-F-FALSE-WIN-REVEALED: a shown false ron waits for its window to close; then it is given and no longer pending', () => {
    const ref = refereePosition({ rules: 'wrc2015', haipai: ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'], draws: ['9m', '9p', '1s', '8m'] });
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, discard(g, 3, '8m'));
    const r = ref.apply(1, { type: 'ron' });
    expect(r.ok && r.fault?.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    expect(pendingJudgements(ref)).toEqual([{ seat: 1, rule: 'WRC-F-FALSE-WIN-REVEALED', when: 'windowClose' }]);
    refPassClaims(ref);
    expect(pendingJudgements(ref)).toEqual([]);
    expect(g.lastResult).toMatchObject({ kind: 'chombo' });
  });

  it('WRC-F-RIICHI-NOTEN: a noten riichi is pending until the end of the hand', () => {
    const ref = refereePosition({ rules: 'wrc2015', haipai: HAIPAI, draws: ['9m', '', '', ''] });
    const r = ref.apply(0, { type: 'riichi', tile: tileOf(ref.game, 0, '9m') });
    expect(r.ok && r.fault).toBeFalsy();
    expect(pendingJudgements(ref)).toEqual([{ seat: 0, rule: 'WRC-F-RIICHI-NOTEN', when: 'handEnd' }]);
  });
});

describe('position and handResults', () => {
  it('the seat to move is the dealer given; results of past hands stay readable', () => {
    const g = position({ rules: 'tenhou', haipai: HAIPAI, dealer: 2 });
    expect(g.dealer).toBe(2);
    expect(g.turn).toBe(2);
    expect(() => position({ haipai: HAIPAI, dealer: 1, start: { round: 1, honba: 0, riichiSticks: 0, scores: [25000, 25000, 25000, 25000] } })).toThrow(/dealer or start/);
    tsumogiriUntil(g);
    const first = g.lastResult!;
    expect(handResults(g)).toEqual([{ hand: 0, round: 2, honba: 0, result: first }]);
    expect(g.nextHand().ok).toBe(true);
    expect(handResults(g)).toEqual([{ hand: 0, round: 2, honba: 0, result: first }]);
    tsumogiriUntil(g);
    expect(handResults(g).map((h) => h.hand)).toEqual([0, 1]);
  });
});
