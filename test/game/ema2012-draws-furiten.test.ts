/**
 * EMA 2012 rules on the end of a hand, draws, tenpai and furiten (/work/shared/rules/ema2012.md),
 * one test per rule ID, played on scripted walls under the ema2012 ruleset.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import type { Seat } from '@jantaku/shared/game/types';
import type { ScoreResult } from '@jantaku/shared/scoring/types';
import { can, discard, passClaims, play, riichi, scenario, tileOf, tilesOf, tsumogiri, tsumogiriUntil, type Scenario } from '../support/scenario';

const EMA = 'ema2012';
const START = 30000;

/** Noten hands for the seats a test does not care about (isolated tiles, few terminals). */
const NOTEN = ['147m258p369s1234z', '147m258p369s1567z', '258m369p147s2345z', '369m147p258s3467z'];

const drawsOf = (g: Game) => g.currentHand.steps.filter((s) => s.type === 'draw').length;
const scoresAfter = (g: Game) => g.scores.map((s) => s - START);
const wallEnd = (g: Game) => tsumogiriUntil(g);
const refusal = (g: Game, seat: Seat, command: Parameters<Game['apply']>[1]) => {
  const r = g.apply(seat, command);
  return r.ok ? 'accepted' : r.refusal.code;
};

describe('EMA 2012: ending a hand', () => {
  it('EMA12-END-WAYS: a hand ends by an exhaustive draw, an abortive draw, or one or more wins', () => {
    // Exhaustive draw: nobody wins and the wall runs out.
    const g1 = scenario({ rules: EMA, haipai: [NOTEN[0], NOTEN[1], NOTEN[2], NOTEN[3]] });
    wallEnd(g1);
    expect(g1.phase).toBe('handEnded');
    expect(g1.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', wins: [] });

    // Abortive draw: nine different terminals and honours on the dealer's first draw.
    const g2 = scenario({ rules: EMA, haipai: ['19m19p19s1234z258m', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['5z', '', '', ''] });
    play(g2, [0, { type: 'kyuushu' }]);
    expect(g2.lastResult).toMatchObject({ kind: 'draw', draw: 'nineTerminals', wins: [] });

    // Several players winning on one discard: all three win (no triple-ron abort under EMA 2012).
    const g3 = scenario({
      rules: EMA,
      haipai: ['5p11223344z28m19p', '123m456m789m46p11s', '123s456s789s34p22m', '555z666z777p999s5p'],
    });
    play(g3, discard(g3, 0, '5p'));
    expect(g3.phase).toBe('claims');
    play(g3, [1, { type: 'ron' }], [2, { type: 'ron' }], [3, { type: 'ron' }]);
    expect(g3.phase).toBe('handEnded');
    expect(g3.lastResult!.kind).toBe('win');
    expect(g3.lastResult!.wins.map((w) => w.winner)).toEqual([1, 2, 3]);
    expect(g3.lastResult!.wins.every((w) => w.from === 0 && !w.tsumo)).toBe(true);
  });

  describe('EMA12-LAST-TILE-CLAIM', () => {
    it('EMA12-LAST-TILE-CLAIM: the last discard may be claimed only to win, not for chii or pon', () => {
      // Seat 1 draws the last tile (its 18th draw) and discards it; seat 2, on its left, could
      // chii, pon or ron that 5s anywhere else in the hand.
      const g = scenario({
        rules: EMA,
        haipai: ['19m19p1s11223344z', '147m258p369s1234z', '234m678m345p4556s', '2468m2468p777z5s9s'],
        draws: ['', `${'*'.repeat(17)}5s`, '', ''],
      });
      tsumogiriUntil(g, (x) => x.remaining === 0);
      expect(g.turn).toBe(1);
      expect(g.seats[1].drawn! >> 2).toBe(tileOf(g, 1, '5s') >> 2);
      play(g, discard(g, 1, '5s'));
      expect(g.phase).toBe('claims');
      const actions = g.legalActions(2).map((a) => a.type);
      expect(actions).toContain('ron');
      expect(actions).not.toContain('chii');
      expect(actions).not.toContain('pon');
      expect(refusal(g, 2, { type: 'pon', tiles: tilesOf(g, 2, '55s') as [number, number] })).toBe('LAST_TILE');
      expect(refusal(g, 2, { type: 'chii', tiles: tilesOf(g, 2, '46s') as [number, number] })).toBe('LAST_TILE');
      // Winning on it is allowed (houtei).
      play(g, [2, { type: 'ron' }]);
      expect(g.lastResult!.wins[0].winner).toBe(2);
      expect(g.lastResult!.wins[0].score.yaku.map((y) => y.id)).toContain('houtei');
    });

    it('EMA12-LAST-TILE-CLAIM: no concealed kan on the last tile, and no open kan on the last discard', () => {
      // Seat 1 holds 777p and draws the fourth as the last tile; seat 3 holds 999s, which seat 1 then discards.
      const g = scenario({
        rules: EMA,
        haipai: ['19m19p1s11223344z', '777p9s1234z24568m', '234m678m345p46s55z', '2468m2468p999s57z'],
        draws: ['', `${'*'.repeat(17)}7p`, '', ''],
      });
      tsumogiriUntil(g, (x) => x.remaining === 0);
      expect(g.turn).toBe(1);
      expect(g.seats[1].hand.filter((t) => t >> 2 === tileOf(g, 1, '7p') >> 2)).toHaveLength(4);
      expect(can(g, 1, 'ankan')).toBe(false);
      expect(refusal(g, 1, { type: 'ankan', tile: tileOf(g, 1, '7p') })).toBe('LAST_TILE');
      play(g, discard(g, 1, '9s'));
      // Nobody may kan (or pon) it: no claim window, the hand ends in an exhaustive draw.
      expect(g.phase).toBe('handEnded');
      expect(g.lastResult!.draw).toBe('exhaustive');
    });

    it('EMA12-LAST-TILE-CLAIM: a kan on the second-to-last tile makes its replacement the last tile', () => {
      // Seat 0 draws the second-to-last tile (its 18th draw), the fourth 3z, and declares a concealed kan.
      const g = scenario({
        rules: EMA,
        haipai: ['333z444z147m258p9s', NOTEN[1], '258m369p147s2566z', '369m147p258s1677z'],
        draws: [`${'*'.repeat(17)}3z4z`, '', '', ''],
      });
      tsumogiriUntil(g, (x) => x.remaining === 1 && x.turn === 0);
      expect(g.seats[0].drawn! >> 2).toBe(tileOf(g, 0, '3z') >> 2);
      play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '3z') }]);
      // The replacement (a 4z: seat 0 now holds all four) was the last tile, so no kan on it.
      expect(g.remaining).toBe(0);
      expect(g.seats[0].drawn! >> 2).toBe(tileOf(g, 0, '4z') >> 2);
      expect(can(g, 0, 'ankan')).toBe(false);
      expect(refusal(g, 0, { type: 'ankan', tile: tileOf(g, 0, '4z') })).toBe('LAST_TILE');
      play(g, discard(g, 0, '9s'));
      passClaims(g);
      // Its discard was the last: the hand is over, nobody drew again.
      expect(g.lastResult!.draw).toBe('exhaustive');
      expect(drawsOf(g)).toBe(70);
    });
  });

  it('EMA12-EXHAUSTIVE: the hand is drawn when nobody wins on the discard after the last tile; the dead wall is not used', () => {
    // Seat 0 makes a concealed kan on its first turn: its replacement still leaves 70 draws in all
    // (the 14 dead-wall tiles are never drawn), and seat 0 now draws the last tile (its 19th draw,
    // the replacement included). Seat 2 waits on that last discard, and passes.
    const g = scenario({
      rules: EMA,
      haipai: ['1111m258p369s234z', '47m258p369s12567z', '234m678m345p4556s', '2468m2468p777z5s9s'],
      draws: [`${'*'.repeat(18)}5s`, '', '', ''],
    });
    play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }]);
    expect(g.doraIndicators).toHaveLength(2);
    tsumogiriUntil(g, (x) => x.remaining === 0);
    expect(drawsOf(g)).toBe(70);
    expect(g.turn).toBe(0);
    play(g, discard(g, 0, '5s'));
    expect(can(g, 2, 'ron')).toBe(true);
    play(g, [2, { type: 'pass' }]);
    expect(g.phase).toBe('handEnded');
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive' });
    expect(drawsOf(g)).toBe(70);
  });

  describe('EMA12-NOTEN-PAY', () => {
    // Seat by seat a tenpai hand and a noten one, built so that any mix of them fits in one tile set.
    const TENPAI = ['123456789m1155z', '123456789p2266z', '123456789s3377z', '123456789m4455z'];
    const NOT = ['123456789m1357z', '123456789p2467z', '123456789s1234z', '123456789m1456z'];
    const cases: [string, Seat[], number[]][] = [
      ['one tenpai: 1,000 from each noten player', [2], [-1000, -1000, 3000, -1000]],
      ['two tenpai: 1,500 from each noten player to each tenpai player', [0, 3], [1500, -1500, -1500, 1500]],
      ['three tenpai: the noten player pays 1,000 to each', [0, 1, 3], [1000, 1000, -3000, 1000]],
      ['nobody tenpai: no payment', [], [0, 0, 0, 0]],
      ['all four tenpai: no payment', [0, 1, 2, 3], [0, 0, 0, 0]],
    ];
    it.each(cases)('EMA12-NOTEN-PAY: %s', (_, tenpai, deltas) => {
      const haipai = [0, 1, 2, 3].map((s) => (tenpai.includes(s as Seat) ? TENPAI[s] : NOT[s])) as Scenario['haipai'];
      const g = scenario({ rules: EMA, haipai });
      wallEnd(g);
      expect(g.lastResult!.draw).toBe('exhaustive');
      expect(g.lastResult!.tenpai).toEqual(tenpai);
      expect(g.lastResult!.deltas).toEqual(deltas);
      expect(scoresAfter(g)).toEqual(deltas);
    });
  });

  it('EMA12-TENPAI-FOUR-HELD: waiting only on a tile of which the player holds all four is not tenpai', () => {
    // Seat 1: 1111m + three runs, "waiting" on a fifth 1m. Seat 0 is tenpai for comparison.
    const g = scenario({ rules: EMA, haipai: ['234567m678m1155z', '1111m234p567p789s', NOTEN[2], NOTEN[3]], draws: ['', '6z', '', ''] });
    tsumogiri(g);
    // It cannot declare riichi on it either.
    expect(refusal(g, 1, { type: 'riichi', tile: g.seats[1].drawn! })).toBe('NOT_TENPAI');
    wallEnd(g);
    expect(g.lastResult!.tenpai).toEqual([0]);
    expect(g.lastResult!.deltas).toEqual([3000, -1000, -1000, -1000]);

    // The same with three of them in a pon and the fourth in the hand.
    const h = scenario({ rules: EMA, haipai: ['1m234567p78p1155z', '111m234p567p789s5z', NOTEN[2], NOTEN[3]], draws: ['9p', '', '', ''] });
    play(h, discard(h, 0, '1m'));
    play(h, [1, { type: 'pon', tiles: tilesOf(h, 1, '11m') as [number, number] }]);
    play(h, discard(h, 1, '5z'));
    passClaims(h);
    wallEnd(h);
    expect(h.lastResult!.tenpai).not.toContain(1);
    expect(h.lastResult!.deltas[1]).toBeLessThan(0);
  });

  it('EMA12-TENPAI-ALL-VISIBLE: a player is tenpai even when every winning tile is visible', () => {
    // Seat 1 waits on 9p alone; the three other 9p are discarded in the first go-around.
    const g = scenario({
      rules: EMA,
      haipai: ['9p147m258s3456z69s', '123m456m789m123p9p', '9p258m369s1467z68p', '9p369m147s2357z57p'],
    });
    play(g, discard(g, 0, '9p'));
    play(g, [1, { type: 'pass' }]);
    tsumogiri(g);
    play(g, discard(g, 2, '9p'));
    passClaims(g);
    play(g, discard(g, 3, '9p'));
    passClaims(g);
    const nines = g.seats.flatMap((s) => s.discards).filter((d) => d.tile >> 2 === tileOf(g, 1, '9p') >> 2);
    expect(nines).toHaveLength(3);
    wallEnd(g);
    expect(g.lastResult!.tenpai).toEqual([1]);
    expect(g.lastResult!.deltas).toEqual([-1000, 3000, -1000, -1000]);
  });

  it('EMA12-RIICHI-SHOW: a riichi player shows his tenpai hand at an exhaustive draw', () => {
    const g = scenario({ rules: EMA, haipai: [NOTEN[0], NOTEN[1], '123456789s3377z', NOTEN[3]], draws: ['', '', '1p', ''] });
    tsumogiri(g);
    tsumogiri(g);
    play(g, riichi(g, 2, '1p'));
    passClaims(g);
    expect(g.seats[2].riichi).not.toBe('none');
    wallEnd(g);
    expect(g.lastResult!.draw).toBe('exhaustive');
    expect(g.lastResult!.revealed).toEqual([{ seat: 2, concealed: g.seats[2].hand }]);
    expect(g.lastResult!.tenpai).toEqual([2]);
  });

  it('EMA12-DRAW-COUNTER: an exhaustive draw adds a counter (honba)', () => {
    // Hand 1: the dealer (seat 0) is noten, so the deal passes; hand 2: the dealer (seat 1) is tenpai and keeps it.
    const g = scenario({
      rules: EMA,
      haipai: [NOTEN[0], NOTEN[1], NOTEN[2], NOTEN[3]],
      next: [{ haipai: [NOTEN[0], '123456789p2266z', NOTEN[2], NOTEN[3]] }],
    });
    wallEnd(g);
    expect(g.nextStart()).toMatchObject({ round: 1, honba: 1 });
    play(g);
    expect(g.nextHand().ok).toBe(true);
    expect([g.round, g.honba, g.dealer]).toEqual([1, 1, 1]);
    wallEnd(g);
    expect(g.lastResult!.tenpai).toEqual([1]);
    g.nextHand();
    expect([g.round, g.honba, g.dealer]).toEqual([1, 2, 1]);
  });
});

describe('EMA 2012: abortive draws', () => {
  it('EMA12-ABORT-GENERAL: no noten payment, riichi hands stay hidden, and a counter is added', () => {
    // The dealer declares (double) riichi on a tenpai hand; seat 1 then calls nine terminals.
    const g = scenario({
      rules: EMA,
      haipai: ['123456789m1155z', '19m19p199s1234z58p', NOTEN[2], NOTEN[3]],
      draws: ['6z', '7z', '', ''],
    });
    play(g, riichi(g, 0, '6z'));
    passClaims(g);
    expect(g.riichiSticks).toBe(1);
    play(g, [1, { type: 'kyuushu' }]);
    const r = g.lastResult!;
    expect(r).toMatchObject({ kind: 'draw', draw: 'nineTerminals', revealed: [], tenpai: [], deltas: [0, 0, 0, 0] });
    expect(g.scores).toEqual([START - 1000, START, START, START]);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 1, riichiSticks: 1 });
  });

  describe('EMA12-ABORT-NINE-TERMINALS', () => {
    it('EMA12-ABORT-NINE-TERMINALS: nine different terminals and honours after the first draw may abort the hand', () => {
      // Eight kinds dealt, the ninth drawn.
      const g = scenario({ rules: EMA, haipai: ['19m19p1234z25588p', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['9s', '', '', ''] });
      expect(can(g, 0, 'kyuushu')).toBe(true);
      play(g, [0, { type: 'kyuushu' }]);
      expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'nineTerminals', deltas: [0, 0, 0, 0] });
      // The dealer keeps the deal, with a counter.
      expect(g.nextStart()).toMatchObject({ round: 0, honba: 1 });
    });

    it('EMA12-ABORT-NINE-TERMINALS: not with eight kinds, not on a later draw, not after a call', () => {
      const eight = scenario({ rules: EMA, haipai: ['19m19p1234z25588p', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['3p', '', '', ''] });
      expect(can(eight, 0, 'kyuushu')).toBe(false);
      expect(refusal(eight, 0, { type: 'kyuushu' })).toBe('NOT_KYUUSHU');

      // Second draw: seat 0 had eight kinds, draws the ninth on its second turn.
      const later = scenario({ rules: EMA, haipai: ['19m19p1234z25588p', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['3p9s', '', '', ''] });
      play(later, discard(later, 0, '3p'));
      passClaims(later);
      tsumogiriUntil(later, (x) => x.turn === 0);
      expect(later.seats[0].drawn! >> 2).toBe(tileOf(later, 0, '9s') >> 2);
      expect(can(later, 0, 'kyuushu')).toBe(false);
      expect(refusal(later, 0, { type: 'kyuushu' })).toBe('NOT_KYUUSHU');

      // Seat 2 has nine kinds on its first draw, but seat 1 has called a pon before it.
      const called = scenario({ rules: EMA, haipai: ['5z147m258p369s234z', '55z147m258p369s67z', '19m19p199s1234z58p', NOTEN[3]] });
      play(called, discard(called, 0, '5z'));
      play(called, [1, { type: 'pon', tiles: tilesOf(called, 1, '55z') as [number, number] }]);
      play(called, discard(called, 1, '3s'));
      passClaims(called);
      expect(called.turn).toBe(2);
      expect(can(called, 2, 'kyuushu')).toBe(false);
      expect(refusal(called, 2, { type: 'kyuushu' })).toBe('NOT_KYUUSHU');
    });
  });

  describe('EMA12-ABORT-FOUR-KANS', () => {
    // Seat 0 makes two concealed kans, seat 1 two more and then discards; seat 2 waits on 3s.
    const spec = (seat1Discard: string, seat3 = '69m147p258s34567z', rules = EMA): Scenario => ({
      rules,
      haipai: ['1111m2222m5z6z7z9s8s', `3333m4444m12z${seat1Discard}78p`, '123p456p789p12s77z', seat3],
      draws: ['5p6p7p', '1p2p3p', '', ''],
    });
    const fourKans = (g: Game) => {
      play(g, [0, { type: 'ankan', tile: tileOf(g, 0, '1m') }], [0, { type: 'ankan', tile: tileOf(g, 0, '2m') }], discard(g, 0, '9s'));
      passClaims(g);
      play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '3m') }], [1, { type: 'ankan', tile: tileOf(g, 1, '4m') }]);
      expect(g.phase).toBe('turn');
    };

    it('EMA12-ABORT-FOUR-KANS: four kans by two players abort the hand when nobody wins on the next discard', () => {
      const g = scenario(spec('9m'));
      fourKans(g);
      play(g, discard(g, 1, '9m'));
      passClaims(g);
      expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'fourKans', deltas: [0, 0, 0, 0], revealed: [] });
    });

    it('EMA12-ABORT-FOUR-KANS: the discard after the fourth kan may not be called; only a win stops the abort', () => {
      // Seat 3 holds 99m: seat 1's 9m could otherwise be ponned. (Tenhou too checks the abort before calls.)
      for (const rules of [EMA, 'tenhou']) {
        const g = scenario(spec('9m', '99m6m147p258s3456z', rules));
        fourKans(g);
        const pon = tilesOf(g, 3, '99m') as [number, number];
        play(g, discard(g, 1, '9m'));
        expect(g.lastResult, rules).toMatchObject({ kind: 'draw', draw: 'fourKans' });
        expect(g.seats[3].melds).toEqual([]);
        expect(g.apply(3, { type: 'pon', tiles: pon }).ok).toBe(false);
      }
    });

    it('EMA12-ABORT-FOUR-KANS: a win on the discard after the fourth kan stands', () => {
      const g = scenario(spec('3s'));
      fourKans(g);
      play(g, discard(g, 1, '3s'));
      expect(can(g, 2, 'ron')).toBe(true);
      play(g, [2, { type: 'ron' }]);
      expect(g.lastResult!.kind).toBe('win');
    });

    it('EMA12-ABORT-FOUR-KANS: no abort when one player made all four kans (and no fifth kan)', () => {
      const g = scenario({
        rules: EMA,
        haipai: ['1111m2222m3333m4m', '5555p69m258s1367z', '58m369p147s23456z', '69m147p258s34567z'],
        draws: ['4m4m4m1z2z', '', '', ''],
      });
      for (const k of ['1m', '2m', '3m', '4m']) play(g, [0, { type: 'ankan', tile: tileOf(g, 0, k) }]);
      expect(g.seats[0].melds).toHaveLength(4);
      play(g, discard(g, 0, '2z'));
      passClaims(g);
      expect(g.phase).toBe('turn');
      expect(g.turn).toBe(1);
      // Seat 1 holds four 5p: a fifth kan is not allowed.
      expect(can(g, 1, 'ankan')).toBe(false);
      expect(refusal(g, 1, { type: 'ankan', tile: tileOf(g, 1, '5p') })).toBe('KAN_LIMIT');
      tsumogiri(g);
      expect(g.phase).toBe('turn');
    });
  });

  describe('EMA12-ABORT-FOUR-WINDS', () => {
    const haipai: Scenario['haipai'] = ['1z147m258p369s234z', '1z258m369p147s234z', '1z369m147p258s567z', '1z147m258p369s567z'];
    it('EMA12-ABORT-FOUR-WINDS: the same wind discarded by all four in the uninterrupted first go-around aborts the hand', () => {
      const g = scenario({ rules: EMA, haipai });
      for (const seat of [0, 1, 2, 3] as Seat[]) {
        expect(g.phase).toBe('turn');
        play(g, discard(g, seat, '1z'));
        passClaims(g);
      }
      expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'fourWinds', deltas: [0, 0, 0, 0] });
      expect(g.nextStart()).toMatchObject({ round: 0, honba: 1 });
    });

    it('EMA12-ABORT-FOUR-WINDS: not when a kan interrupted the go-around, nor with different winds', () => {
      const g = scenario({ rules: EMA, haipai: [haipai[0], haipai[1], '1z369m147p5555s25z', haipai[3]], draws: ['', '', '*', ''] });
      play(g, discard(g, 0, '1z'));
      passClaims(g);
      play(g, discard(g, 1, '1z'));
      passClaims(g);
      play(g, [2, { type: 'ankan', tile: tileOf(g, 2, '5s') }], discard(g, 2, '1z'));
      passClaims(g);
      play(g, discard(g, 3, '1z'));
      passClaims(g);
      expect(g.phase).toBe('turn');

      const h = scenario({ rules: EMA, haipai: [haipai[0], haipai[1], haipai[2], '2z147m258p369s567z'] });
      for (const [seat, wind] of [[0, '1z'], [1, '1z'], [2, '1z'], [3, '2z']] as [Seat, string][]) {
        play(h, discard(h, seat, wind));
        passClaims(h);
      }
      expect(h.phase).toBe('turn');
    });
  });

  describe('EMA12-ABORT-FOUR-RIICHI', () => {
    // Four tenpai hands; each seat draws a tile nobody can use and declares riichi with it.
    const haipai: Scenario['haipai'] = ['123456789m1155z', '123456789p2266z', '123456789s3377z', '234567m345678p4z'];
    it('EMA12-ABORT-FOUR-RIICHI: the fourth riichi declaration, if nobody wins on it, aborts the hand; all hands are shown', () => {
      const g = scenario({ rules: EMA, haipai, draws: ['9s', '1m', '1p', '9m'] });
      for (const [seat, tile] of [[0, '9s'], [1, '1m'], [2, '1p'], [3, '9m']] as [Seat, string][]) {
        play(g, riichi(g, seat, tile));
        passClaims(g);
      }
      const r = g.lastResult!;
      expect(r).toMatchObject({ kind: 'draw', draw: 'fourRiichi', deltas: [0, 0, 0, 0] });
      expect(r.revealed.map((x) => x.seat)).toEqual([0, 1, 2, 3]);
      expect(r.tenpai).toEqual([0, 1, 2, 3]);
      for (const x of r.revealed) expect(x.concealed).toEqual(g.seats[x.seat].hand);
      expect(g.riichiSticks).toBe(4);
      expect(g.scores).toEqual([START - 1000, START - 1000, START - 1000, START - 1000]);
    });

    it('EMA12-ABORT-FOUR-RIICHI: a win on the fourth declaration stands, and that riichi is not paid', () => {
      const g = scenario({ rules: EMA, haipai, draws: ['9s', '1m', '1p', '1z'] });
      for (const [seat, tile] of [[0, '9s'], [1, '1m'], [2, '1p']] as [Seat, string][]) {
        play(g, riichi(g, seat, tile));
        passClaims(g);
      }
      play(g, riichi(g, 3, '1z'));
      expect(can(g, 0, 'ron')).toBe(true);
      play(g, [0, { type: 'ron' }]);
      const r = g.lastResult!;
      expect(r.kind).toBe('win');
      expect(r.wins[0].winner).toBe(0);
      // The winner collects the three accepted sticks; seat 3 paid no stick.
      expect(g.riichiSticks).toBe(0);
      expect(r.deltas[3]).toBe(-r.wins[0].score.payment.ron!);
      expect(g.scores[3]).toBe(START + r.deltas[3]);
      expect(r.deltas[0]).toBe(r.wins[0].score.payment.ron! + 3000);
    });
  });

  it('EMA12-DRAW-STICKS-STAY: riichi sticks stay on the table after any draw, for the next winner', () => {
    // Hand 1: the dealer declares riichi, exhaustive draw (dealer tenpai, keeps the deal).
    // Hand 2: the dealer declares riichi again, seat 1 aborts with nine terminals.
    // Hand 3: seat 1 wins on the dealer's first discard and takes both sticks and the counters.
    const g = scenario({
      rules: EMA,
      haipai: ['123456789m1155z', NOTEN[1], NOTEN[2], NOTEN[3]],
      draws: ['6z', '', '', ''],
      next: [
        { haipai: ['123456789m1155z', '19m19p199s1234z58p', NOTEN[2], NOTEN[3]], draws: ['6z', '7z', '', ''] },
        { haipai: ['123456789m1166z', '123p456p789p2s555z', NOTEN[2], NOTEN[3]], draws: ['2s', '', '', ''] },
      ],
    });
    play(g, riichi(g, 0, '6z'));
    passClaims(g);
    wallEnd(g);
    expect(g.lastResult!.draw).toBe('exhaustive');
    expect(g.riichiSticks).toBe(1);
    g.nextHand();
    expect(g.riichiSticks).toBe(1);
    play(g, riichi(g, 0, '6z'));
    passClaims(g);
    play(g, [1, { type: 'kyuushu' }]);
    expect(g.riichiSticks).toBe(2);
    g.nextHand();
    expect([g.round, g.honba, g.riichiSticks]).toEqual([0, 2, 2]);
    const before = g.scores[1];
    play(g, discard(g, 0, '2s'));
    // The two counters are in the ron payment: 600 on top of the hand's value.
    const tile = g.claimTile!;
    expect((g.scoreFor(1, tile, false) as ScoreResult).payment.ron! - (g.scoreFor(1, tile, false, 0) as ScoreResult).payment.ron!).toBe(600);
    play(g, [1, { type: 'ron' }]);
    const win = g.lastResult!.wins[0];
    expect(win.winner).toBe(1);
    expect(g.riichiSticks).toBe(0);
    expect(g.scores[1] - before).toBe(win.score.payment.ron! + 2000);
  });
});

describe('EMA 2012: furiten', () => {
  // Seat 1 waits on 3m-6m (33m 45m) with ittsu in pin.
  const FURITEN_HAND = '33m45m123p456p789p';

  it('EMA12-FURITEN: a player whose own discard would complete his hand may not win on a discard, until he changes his wait', () => {
    const g = scenario({
      rules: EMA,
      haipai: ['3m17m258p369s1234z', FURITEN_HAND, '3m58m369p147s2346z', '69m147p258s34677z'],
      draws: ['6z', '6m2m', '7z', '5z'],
    });
    play(g, discard(g, 0, '6z'));
    passClaims(g);
    // Seat 1 draws 6m (a winning tile) and throws it: furiten on 3m-6m.
    expect(can(g, 1, 'tsumo')).toBe(true);
    play(g, discard(g, 1, '6m'));
    passClaims(g);
    tsumogiri(g);
    tsumogiri(g);
    // Seat 0 (on seat 1's left) discards 3m: seat 1 may chii or pon it, not ron.
    play(g, discard(g, 0, '3m'));
    expect(g.phase).toBe('claims');
    const actions = g.legalActions(1).map((a) => a.type);
    expect(actions).toEqual(expect.arrayContaining(['chii', 'pon', 'pass']));
    expect(actions).not.toContain('ron');
    expect(refusal(g, 1, { type: 'ron' })).toBe('FURITEN');
    play(g, [1, { type: 'pass' }]);
    // Seat 1 draws 2m and throws 5m: now 33m 24m waits on 3m only, which he never discarded.
    play(g, discard(g, 1, '5m'));
    passClaims(g);
    play(g, discard(g, 2, '3m'));
    expect(can(g, 1, 'ron')).toBe(true);
    play(g, [1, { type: 'ron' }]);
    expect(g.lastResult!.wins[0].winner).toBe(1);
  });

  it('EMA12-FURITEN: in riichi a player who lets a winning tile pass stays furiten for the rest of the hand', () => {
    const g = scenario({ rules: EMA, haipai: [NOTEN[0], FURITEN_HAND, '3m58m369p147s2346z', '69m147p258s34677z'], draws: ['', '1z', '', ''] });
    tsumogiri(g);
    play(g, riichi(g, 1, '1z'));
    passClaims(g);
    play(g, discard(g, 2, '3m'));
    expect(can(g, 1, 'ron')).toBe(true);
    play(g, [1, { type: 'pass' }]);
    expect(g.seats[1].furitenRiichi).toBe(true);
    // Several draws later a 6m comes: still no ron, the hand cannot change in riichi.
    tsumogiriUntil(g, (x) => x.turn === 1);
    tsumogiri(g);
    tsumogiri(g);
    play(g, [3, { type: 'discard', tile: tileOf(g, 3, '6m') }]);
    expect(can(g, 1, 'ron')).toBe(false);
  });

  it('EMA12-FURITEN-TSUMO: a furiten player may still win on a self-drawn tile', () => {
    const g = scenario({ rules: EMA, haipai: [NOTEN[0], FURITEN_HAND, NOTEN[2], NOTEN[3]], draws: ['', '6m*3m', '', ''] });
    tsumogiri(g);
    play(g, discard(g, 1, '6m'));
    expect(g.seats[1].discardFuriten()).toBe(true);
    passClaims(g);
    tsumogiriUntil(g, (x) => x.turn === 1);
    tsumogiri(g);
    tsumogiriUntil(g, (x) => x.turn === 1);
    expect(can(g, 1, 'tsumo')).toBe(true);
    play(g, [1, { type: 'tsumo' }]);
    expect(g.lastResult!.wins[0]).toMatchObject({ winner: 1, tsumo: true });
  });

  describe('EMA12-FURITEN-TEMP', () => {
    // Seat 2 waits on 1m-4m: 4m gives tanyao, 1m gives no yaku at all.
    const haipai = (rules: string): Scenario => ({
      rules,
      haipai: ['7z147p258s3469m15z', '4m77z369m147s2356z', '23m234p222s567s55p', '1m258p369s147m234z'],
      draws: ['6z5s', '6z', '6z', ''],
    });

    it('EMA12-FURITEN-TEMP: letting a winning tile pass makes the player furiten for the go-around, even if that tile gave no yaku', () => {
      const g = scenario(haipai(EMA));
      tsumogiri(g);
      tsumogiri(g);
      tsumogiri(g);
      // Seat 3 throws 1m: seat 2 could not win on it (no yaku), but it completed his hand.
      expect(g.scoreFor(2, tileOf(g, 3, '1m'), false)).toBeNull();
      play(g, discard(g, 3, '1m'));
      passClaims(g);
      expect(g.seats[2].furitenTemp).toBe(true);
      tsumogiri(g);
      // Seat 1 throws 4m (tanyao for seat 2): seat 2 may only chii it.
      play(g, discard(g, 1, '4m'));
      expect(g.phase).toBe('claims');
      expect(g.legalActions(2).map((a) => a.type)).toEqual(['chii', 'pass']);
      expect(refusal(g, 2, { type: 'ron' })).toBe('FURITEN');
    });

    it('EMA12-FURITEN-TEMP: under ema2012 a call interrupting the go-around ends it (tempFuritenEndsOnCall)', () => {
      const g = scenario(haipai(EMA));
      expect(g.rules.tempFuritenEndsOnCall).toBe(true);
      tsumogiri(g);
      tsumogiri(g);
      tsumogiri(g);
      play(g, discard(g, 3, '1m'));
      passClaims(g);
      expect(g.seats[2].furitenTemp).toBe(true);
      // Seat 0 throws 7z, seat 1 pons it and throws 4m.
      play(g, discard(g, 0, '7z'));
      play(g, [1, { type: 'pon', tiles: tilesOf(g, 1, '77z') as [number, number] }]);
      expect(g.seats[2].furitenTemp).toBe(false);
      play(g, discard(g, 1, '4m'));
      expect(can(g, 2, 'ron')).toBe(true);
      play(g, [2, { type: 'ron' }]);
      expect(g.lastResult!.wins[0].winner).toBe(2);
    });

    it('EMA12-FURITEN-TEMP: under tenhou a call by others does not end it', () => {
      const g = scenario(haipai('tenhou'));
      tsumogiri(g);
      tsumogiri(g);
      tsumogiri(g);
      play(g, discard(g, 3, '1m'));
      passClaims(g);
      play(g, discard(g, 0, '7z'));
      play(g, [1, { type: 'pon', tiles: tilesOf(g, 1, '77z') as [number, number] }]);
      expect(g.seats[2].furitenTemp).toBe(true);
      play(g, discard(g, 1, '4m'));
      expect(can(g, 2, 'ron')).toBe(false);
      expect(refusal(g, 2, { type: 'ron' })).toBe('FURITEN');
    });
  });

  it('EMA12-FURITEN-TEMP-ENDS-ON-DRAW: temporary furiten ends when the player draws; nobody is furiten on a drawn tile', () => {
    // Seat 2 waits on 1m-4m (4m: tanyao). Seat 3 throws 4m and seat 2 lets it pass; seat 0 throws
    // the next 4m: no ron. Then seat 2 draws.
    const spec = (secondDraw: string): Scenario => ({
      rules: EMA,
      haipai: ['4m147p258s69m1567z', '19m258p369s12356z', '23m234p222s567s55p', '44m258p369s1m2347z'],
      draws: ['', '', `6z${secondDraw}`, ''],
    });
    const setup = (g: Game) => {
      tsumogiri(g);
      tsumogiri(g);
      tsumogiri(g);
      play(g, discard(g, 3, '4m'));
      expect(can(g, 2, 'ron')).toBe(true);
      play(g, [2, { type: 'pass' }]);
      passClaims(g);
      expect(g.seats[2].furitenTemp).toBe(true);
      play(g, discard(g, 0, '4m'));
      expect(can(g, 2, 'ron')).toBe(false);
      passClaims(g);
      tsumogiri(g);
      expect(g.turn).toBe(2);
    };
    // Drawing the last 4m: the furiten is over, and tsumo is allowed anyway.
    const g = scenario(spec('4m'));
    setup(g);
    expect(g.seats[2].furitenTemp).toBe(false);
    expect(can(g, 2, 'tsumo')).toBe(true);
    play(g, [2, { type: 'tsumo' }]);
    expect(g.lastResult!.wins[0]).toMatchObject({ winner: 2, tsumo: true });

    // Drawing something else: after that draw, seat 3's second 4m may be won on.
    const h = scenario(spec('7z'));
    setup(h);
    tsumogiri(h);
    play(h, discard(h, 3, '4m'));
    expect(can(h, 2, 'ron')).toBe(true);
    play(h, [2, { type: 'ron' }]);
    expect(h.lastResult!.wins[0]).toMatchObject({ winner: 2, tsumo: false, from: 3 });
  });

  describe('furiten examples', () => {
    it('EMA12-FURITEN-EX1: waiting on 3-6-9m with 9m discarded is furiten, even though 9m would give no yaku', () => {
      // Seat 1: 45678m 222p 567s 55s waits on 3m, 6m (tanyao) and 9m (no yaku).
      const spec = (firstDraw: string): Scenario => ({
        rules: EMA,
        haipai: ['3m147p369s16m1234z', '45678m222p567s55s', NOTEN[2], NOTEN[3]],
        draws: ['', firstDraw, '6z', '7z'],
      });
      const g = scenario(spec('9m'));
      tsumogiri(g);
      const nine = g.seats[1].drawn!;
      play(g, discard(g, 1, '9m'));
      expect(g.scoreFor(1, nine, false)).toBeNull();
      passClaims(g);
      tsumogiri(g);
      tsumogiri(g);
      play(g, discard(g, 0, '3m'));
      expect(g.legalActions(1).map((a) => a.type)).toEqual(['chii', 'pass']);
      expect(refusal(g, 1, { type: 'ron' })).toBe('FURITEN');

      // The same without the 9m discard: ron (tanyao).
      const h = scenario(spec('1z'));
      for (let i = 0; i < 4; i++) tsumogiri(h);
      play(h, discard(h, 0, '3m'));
      play(h, [1, { type: 'ron' }]);
      expect(h.lastResult!.wins[0].score.yaku.map((y) => y.id)).toContain('tanyao');
    });

    it('EMA12-FURITEN-EX2: waiting on 1-4p, a discarded 7p does not make the player furiten; a discarded 1p does', () => {
      const spec = (firstDraw: string): Scenario => ({
        rules: EMA,
        haipai: ['4p147m258s69m1567z', '123m456m789m23p55z', NOTEN[2], NOTEN[3]],
        draws: ['', firstDraw, '6z', '7z'],
      });
      for (const [first, furiten] of [['7p', false], ['1p', true]] as const) {
        const g = scenario(spec(first));
        tsumogiri(g);
        play(g, discard(g, 1, first));
        passClaims(g);
        tsumogiri(g);
        tsumogiri(g);
        play(g, discard(g, 0, '4p'));
        expect(g.phase).toBe('claims');
        expect(can(g, 1, 'ron'), `discarded ${first}`).toBe(!furiten);
        expect(refusal(g, 1, { type: 'ron' })).toBe(furiten ? 'FURITEN' : 'accepted');
      }
    });

    it('EMA12-FURITEN-EX3: waiting on 4p, 7p and red dragon, any of the three among the discards makes the player furiten', () => {
      // Seat 1 (honitsu, so every wait has a yaku): 123p 999p 56777p 77z.
      const spec = (firstDraw: string): Scenario => ({
        rules: EMA,
        haipai: ['4p147m258s69m1256z', '123p999p56777p77z', '7z258m369s14m2346z', '369m18p258s34566z'],
        draws: ['', firstDraw, '5z', '2z'],
      });
      // [seat 1's own discard, who then discards which tile]
      const cases: [string, Seat, string][] = [['4p', 2, '7z'], ['7p', 0, '4p'], ['7z', 0, '4p'], ['1z', 0, '4p']];
      for (const [own, from, tile] of cases) {
        const g = scenario(spec(own));
        tsumogiri(g);
        play(g, discard(g, 1, own));
        expect(g.seats[1].waits()).toEqual([12, 15, 33]);
        passClaims(g);
        if (from === 2) {
          play(g, discard(g, 2, tile));
        } else {
          tsumogiri(g);
          tsumogiri(g);
          play(g, discard(g, 0, tile));
        }
        expect(g.phase).toBe('claims');
        const furiten = own !== '1z';
        expect(can(g, 1, 'ron'), `discarded ${own}, ron on ${tile}`).toBe(!furiten);
        expect(refusal(g, 1, { type: 'ron' })).toBe(furiten ? 'FURITEN' : 'accepted');
      }
    });
  });
});
