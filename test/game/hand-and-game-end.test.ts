/**
 * How hands and games end: nagashi mangan, the dealer's repeat and honba, bust, agari-yame, the
 * West extension, and the final standings.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import { finalStandings } from '@jantaku/shared/game/end';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { discard, play, scenario, tsumogiri, tsumogiriUntil, type Scenario } from '../support/scenario';

type Start = NonNullable<Scenario['start']>;
const NOTEN = ['147m258p369s1234z', '147m258p369s1567z', '258m369p147s2345z', '369m147p258s3467z'];
const TENPAI = ['123456789m1155z', '123456789p2266z', '123456789s3377z', '123456789m4455z'];
const start = (round: number, scores: number[], honba = 0, riichiSticks = 0): Start => ({ round, honba, riichiSticks, scores });

/** An exhaustive draw where exactly the `tenpai` seats are tenpai. */
function drawWith(rules: string, tenpai: number[], s?: Start): Game {
  const haipai = [0, 1, 2, 3].map((seat) => (tenpai.includes(seat) ? TENPAI[seat] : NOTEN[seat])) as Scenario['haipai'];
  const g = scenario({ rules, haipai, start: s });
  tsumogiriUntil(g);
  expect(g.lastResult!.draw).toBe('exhaustive');
  expect(g.lastResult!.tenpai).toEqual(tenpai);
  return g;
}

/** `winner` (tenpai on 1z-5z or 2z-6z) wins by ron on `from`'s first discard. */
function ronBy(rules: string, winner: 0 | 1 | 2 | 3, from: 0 | 1 | 2 | 3, s?: Start): Game {
  const haipai = [...NOTEN] as Scenario['haipai'];
  haipai[winner] = winner % 2 === 0 ? '123456789m1155z' : '123456789p2266z';
  // The discarder holds the winning honour and no other copies are about.
  const tile = winner % 2 === 0 ? '1z' : '2z';
  haipai[from] = from % 2 === 0 ? `${tile}147m258p369s347z` : `${tile}147m258p369s357z`;
  const g = scenario({ rules, haipai, start: s, dora: '9p' });
  const dealer = ((s?.round ?? 0) % 4) as 0 | 1 | 2 | 3;
  for (let seat = dealer; seat !== from; seat = ((seat + 1) % 4) as 0 | 1 | 2 | 3) tsumogiri(g);
  expect(g.turn).toBe(from);
  play(g, discard(g, from, tile));
  play(g, [winner, { type: 'ron' }]);
  expect(g.lastResult!.wins.map((w) => w.winner)).toEqual([winner]);
  return g;
}

describe('nagashi mangan (tenhou)', () => {
  it('a player whose discards are all terminals and honours, none called, is paid a mangan tsumo; no noten payments', () => {
    // Seat 1 draws and throws eighteen terminals; the dealer is tenpai.
    const g = scenario({
      rules: 'tenhou',
      haipai: ['234567m234567p5z', '345m345p345s68s57z', '2468m2468p2468s7z', '2468m2468p2468s6z'],
      draws: ['', '111999m111999p111999s', '', ''],
    });
    tsumogiriUntil(g);
    const r = g.lastResult!;
    expect(r).toMatchObject({ kind: 'draw', draw: 'nagashiMangan', nagashi: [1], tenpai: [0] });
    expect(r.deltas).toEqual([-4000, 8000, -2000, -2000]);
    // A draw all the same: the tenpai dealer keeps the deal, with a counter.
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 1 });
  });

  it('a called discard spoils it', () => {
    // Seat 1 again throws only terminals and honours, but seat 2 pons its first one (1z).
    const g = scenario({
      rules: 'tenhou',
      haipai: ['234567m234567p5z', '345m345p345s68s57z', '11z468m2468p2468s', '2468m2468p2468s6z'],
      draws: ['', '1z11999m111999p111999s', '', ''],
    });
    tsumogiri(g);
    play(g, discard(g, 1, '1z'));
    play(g, [2, { type: 'pon', tiles: g.seats[2].hand.filter((t) => t >> 2 === 27) as [number, number] }]);
    play(g, discard(g, 2, '4m'));
    tsumogiriUntil(g);
    expect(g.seats[1].discards.every((d) => [0, 8, 9, 17, 18, 26, 27].includes(d.tile >> 2))).toBe(true);
    expect(g.lastResult).toMatchObject({ draw: 'exhaustive', nagashi: [], tenpai: [0], deltas: [3000, -1000, -1000, -1000] });
  });
});

describe('ryanhan shibari (ema2012)', () => {
  // Seat 2 (23m 234p 222s 567s 55p, dora 2p) may win on seat 1's 4m with tanyao (one han) and a dora.
  // (Its first go-around is still unbroken: renhou is switched off so that it does not count.)
  const spec = (honba: number): Scenario => ({
    rules: makeRuleset('ema2012', { renhou: 'none' }),
    start: start(0, [30000, 30000, 30000, 30000], honba),
    haipai: ['7z147p258s3469m15z', '4m77z369m147s2356z', '23m234p222s567s55p', '1m258p369s147m234z'],
    draws: ['6z', '6z', '', ''],
    dora: '1p',
  });
  it('from five counters on, a win needs two han from yaku; dora do not count', () => {
    for (const [honba, allowed] of [[4, true], [5, false]] as const) {
      const g = scenario(spec(honba));
      tsumogiri(g);
      play(g, discard(g, 1, '4m'));
      expect(g.phase).toBe('claims');
      const r = g.apply(2, { type: 'ron' });
      expect(r.ok ? 'accepted' : r.refusal.code, `${honba} honba`).toBe(allowed ? 'accepted' : 'NO_YAKU');
      if (allowed) expect(g.lastResult!.wins[0].score.yaku.map((y) => y.id)).toEqual(['tanyao', 'dora']);
    }
  });
});

describe('dealer repeat and honba (tenhou)', () => {
  const at = start(0, [25000, 25000, 25000, 25000], 2);
  it('a dealer win keeps the deal and adds a counter', () => {
    const g = ronBy('tenhou', 0, 1, at);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 3 });
    g.nextHand();
    expect([g.round, g.dealer, g.honba]).toEqual([0, 0, 3]);
  });
  it('a non-dealer win passes the deal and clears the counters', () => {
    const g = ronBy('tenhou', 1, 0, at);
    expect(g.nextStart()).toMatchObject({ round: 1, honba: 0 });
    g.nextHand();
    expect([g.round, g.dealer, g.honba]).toEqual([1, 1, 0]);
  });
  it('a draw with the dealer tenpai keeps the deal and adds a counter', () => {
    const g = drawWith('tenhou', [0, 2], at);
    expect(g.nextStart()).toMatchObject({ round: 0, honba: 3 });
  });
  it('a draw with the dealer noten passes the deal and adds a counter', () => {
    const g = drawWith('tenhou', [2], at);
    expect(g.nextStart()).toMatchObject({ round: 1, honba: 3 });
    g.nextHand();
    expect([g.round, g.dealer, g.honba]).toEqual([1, 1, 3]);
  });
});

describe('the end of the game', () => {
  it('tenhou: a player below zero ends the game; exactly zero plays on', () => {
    const bust = drawWith('tenhou', [0], start(0, [25000, 25000, 900, 49100]));
    expect(bust.scores[2]).toBe(-100);
    expect(bust.phase).toBe('gameOver');
    expect(bust.standings).toHaveLength(4);
    expect(bust.nextHand().ok).toBe(false);

    const zero = drawWith('tenhou', [0], start(0, [25000, 25000, 1000, 49000]));
    expect(zero.scores[2]).toBe(0);
    expect(zero.phase).toBe('handEnded');
  });

  it('wrc2015: no bust, negative scores play on', () => {
    const g = drawWith('wrc2015', [0], start(0, [30000, 30000, 500, 59500]));
    expect(g.scores[2]).toBe(-500);
    expect(g.phase).toBe('handEnded');
  });

  it('tenhou: the dealer winning the last hand ends the game when first with 30,000 or more (agari-yame)', () => {
    // South 4: seat 3 deals.
    const yame = ronBy('tenhou', 3, 0, start(7, [24000, 24000, 24000, 28000]));
    expect(yame.scores[3]).toBeGreaterThanOrEqual(30000);
    expect(yame.phase).toBe('gameOver');
    // Not first: the dealer repeats.
    const behind = ronBy('tenhou', 3, 0, start(7, [25000, 50000, 5000, 20000]));
    expect(behind.scores[3]).toBeGreaterThanOrEqual(30000);
    expect(behind.scores[1]).toBeGreaterThan(behind.scores[3]);
    expect(behind.phase).toBe('handEnded');
    expect(behind.nextStart()).toMatchObject({ round: 7, honba: 1 });
  });

  it('tenhou: the dealer tenpai at an exhaustive draw of the last hand ends the game when first with 30,000 or more (tenpai-yame)', () => {
    const yame = drawWith('tenhou', [3], start(7, [24000, 24000, 24000, 28000]));
    expect(yame.scores[3]).toBe(31000);
    expect(yame.phase).toBe('gameOver');
    const behind = drawWith('tenhou', [3], start(7, [45000, 15000, 10000, 30000]));
    expect(behind.scores[3]).toBe(33000);
    expect(behind.phase).toBe('handEnded');
    expect(behind.nextStart()).toMatchObject({ round: 7, honba: 1 });
    // wrc2015 has no tenpai-yame.
    const wrc = drawWith('wrc2015', [3], start(7, [29000, 29000, 29000, 33000]));
    expect(wrc.phase).toBe('handEnded');
  });

  it('wrc2015: no agari-yame, the winning dealer of the last hand repeats', () => {
    const g = ronBy('wrc2015', 3, 0, start(7, [30000, 30000, 30000, 30000]));
    expect(g.phase).toBe('handEnded');
    expect(g.nextStart()).toMatchObject({ round: 7, honba: 1 });
  });

  it('tenhou: after South 4 the game goes into West while nobody has 30,000, and ends at the first hand that leaves someone on 30,000', () => {
    const g = drawWith('tenhou', [1], start(7, [27000, 26000, 24000, 23000]));
    expect(g.scores).toEqual([26000, 29000, 23000, 22000]);
    expect(g.phase).toBe('handEnded');
    g.nextHand();
    expect([g.round, g.dealer]).toEqual([8, 0]);
    tsumogiriUntil(g);
    expect(g.scores[1]).toBe(32000);
    expect(g.phase).toBe('gameOver');

    // Exactly 30,000 is enough.
    const exact = drawWith('tenhou', [1], start(7, [26000, 27000, 24000, 23000]));
    expect(exact.scores[1]).toBe(30000);
    expect(exact.phase).toBe('gameOver');
  });

  it('tenhou: the West extension ends after West 4 at the latest', () => {
    const g = drawWith('tenhou', [1], start(11, [25000, 25000, 25000, 25000]));
    expect(Math.max(...g.scores)).toBeLessThan(30000);
    expect(g.phase).toBe('gameOver');
  });

  it('wrc2015: no extension, the game ends after South 4', () => {
    const g = drawWith('wrc2015', [1], start(7, [30000, 30000, 30000, 30000]));
    expect(g.phase).toBe('gameOver');
    const before = drawWith('wrc2015', [1], start(6, [30000, 30000, 30000, 30000]));
    expect(before.phase).toBe('handEnded');
  });
});

describe('final standings', () => {
  it('tenhou: uma, oka to the first, leftover riichi sticks to the first, ties by seat order', () => {
    const rules = makeRuleset('tenhou');
    const s = finalStandings([35000, 30000, 20000, 13000], 2, rules);
    expect(s).toEqual([
      { seat: 0, rank: 1, points: 37000, penalty: 0, final: 7 + 20 + 20 },
      { seat: 1, rank: 2, points: 30000, penalty: 0, final: 0 + 10 },
      { seat: 2, rank: 3, points: 20000, penalty: 0, final: -10 - 10 },
      { seat: 3, rank: 4, points: 13000, penalty: 0, final: -17 - 20 },
    ]);
    const tie = finalStandings([25000, 25000, 25000, 25000], 0, rules);
    expect(tie.map((x) => x.seat)).toEqual([0, 1, 2, 3]);
  });

  it('wrc2015 and ema2012 (tiedRanks shareUma): tied players share the uma of their places, and leftover sticks', () => {
    const wrc = finalStandings([35000, 35000, 25000, 25000], 2, makeRuleset('wrc2015'));
    expect(wrc.map((x) => [x.seat, x.rank, x.points, x.final])).toEqual([
      [0, 1, 35000, 5 + 10],
      [1, 1, 35000, 5 + 10],
      [2, 3, 25000, -5 - 10],
      [3, 3, 25000, -5 - 10],
    ]);
    const ema = finalStandings([35000, 35000, 28000, 20000], 2, makeRuleset('ema2012'));
    expect(ema.map((x) => [x.seat, x.rank, x.points, x.final])).toEqual([
      [0, 1, 36000, 6 + 10],
      [1, 1, 36000, 6 + 10],
      [2, 3, 28000, -2 - 5],
      [3, 4, 20000, -10 - 15],
    ]);
  });

  it('wrc2015: no oka, leftover sticks go to nobody', () => {
    const s = finalStandings([45000, 30000, 25000, 18000], 2, makeRuleset('wrc2015'));
    expect(s.map((x) => [x.seat, x.points, x.final])).toEqual([
      [0, 45000, 15 + 15],
      [1, 30000, 0 + 5],
      [2, 25000, -5 - 5],
      [3, 18000, -12 - 15],
    ]);
  });

  it('a game that ends gives the standings, sticks on the table included', () => {
    const g = drawWith('tenhou', [0], start(0, [25000, 25000, 900, 48100], 0, 1));
    expect(g.phase).toBe('gameOver');
    expect(g.standings).toEqual([
      // 47,100 and the stick left on the table.
      { seat: 3, rank: 1, points: 48100, penalty: 0, final: 58.1 },
      { seat: 0, rank: 2, points: 28000, penalty: 0, final: 8 },
      { seat: 1, rank: 3, points: 24000, penalty: 0, final: -16 },
      { seat: 2, rank: 4, points: -100, penalty: 0, final: -50.1 },
    ]);
  });
});
