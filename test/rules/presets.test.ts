import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import type { Game } from '@jantaku/shared/game/game';
import { makeRuleset, parseRuleset, SHIPPED_RULESETS, type Ruleset } from '@jantaku/shared/rules/index';
import { scoreWin } from '@jantaku/shared/scoring/score';
import { parseTableOptions } from '../../server/src/rooms/options';
import { RULESETS as LOBBY_RULESETS } from '../../web/src/rulesets';
import { hand } from '../scoring/build';

/*
 * The presets beside the five shipped rulesets (shared/src/rules/presets/). docs/RULESETS.md gives
 * each value's source. Each preset plays whole games in-process, and the values that set it apart
 * are pinned both as data and as what the engine does with them.
 */

const { mleague, majsoul, riichicity, wrc2022, wrc2015 } = SHIPPED_RULESETS;
const PRESETS = { mleague, majsoul, riichicity, wrc2022 };
const BOTS = [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot];

const differences = (a: Ruleset, b: Ruleset) =>
  (Object.keys(a) as (keyof Ruleset)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();

/** The checks every whole game must pass under its ruleset. */
function checkGame(game: Game, r: Ruleset) {
  expect(game.phase).toBe('gameOver');
  // Without bust a hanchan has at least its eight hands.
  if (!r.bust) expect(game.hands.length).toBeGreaterThanOrEqual(8);
  expect(game.hands[0].startScores).toEqual([r.startPoints, r.startPoints, r.startPoints, r.startPoints]);
  const kinds = new Set<string>();
  for (const [i, h] of game.hands.entries()) {
    const res = h.result!;
    if (res.draw) kinds.add(res.draw);
    const ronWinners = res.wins.filter((w) => !w.tsumo).length;
    expect(ronWinners).toBeLessThanOrEqual(r.multipleRon === 'headBump' ? 1 : r.multipleRon === 'double' ? 2 : 3);
    for (const w of res.wins) {
      const aka = w.score.yaku.find((y) => y.id === 'akaDora');
      if (r.redFives.every((n) => n === 0)) expect(aka).toBeUndefined();
      if (!r.openTanyao && w.melds.some((m) => m.type !== 'ankan')) expect(w.score.yaku.map((y) => y.id)).not.toContain('tanyao');
    }
    const end = game.hands[i + 1]?.startScores;
    // A game with bust goes on only while nobody is below zero.
    if (end && r.bust) expect(end.every((s) => s >= 0)).toBe(true);
  }
  for (const k of kinds) {
    if (k === 'exhaustive' || k === 'nagashiMangan') continue;
    expect(r.abortiveDraws[k as keyof Ruleset['abortiveDraws']], k).toBe(true);
  }
  if (kinds.has('nagashiMangan')) expect(r.nagashiMangan).toBe(true);
  // Without a West extension the game stops after South 4 (round index 7).
  if (!r.westExtension) expect(Math.max(...game.hands.map((h) => h.round))).toBeLessThanOrEqual(7);
  const last = game.hands[game.hands.length - 1];
  const lastDealer = last.round % 4;
  const res = last.result!;
  const busted = r.bust && game.scores.some((x) => x < 0);
  // Only a bust ends a game before South 4.
  if (!busted) expect(last.round).toBeGreaterThanOrEqual(7);
  // No agari-yame or tenpai-yame (and no bust): the game ends only once South 4's dealer has lost the deal.
  if (!r.agariYame && !r.tenpaiYame && !r.bust) {
    expect(res.wins.some((w) => w.winner === lastDealer)).toBe(false);
    if (res.draw === 'exhaustive') expect(res.tenpai).not.toContain(lastDealer);
  }
  // A West extension ends before West 4 only once somebody has the return points.
  if (r.westExtension && !busted && last.round < 11) expect(Math.max(...game.scores)).toBeGreaterThanOrEqual(r.returnPoints);
  const st = game.standings!;
  // The finals add up to zero but for riichi sticks left on the table that nobody is given.
  const unclaimed = r.leftoverSticksToWinner ? 0 : (game.riichiSticks * r.riichiStick) / 1000;
  expect(st.reduce((n, s) => n + s.final, 0)).toBeCloseTo(-unclaimed, 5);
  const oka = ((r.returnPoints - r.startPoints) * 4) / 1000;
  const tiedFirst = st.filter((s) => s.points === st[0].points).length > 1;
  if (!tiedFirst) expect(st[0].final).toBeCloseTo((st[0].points - r.returnPoints) / 1000 + r.uma[0] + oka, 5);
}

describe('presets: whole games in-process', () => {
  for (const [name, r] of Object.entries(PRESETS)) {
    it(`${name}: two seeded hanchan end with standings as the ruleset counts them`, () => {
      for (const seed of [`${name}-a`, `${name}-b`]) checkGame(playGame(r, seed, BOTS), r);
    });
  }
});

describe('presets are registered like the shipped rulesets', () => {
  it('pao.suukantsu defaults to false, so a ruleset stored before the setting existed reads as it played', () => {
    const stored = JSON.parse(JSON.stringify(SHIPPED_RULESETS.tenhou)) as { pao: Record<string, unknown> };
    delete stored.pao.suukantsu;
    expect(parseRuleset(stored).pao).toEqual({ daisangen: true, daisuushii: true, suukantsu: false, scope: 'whole' });
    expect(mleague.pao.suukantsu).toBe(true);
  });

  it('makeRuleset, the server\'s table options and the lobby take every preset name', () => {
    for (const name of Object.keys(PRESETS)) {
      expect(makeRuleset(name)).toEqual(PRESETS[name as keyof typeof PRESETS]);
      expect(parseTableOptions({ ruleset: name }).rules.name).toBe(name);
      expect(LOBBY_RULESETS.find((x) => x.name === name)?.policy).toBe(PRESETS[name as keyof typeof PRESETS].foulPolicy);
    }
    // The lobby lists every ruleset the server ships, no more.
    expect(LOBBY_RULESETS.map((x) => x.name).sort()).toEqual(Object.keys(SHIPPED_RULESETS).sort());
  });
});

// Scoring the values that set the presets apart (expected points from the standard table).
/** Riichi, pinfu, tanyao, one dora: 4 han 30 fu, a non-dealer ron of 7,700 (8,000 with kiriage). */
const fourThirty = () => hand('234m567p345s66s78m', '6m', { riichi: 'riichi', dora: '5p' });
/** Riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu and two dora: 15 han, no yakuman. */
const fifteenHan = () => hand('2233445566778m', '8m', { riichi: 'riichi', tsumo: true, dora: '1m' });

describe('mleague', () => {
  it('25,000 start, 30,000 return: oka 20 to first, so the rank points are +50/+10/-10/-30', () => {
    expect([mleague.startPoints, mleague.returnPoints]).toEqual([25000, 30000]);
    expect(mleague.uma).toEqual([30, 10, -10, -30]);
    expect(mleague.uma[0] + ((mleague.returnPoints - mleague.startPoints) * 4) / 1000).toBe(50);
    expect(mleague.tiedRanks).toBe('shareUma');
  });
  it('one red five per suit, head bump, no abortive draws, double-wind pair 2 fu, kan dora at once', () => {
    expect(mleague.redFives).toEqual([1, 1, 1]);
    expect(mleague.multipleRon).toBe('headBump');
    expect(Object.values(mleague.abortiveDraws).some(Boolean)).toBe(false);
    expect(mleague.doubleWindPairFu).toBe(2);
    expect(mleague.kanDoraTiming).toBe('immediate');
  });
  it('no kiriage: 4 han 30 fu is 7,700 (wrc2022 rounds it to 8,000)', () => {
    expect(scoreWin(fourThirty(), mleague)!.payment.total).toBe(7700);
    expect(scoreWin(fourThirty(), wrc2022)!.payment.total).toBe(8000);
  });
  it('no bust, no agari-yame or tenpai-yame, no West round: a hanchan is played out', () => {
    expect([mleague.bust, mleague.agariYame, mleague.tenpaiYame, mleague.westExtension]).toEqual([false, false, false, false]);
  });
  it('13+ han is a sanbaiman; yakuman have no double forms but add up; chombo 20 points', () => {
    const s = scoreWin(fifteenHan(), mleague)!;
    expect([s.han, s.limit, s.payment.total]).toEqual([15, 'sanbaiman', 24000]);
    expect(scoreWin(fifteenHan(), majsoul)!.payment.total).toBe(32000);
    expect([mleague.doubleYakuman, mleague.yakumanStacking]).toEqual([false, true]);
    expect(mleague.chombo).toEqual({ kind: 'globalPoints', points: 20 });
  });
});

describe('majsoul', () => {
  it('25,000 / 30,000, red fives, bust below zero, West extension, agari-yame and tenpai-yame, seat-order ties', () => {
    expect([majsoul.startPoints, majsoul.returnPoints]).toEqual([25000, 30000]);
    expect(majsoul.redFives).toEqual([1, 1, 1]);
    expect([majsoul.bust, majsoul.westExtension, majsoul.agariYame, majsoul.tenpaiYame]).toEqual([true, true, true, true]);
    expect(majsoul.tiedRanks).toBe('seatOrder');
  });
  it('triple ron allowed (no triple-ron abort); the four other abortive draws exist', () => {
    expect(majsoul.multipleRon).toBe('triple');
    expect(majsoul.abortiveDraws).toEqual({ nineTerminals: true, fourWinds: true, fourKans: true, fourRiichi: true, tripleRon: false });
  });
  it('pao for daisangen and daisuushii, each liable for his own yakuman only', () => {
    expect(majsoul.pao).toEqual({ daisangen: true, daisuushii: true, suukantsu: false, scope: 'paoYakuman' });
  });
  it('double yakuman: suuankou tanki is 64,000 for a non-dealer ron where wrc2022 gives 32,000', () => {
    const tanki = hand('111m333p555s777s9m', '9m', { tsumo: false });
    expect(scoreWin(tanki, majsoul)!.payment.total).toBe(64000);
    expect(scoreWin(tanki, wrc2022)!.payment.total).toBe(32000);
  });
});

describe('riichicity', () => {
  it('25,000 / 30,000 with uma +30/+10/-10/-30 and oka', () => {
    expect([riichicity.startPoints, riichicity.returnPoints]).toEqual([25000, 30000]);
    expect(riichicity.uma).toEqual([30, 10, -10, -30]);
  });
  it('every abortive draw, triple ron among them (so at most a double ron)', () => {
    expect(riichicity.multipleRon).toBe('double');
    expect(Object.values(riichicity.abortiveDraws).every(Boolean)).toBe(true);
  });
  it('no renhou; full yakuman scoring (double and stacked); three red fives', () => {
    expect(riichicity.renhou).toBe('none');
    expect([riichicity.doubleYakuman, riichicity.yakumanStacking]).toEqual([true, true]);
    expect(riichicity.redFives).toEqual([1, 1, 1]);
  });
});

describe('wrc2022', () => {
  it('differs from wrc2015 only in yakuman stacking and the chombo size', () => {
    expect(differences(wrc2015, wrc2022)).toEqual(['chombo', 'name', 'yakumanStacking']);
    expect(wrc2022.chombo).toEqual({ kind: 'globalPoints', points: 30 });
  });
  it('stacked yakuman count: daisangen + tsuuiisou is 64,000 where wrc2015 gives 32,000', () => {
    const stacked = hand('11z22z', '1z', { melds: ['p555z', 'p666z', 'p777z'] });
    expect(scoreWin(stacked, wrc2022)!.payment.total).toBe(64000);
    expect(scoreWin(stacked, wrc2015)!.payment.total).toBe(32000);
  });
  it('13+ han stays a sanbaiman and 4 han 30 fu is rounded to a mangan (kiriage)', () => {
    expect(scoreWin(fifteenHan(), wrc2022)!.payment.total).toBe(24000);
    expect(scoreWin(fourThirty(), wrc2022)!.payment.total).toBe(8000);
  });
});
