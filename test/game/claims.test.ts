/**
 * Claims on a discard: priority, multiple ron, head bump, kuikae, chii from the left, and the
 * choice of tiles named in a call.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import type { Command, Seat } from '@jantaku/shared/game/types';
import type { ScoreResult } from '@jantaku/shared/scoring/types';
import { can, discard, passClaims, play, scenario, tileOf, tilesOf, tsumogiri, type Scenario } from '../support/scenario';

const code = (g: Game, seat: Seat, command: Command) => {
  const r = g.apply(seat, command);
  return r.ok ? 'accepted' : r.refusal.code;
};
const pair = (g: Game, seat: Seat, mpsz: string) => tilesOf(g, seat, mpsz) as [number, number];

describe('claim priority', () => {
  // Seat 0 throws 3m on its first turn. Seat 1 (next in turn, so seat 0 is on its left) may chii
  // with 12m, seat 2 may pon or kan with 333m, seat 3 may ron (45m: tanyao, pinfu).
  const spec: Scenario = {
    rules: 'tenhou',
    haipai: ['3m58m147p369s1234z', '12m9m147p258s1234z', '333m369p147s5677z', '45m234p345p678s22s'],
  };
  const open = () => {
    const g = scenario(spec);
    play(g, discard(g, 0, '3m'));
    expect(g.phase).toBe('claims');
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['pon', 'daiminkan', 'pass']);
    expect(g.legalActions(3).map((a) => a.type)).toEqual(['ron', 'pass']);
    return g;
  };

  it('ron beats pon, kan and chii, whatever the order of the answers', () => {
    const g = open();
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '12m') }], [2, { type: 'pon', tiles: pair(g, 2, '33m') }], [3, { type: 'ron' }]);
    expect(g.lastResult!.wins.map((w) => w.winner)).toEqual([3]);
    expect(g.seats[2].melds).toEqual([]);

    const h = open();
    play(h, [3, { type: 'ron' }], [2, { type: 'daiminkan' }], [1, { type: 'chii', tiles: pair(h, 1, '12m') }]);
    expect(h.lastResult!.wins.map((w) => w.winner)).toEqual([3]);
  });

  it('pon beats chii even when the chii was answered first; nothing happens before everyone answered', () => {
    const g = open();
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '12m') }]);
    // The chii waits for the others.
    expect(g.phase).toBe('claims');
    expect(g.seats[1].melds).toEqual([]);
    expect(g.legalActions(1)).toEqual([]);
    play(g, [3, { type: 'pass' }], [2, { type: 'pon', tiles: pair(g, 2, '33m') }]);
    expect(g.phase).toBe('turn');
    expect(g.turn).toBe(2);
    expect(g.seats[2].melds.map((m) => m.type)).toEqual(['pon']);
    expect(g.seats[1].melds).toEqual([]);
    expect(g.seats[1].hand).toHaveLength(13);
  });

  it('an open kan beats chii', () => {
    const g = open();
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '12m') }], [2, { type: 'daiminkan' }], [3, { type: 'pass' }]);
    expect(g.seats[2].melds.map((m) => m.type)).toEqual(['daiminkan']);
    expect(g.turn).toBe(2);
    // The kan's replacement tile has been drawn.
    expect(g.seats[2].drawn).not.toBeNull();
  });

  it('the chii goes through when the others pass', () => {
    const g = open();
    play(g, [2, { type: 'pass' }], [3, { type: 'pass' }], [1, { type: 'chii', tiles: pair(g, 1, '12m') }]);
    expect(g.turn).toBe(1);
    expect(g.seats[1].melds).toMatchObject([{ type: 'chii', from: 0 }]);
    expect(g.seats[0].discards[0].called).toBe(true);
  });
});

describe('chii only from the left', () => {
  it('the player after the discarder may chii; the others may not', () => {
    // Seat 0 throws 3m: seat 2 holds 45m too, but may only pon (with its 33m).
    const g = scenario({
      rules: 'tenhou',
      haipai: ['3m58m147p369s1234z', '45m9m147p258s1234z', '45m33m369p147s567z', '19m258p369s12567z'],
    });
    play(g, discard(g, 0, '3m'));
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['pon', 'pass']);
    expect(code(g, 2, { type: 'chii', tiles: pair(g, 2, '45m') })).toBe('CANNOT_CALL');
    play(g, [1, { type: 'pass' }], [2, { type: 'pass' }]);
    // Seat 1 throws 5m: seat 1 is on seat 2's left, so seat 2 may chii it with 34m.
    play(g, discard(g, 1, '5m'));
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['chii', 'pass']);
  });
});

describe('several rons on one discard', () => {
  // Seat 2 throws 7s on its first turn; seats 3 and 0 wait on it (tanki, ittsu).
  const spec = (rules: string, start?: Scenario['start']): Scenario => ({
    rules,
    start,
    haipai: ['123m456m789m111z7s', '147m258p369s2345z', '7s147m258p369s567z', '123p456p789p222z7s'],
    draws: ['9s', '9s', '', ''],
  });
  const toSeat2 = (g: Game) => {
    tsumogiri(g);
    tsumogiri(g);
    play(g, discard(g, 2, '7s'));
    expect(can(g, 3, 'ron') && can(g, 0, 'ron')).toBe(true);
  };

  it('double ron (tenhou): both win; honba and riichi sticks go to the first winner from the discarder', () => {
    const g = scenario(spec('tenhou', { round: 0, honba: 2, riichiSticks: 1, scores: [25000, 25000, 25000, 24000] }));
    toSeat2(g);
    const tile = g.claimTile!;
    const plain = (seat: Seat) => (g.scoreFor(seat, tile, false, 0) as ScoreResult).payment.ron!;
    const [ron0, ron3] = [plain(0), plain(3)];
    // Seat 0 answers first, but seat 3 comes first in turn order from seat 2.
    play(g, [0, { type: 'ron' }], [3, { type: 'ron' }]);
    const r = g.lastResult!;
    expect(r.wins.map((w) => w.winner)).toEqual([3, 0]);
    expect(r.wins[0].deltas).toEqual([0, 0, -(ron3 + 600), ron3 + 600 + 1000]);
    expect(r.wins[1].deltas).toEqual([ron0, 0, -ron0, 0]);
    expect(r.deltas).toEqual([ron0, 0, -(ron0 + ron3 + 600), ron3 + 1600]);
    expect(g.riichiSticks).toBe(0);
    // The dealer (seat 0) won: it keeps the deal.
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 3 });
  });

  it('head bump (wrc2015): only the first winner in turn order from the discarder wins', () => {
    const g = scenario(spec('wrc2015'));
    expect(g.rules.multipleRon).toBe('headBump');
    toSeat2(g);
    play(g, [0, { type: 'ron' }], [3, { type: 'ron' }]);
    expect(g.lastResult!.wins.map((w) => w.winner)).toEqual([3]);
    expect(g.lastResult!.deltas[0]).toBe(0);
    // The dealer did not win: the deal passes.
    expect(g.nextStart()).toMatchObject({ round: 1, honba: 0 });
  });

  it('triple ron (tenhou): three rons on one discard abort the hand', () => {
    const triple: Scenario = {
      rules: 'tenhou',
      haipai: ['5p11223344z28m19p', '123m456m789m46p11s', '123s456s789s34p22m', '555z666z777p999s5p'],
    };
    const g = scenario(triple);
    play(g, discard(g, 0, '5p'));
    play(g, [1, { type: 'ron' }], [2, { type: 'ron' }], [3, { type: 'ron' }]);
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'tripleRon', wins: [], deltas: [0, 0, 0, 0] });
    expect(g.scores).toEqual([25000, 25000, 25000, 25000]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 1 });

    // Two of the three: a double ron.
    const h = scenario(triple);
    play(h, discard(h, 0, '5p'));
    play(h, [1, { type: 'ron' }], [2, { type: 'pass' }], [3, { type: 'ron' }]);
    expect(h.lastResult!.wins.map((w) => w.winner)).toEqual([1, 3]);
  });
});

describe('kuikae', () => {
  // Seat 1 chiis seat 0's 3m with 45m: 3m (the same tile) and 6m (the other end) may not be discarded.
  const spec = (rules: string): Scenario => ({
    rules,
    haipai: ['3m58m147p369s1234z', '3456m99p258s1234z', '19m258p369s12567z', '19m147p258s34567z'],
  });
  const chii = (g: Game) => {
    play(g, discard(g, 0, '3m'));
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '45m') }]);
    passClaims(g);
    expect(g.turn).toBe(1);
  };

  for (const rules of ['tenhou', 'wrc2015']) {
    it(`${rules}: after a call the called tile and the other end of a chii's run may not be discarded`, () => {
      const g = scenario(spec(rules));
      chii(g);
      const discards = g.legalActions(1).find((a) => a.type === 'discard')!.tiles;
      expect(discards).not.toContain(tileOf(g, 1, '3m'));
      expect(discards).not.toContain(tileOf(g, 1, '6m'));
      expect(discards).toContain(tileOf(g, 1, '9p'));
      expect(code(g, 1, { type: 'discard', tile: tileOf(g, 1, '3m') })).toBe('KUIKAE');
      expect(code(g, 1, { type: 'discard', tile: tileOf(g, 1, '6m') })).toBe('KUIKAE');
      play(g, discard(g, 1, '9p'));
      // The ban lasts for that one discard.
      passClaims(g);
      tsumogiri(g);
      tsumogiri(g);
      tsumogiri(g);
      expect(g.turn).toBe(1);
      expect(code(g, 1, { type: 'discard', tile: tileOf(g, 1, '6m') })).toBe('accepted');
    });
  }

  it('tenhou: a pon bans the same tile', () => {
    const g = scenario({ rules: 'tenhou', haipai: ['3m58m147p369s1234z', '333m9p147s258s123z', '19m258p369s12567z', '19m147p258s34567z'] });
    play(g, discard(g, 0, '3m'));
    play(g, [1, { type: 'pon', tiles: pair(g, 1, '33m') }]);
    passClaims(g);
    expect(code(g, 1, { type: 'discard', tile: tileOf(g, 1, '3m') })).toBe('KUIKAE');
  });

  it('ema2012: kuikae is allowed', () => {
    const g = scenario(spec('ema2012'));
    chii(g);
    const discards = g.legalActions(1).find((a) => a.type === 'discard')!.tiles;
    expect(discards).toContain(tileOf(g, 1, '3m'));
    expect(discards).toContain(tileOf(g, 1, '6m'));
    play(g, discard(g, 1, '6m'));
    expect(g.seats[1].discards.map((d) => d.tile >> 2)).toEqual([5]);
  });

  // Seat 1 makes two concealed kans and keeps 333m 45m 66m: a chii of 3m with 45m would leave only 3m and 6m.
  const cornered = (rules: string): Game => {
    const g = scenario({
      rules,
      haipai: ['3m58m147p369s3456z', '1111z2222z333m45m', '19m258p369s35677z', '19m147p258s34567z'],
      draws: ['', '6m6m9p', '', ''],
    });
    tsumogiri(g);
    play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '1z') }]);
    play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '2z') }]);
    play(g, discard(g, 1, '9p'));
    passClaims(g);
    tsumogiri(g);
    tsumogiri(g);
    play(g, discard(g, 0, '3m'));
    expect(g.phase).toBe('claims');
    return g;
  };

  it('tenhou: a chii that would leave only forbidden discards is not offered', () => {
    const g = cornered('tenhou');
    const types = g.legalActions(1).map((a) => a.type);
    expect(types).not.toContain('chii');
    expect(types).toContain('pon');
    expect(code(g, 1, { type: 'chii', tiles: pair(g, 1, '45m') })).toBe('KUIKAE');
  });

  it('ema2012: the same chii is offered', () => {
    const g = cornered('ema2012');
    expect(g.legalActions(1).map((a) => a.type)).toContain('chii');
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '45m') }]);
    passClaims(g);
    play(g, discard(g, 1, '3m'));
  });
});

describe('naming the tiles of a call', () => {
  it('a pon may name any two matching tiles of the hand, not only the ones legalActions lists', () => {
    // Seat 1 holds three plain 5p: the offered pon names the first two; the third copy is as good.
    const g = scenario({ rules: 'tenhou', haipai: ['0p8m147m369s12345z', '555p9m147s258s123z', '19m147p369s12567z', '19m147p258s34567z'] });
    play(g, discard(g, 0, '0p'));
    const offered = (g.legalActions(1).find((a) => a.type === 'pon') as { options: number[][] }).options;
    const fives = tilesOf(g, 1, '555p');
    const other: [number, number] = [fives[1], fives[2]];
    expect(offered.some((o) => o[0] === other[0] && o[1] === other[1])).toBe(false);
    expect(code(g, 1, { type: 'pon', tiles: other })).toBe('accepted');
    passClaims(g);
    expect(g.seats[1].melds[0].tiles).toEqual([...other, g.seats[0].discards[0].tile].sort((a, b) => a - b));
    expect(g.seats[1].hand).toContain(fives[0]);
  });
});

describe('no calls in riichi', () => {
  it('a riichi player is offered only ron, and a pon is refused', () => {
    // Seat 1 in riichi waits on 2z-5z with 22z 55z; seat 0 throws 2z.
    const g = scenario({
      rules: 'tenhou',
      haipai: ['2z58m147p369s1346z', '123456789m2255z', '19m258p369s13677z', '19m147p258s34677z'],
      draws: ['4p', '9s', '1p', '3p'],
    });
    tsumogiri(g);
    play(g, [1, { type: 'riichi', tile: g.seats[1].drawn! }]);
    passClaims(g);
    tsumogiri(g);
    tsumogiri(g);
    play(g, discard(g, 0, '2z'));
    expect(g.legalActions(1).map((a) => a.type)).toEqual(['ron', 'pass']);
    expect(code(g, 1, { type: 'pon', tiles: pair(g, 1, '22z') })).toBe('CANNOT_CALL');
    expect(code(g, 1, { type: 'daiminkan' })).toBe('CANNOT_CALL');
  });
});
