/**
 * Kans (chankan, kan dora timing, rinshan), haitei, and the riichi rules.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import type { Command, Seat } from '@jantaku/shared/game/types';
import { can, discard, passClaims, play, riichi, scenario, tileOf, tilesOf, tsumogiri, tsumogiriUntil, type Scenario } from '../support/scenario';

const code = (g: Game, seat: Seat, command: Command) => {
  const r = g.apply(seat, command);
  return r.ok ? 'accepted' : r.refusal.code;
};
const yakuOf = (g: Game, i = 0) => g.lastResult!.wins[i].score.yaku.map((y) => y.id);
const NOTEN = ['147m258p369s1234z', '147m258p369s1567z', '258m369p147s2345z', '369m147p258s3467z'];

describe('chankan', () => {
  // Seat 2 pons seat 1's 6s; seat 3 (123m 456m 345p 99p 78s, waiting on 6s-9s) declares riichi;
  // seat 2 then draws the fourth 6s and adds it to its pon.
  const spec: Scenario = {
    rules: 'tenhou',
    haipai: ['147m258p39s12345z', '6s258m369p147s567z', '66s369m147p258s12z', '123m456m345p78s99p'],
    draws: ['6z6z', '7z7z', '6s4z', '3z9s'],
  };
  const toKan = (g: Game) => {
    tsumogiri(g);
    play(g, discard(g, 1, '6s'));
    expect(can(g, 3, 'ron')).toBe(true);
    play(g, [3, { type: 'pass' }], [2, { type: 'pon', tiles: tilesOf(g, 2, '66s') as [number, number] }]);
    play(g, discard(g, 2, '1z'));
    passClaims(g);
    play(g, riichi(g, 3, '3z'));
    passClaims(g);
    expect(g.seats[3].ippatsu).toBe(true);
    tsumogiri(g);
    tsumogiri(g);
    expect(g.turn).toBe(2);
    play(g, [2, { type: 'shouminkan', tile: tileOf(g, 2, '6s') }]);
  };

  it('a tile added to a pon may be robbed; the riichi player keeps his ippatsu', () => {
    const g = scenario(spec);
    toKan(g);
    expect(g.phase).toBe('claims');
    expect(g.legalActions(3).map((a) => a.type)).toEqual(['ron', 'pass']);
    play(g, [3, { type: 'ron' }]);
    const win = g.lastResult!.wins[0];
    expect(win).toMatchObject({ winner: 3, from: 2, tsumo: false });
    expect(yakuOf(g)).toEqual(expect.arrayContaining(['riichi', 'ippatsu', 'chankan']));
    // The robbed kan never happened: its meld stays a pon and no kan dora was turned.
    expect(g.seats[2].melds.map((m) => m.type)).toEqual(['pon']);
    expect(g.doraIndicators).toHaveLength(1);
  });

  it('an unrobbed added kan completes, breaks ippatsu, and leaves the riichi player who let it pass furiten', () => {
    const g = scenario(spec);
    toKan(g);
    play(g, [3, { type: 'pass' }]);
    expect(g.seats[2].melds.map((m) => m.type)).toEqual(['shouminkan']);
    expect(g.seats[3].ippatsu).toBe(false);
    expect(g.seats[3].furitenRiichi).toBe(true);
    // Tenhou turns an added kan's indicator after the kan's discard.
    expect(g.doraIndicators).toHaveLength(1);
    play(g, discard(g, 2, '4z'));
    expect(g.doraIndicators).toHaveLength(2);
    passClaims(g);
    // Seat 3 draws 9s: tsumo is still allowed, without ippatsu.
    expect(can(g, 3, 'tsumo')).toBe(true);
    play(g, [3, { type: 'tsumo' }]);
    expect(yakuOf(g)).toEqual(expect.arrayContaining(['riichi', 'menzenTsumo']));
    expect(yakuOf(g)).not.toContain('ippatsu');
  });

});

describe('robbing a concealed kan', () => {
  // Seat 2 is kokushi tenpai waiting on 1m alone; seat 0 holds 1111m and kans it on its first turn.
  const spec = (rules: string): Scenario => ({
    rules,
    haipai: ['1111m234m567p234s', '456m23568p3468s5z', '9m19p19s12345677z', '2378m2347p5789s6z'],
  });
  it('russian (kokushiRobsAnkan): kokushi may rob it', () => {
    const g = scenario(spec('russian'));
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    expect(g.phase).toBe('claims');
    expect(g.legalActions(2).map((a) => a.type)).toEqual(['ron', 'pass']);
    play(g, [2, { type: 'ron' }]);
    expect(g.lastResult!.wins[0].score.yaku.map((y) => y.id)).toContain('kokushi');
  });
  it('tenhou: nobody may rob it, kokushi included', () => {
    const g = scenario(spec('tenhou'));
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    expect(g.phase).toBe('turn');
    expect(g.seats[0].melds.map((m) => m.type)).toEqual(['ankan']);
  });
});

describe('kan dora timing', () => {
  // Seat 0 makes a concealed kan of 1m, then throws 9p; seat 1 kans it (999p) and draws its replacement.
  const spec = (rules: string, seat1Rinshan: string): Scenario => ({
    rules,
    haipai: ['1111m7m9p258s1345z', '999p222z258m36s67z', '369m2468p147s667z', '48m1357p369s3457z'],
    draws: ['**', seat1Rinshan, '', ''],
  });
  const kans = (g: Game) => {
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    return g.doraIndicators.length;
  };

  it('tenhou: a concealed kan turns its indicator at once, an open kan after its discard', () => {
    const g = scenario(spec('tenhou', '*'));
    expect(kans(g)).toBe(2);
    play(g, discard(g, 0, '9p'));
    play(g, [1, { type: 'daiminkan' }]);
    passClaims(g);
    expect(g.turn).toBe(1);
    expect(g.doraIndicators).toHaveLength(2);
    play(g, [1, { type: 'discard', tile: g.seats[1].drawn! }]);
    expect(g.doraIndicators).toHaveLength(3);
  });

  it('tenhou: a pending open-kan indicator turns before the next kan\'s', () => {
    const g = scenario(spec('tenhou', '2z'));
    kans(g);
    play(g, discard(g, 0, '9p'));
    play(g, [1, { type: 'daiminkan' }]);
    passClaims(g);
    expect(g.doraIndicators).toHaveLength(2);
    // The replacement is the fourth 2z: a concealed kan turns both indicators now.
    play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '2z') }]);
    expect(g.doraIndicators).toHaveLength(4);
    expect(new Set(g.doraIndicators).size).toBe(4);
  });

  it('wrc2015 (immediate): an open kan turns its indicator at once', () => {
    const g = scenario(spec('wrc2015', '*'));
    expect(kans(g)).toBe(2);
    play(g, discard(g, 0, '9p'));
    play(g, [1, { type: 'daiminkan' }]);
    passClaims(g);
    expect(g.doraIndicators).toHaveLength(3);
  });
});

describe('rinshan and haitei', () => {
  it('a win on a kan replacement tile is rinshan kaihou', () => {
    const g = scenario({ rules: 'tenhou', haipai: ['1111m234p567p78s5z', '258m258p369s1567z', NOTEN[2], NOTEN[3]], draws: ['9s5z', '', '', ''] });
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    expect(can(g, 0, 'tsumo')).toBe(true);
    play(g, [0, { type: 'tsumo' }]);
    expect(yakuOf(g)).toContain('rinshan');
    expect(yakuOf(g)).not.toContain('haitei');
  });

  it('a tsumo on the last tile is haitei; on a replacement drawn as the last tile it is rinshan, not haitei', () => {
    // Seat 1 waits on 1p alone and draws it as the last tile of the wall.
    const g = scenario({ rules: 'tenhou', haipai: [NOTEN[0], '123m456m789m111z1p', NOTEN[2], NOTEN[3]], draws: ['', `${'*'.repeat(17)}1p`, '', ''] });
    tsumogiriUntil(g, (x) => x.remaining === 0);
    expect(g.turn).toBe(1);
    play(g, [1, { type: 'tsumo' }]);
    expect(yakuOf(g)).toEqual(expect.arrayContaining(['haitei', 'menzenTsumo']));

    // Seat 0 draws the fourth 3z as the second-to-last tile, kans, and wins on the replacement.
    const h = scenario({ rules: 'tenhou', haipai: ['333z234p567p789s5z', NOTEN[1], '258m369p147s2456z', '369m147p258s4667z'], draws: [`${'*'.repeat(17)}3z5z`, '', '', ''] });
    tsumogiriUntil(h, (x) => x.remaining === 1 && x.turn === 0);
    play(h, [0, { type: 'ankan', tile: tileOf(h, 0, '3z') }]);
    expect(h.remaining).toBe(0);
    play(h, [0, { type: 'tsumo' }]);
    expect(yakuOf(h)).toContain('rinshan');
    expect(yakuOf(h)).not.toContain('haitei');
  });
});

describe('riichi', () => {
  it('needs a closed hand (a concealed kan keeps it closed)', () => {
    // Seat 1 pons 7z: from then on riichi is refused, tenpai or not.
    const g = scenario({ rules: 'tenhou', haipai: ['7z58m147p369s1234z', '77z123m456m789p23s', NOTEN[2], '369m147p258s3456z'] });
    play(g, discard(g, 0, '7z'));
    play(g, [1, { type: 'pon', tiles: tilesOf(g, 1, '77z') as [number, number] }]);
    play(g, discard(g, 1, '1m'));
    passClaims(g);
    tsumogiriUntil(g, (x) => x.turn === 1);
    expect(can(g, 1, 'riichi')).toBe(false);
    expect(code(g, 1, { type: 'riichi', tile: g.seats[1].drawn! })).toBe('RIICHI_OPEN_HAND');

    const h = scenario({ rules: 'tenhou', haipai: ['1111m234p567p78s5z', '258m258p369s1567z', NOTEN[2], NOTEN[3]], draws: ['9s6z', '', '', ''] });
    play(h, [0, { type: 'ankan', tile: tileOf(h, 0, '1m') }]);
    expect(h.seats[0].closed).toBe(true);
    play(h, riichi(h, 0, '6z'));
    passClaims(h);
    expect(h.seats[0].riichi).toBe('riichi');
  });

  const tenpaiDealer = (rules: string, scores: number[]): Game =>
    scenario({ rules, start: { round: 0, honba: 0, riichiSticks: 0, scores }, haipai: ['123456789m1155z', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['9s', '', '', ''] });

  it('tenhou: needs 1,000 points (riichiMinPoints); the stick is paid once the discard passes', () => {
    const poor = tenpaiDealer('tenhou', [900, 33000, 33000, 33100]);
    expect(can(poor, 0, 'riichi')).toBe(false);
    expect(code(poor, 0, { type: 'riichi', tile: tileOf(poor, 0, '9s') })).toBe('RIICHI_NO_POINTS');

    const g = tenpaiDealer('tenhou', [1000, 33000, 33000, 33000]);
    play(g, riichi(g, 0, '9s'));
    passClaims(g);
    expect(g.scores[0]).toBe(0);
    expect(g.riichiSticks).toBe(1);
  });

  it('wrc2015: riichi is allowed with fewer than 1,000 points', () => {
    const g = tenpaiDealer('wrc2015', [500, 40000, 40000, 39500]);
    play(g, riichi(g, 0, '9s'));
    passClaims(g);
    expect(g.scores[0]).toBe(-500);
  });

  it('needs riichiMinWallTiles (4) tiles left in the wall', () => {
    // Seats 1 and 2 are tenpai; seat 1 draws with 4 tiles left, seat 2 with 3.
    const g = scenario({ rules: 'tenhou', haipai: [NOTEN[0], '123456789p2266z', '123456789s3377z', NOTEN[3]] });
    tsumogiriUntil(g, (x) => x.remaining === 4);
    expect(g.turn).toBe(1);
    expect(can(g, 1, 'riichi')).toBe(true);
    tsumogiri(g);
    expect([g.turn, g.remaining]).toEqual([2, 3]);
    expect(can(g, 2, 'riichi')).toBe(false);
    expect(code(g, 2, { type: 'riichi', tile: g.seats[2].drawn! })).toBe('RIICHI_NO_TILES');
  });

  it('needs a tenpai hand after the discard: only those discards are offered', () => {
    const g = tenpaiDealer('tenhou', [25000, 25000, 25000, 25000]);
    const offered = g.legalActions(0).find((a) => a.type === 'riichi') as { tiles: number[] };
    expect(offered.tiles).toEqual([tileOf(g, 0, '9s')]);
    expect(code(g, 0, { type: 'riichi', tile: tileOf(g, 0, '1m') })).toBe('NOT_TENPAI');
    expect(code(g, 0, { type: 'riichi', tile: tileOf(g, 0, '5z') })).toBe('NOT_TENPAI');
  });

  describe('double riichi, ippatsu, tsumogiri', () => {
    // The dealer declares riichi on its first discard (9s), waiting on 1z-5z, and draws 1z next.
    // Seat 1 throws the fourth 9s; seat 2 (99s) may pon it.
    const spec: Scenario = {
      rules: 'tenhou',
      haipai: ['123456789m1155z', '19m19p12356s2367z', '99s19m29p47s12467z', '234567m345678p4z'],
      draws: ['9s1z', '9s', '8p', '9p'],
    };

    it('a riichi on the first uninterrupted discard is a double riichi; ippatsu lasts until the next own discard', () => {
      const g = scenario(spec);
      play(g, riichi(g, 0, '9s'));
      play(g, [2, { type: 'pass' }]);
      expect(g.seats[0].riichi).toBe('double');
      expect(g.seats[0].ippatsu).toBe(true);
      tsumogiri(g);
      tsumogiri(g);
      // Seat 3 is still in the first go-around: double riichi too.
      play(g, riichi(g, 3, '9p'));
      passClaims(g);
      expect(g.seats[3].riichi).toBe('double');
      // The riichi player may only discard the tile he drew.
      expect(g.turn).toBe(0);
      expect(g.legalActions(0).find((a) => a.type === 'discard')).toEqual({ type: 'discard', tiles: [g.seats[0].drawn] });
      expect(code(g, 0, { type: 'discard', tile: tileOf(g, 0, '2m') })).toBe('RIICHI_MUST_TSUMOGIRI');
      play(g, [0, { type: 'tsumo' }]);
      expect(yakuOf(g)).toEqual(expect.arrayContaining(['doubleRiichi', 'ippatsu', 'menzenTsumo']));
    });

    it('any call breaks ippatsu and the first go-around', () => {
      const g = scenario(spec);
      play(g, riichi(g, 0, '9s'));
      play(g, [2, { type: 'pass' }]);
      // Seat 1 throws its 9s and seat 2 pons it: not the riichi tile, but a call all the same.
      play(g, [1, { type: 'discard', tile: g.seats[1].drawn! }]);
      play(g, [2, { type: 'pon', tiles: tilesOf(g, 2, '99s') as [number, number] }]);
      expect(g.seats[0].ippatsu).toBe(false);
      play(g, discard(g, 2, '2z'));
      passClaims(g);
      play(g, riichi(g, 3, '9p'));
      passClaims(g);
      expect(g.seats[3].riichi).toBe('riichi');
      play(g, [0, { type: 'tsumo' }]);
      expect(yakuOf(g)).toContain('doubleRiichi');
      expect(yakuOf(g)).not.toContain('ippatsu');
    });
  });

  it('a concealed kan after riichi is allowed only when it keeps the waits', () => {
    // 111m + three runs + 5z: the kan of the drawn 1m keeps the 5z wait.
    const g = scenario({ rules: 'tenhou', haipai: ['111m234p567p789s5z', '258m258p369s1567z', NOTEN[2], NOTEN[3]], draws: ['9p1m', '', '', ''] });
    play(g, riichi(g, 0, '9p'));
    passClaims(g);
    tsumogiriUntil(g, (x) => x.turn === 0);
    expect(can(g, 0, 'ankan')).toBe(true);
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    expect(g.seats[0].melds.map((m) => m.type)).toEqual(['ankan']);
    expect(g.seats[0].riichi).toBe('double');

    // 3334m (waits 2m-4m-5m): a kan of the drawn 3m would leave 4m alone.
    const h = scenario({ rules: 'tenhou', haipai: ['3334m234p567p789s', NOTEN[1], NOTEN[2], '69m147p258s34677z'], draws: ['9p3m', '', '', ''] });
    play(h, riichi(h, 0, '9p'));
    passClaims(h);
    tsumogiriUntil(h, (x) => x.turn === 0);
    expect(can(h, 0, 'ankan')).toBe(false);
    expect(code(h, 0, { type: 'ankan', tile: tileOf(h, 0, '3m') })).toBe('RIICHI_BAD_KAN');
  });
});

describe('furiten and concealed kans', () => {
  it('a concealed kan that may not be robbed does not make a waiting riichi player furiten (russian: kokushiRobsAnkan)', () => {
    // Seat 2 in riichi waits on 5m-8m (67m). Seat 0 draws the fourth 5m, kans it, then throws 8m.
    const g = scenario({
      rules: 'russian',
      haipai: ['555m8m147p369s234z', '19m258p147s15677z', '67m234p567p789s11z', '19m369p258s34567z'],
      draws: ['3p5m6z', '2p', '4z', '8p'],
    });
    expect(g.rules.kokushiRobsAnkan).toBe(true);
    tsumogiri(g);
    tsumogiri(g);
    play(g, riichi(g, 2, '4z'));
    passClaims(g);
    tsumogiri(g);
    expect(g.turn).toBe(0);
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '5m') }]);
    expect(g.phase).toBe('turn');
    expect(g.seats[2].furitenRiichi).toBe(false);
    play(g, discard(g, 0, '8m'));
    expect(can(g, 2, 'ron')).toBe(true);
    play(g, [2, { type: 'ron' }]);
    expect(g.lastResult!.wins[0].winner).toBe(2);
  });
});
