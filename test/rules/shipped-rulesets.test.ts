import { describe, expect, it } from 'vitest';
import { SHIPPED_RULESETS, type Ruleset } from '@jantaku/shared/rules/index';

/*
 * The values that set the shipped rulesets apart (shared/rules/README.md's table), each pinned with
 * the rule it comes from. docs/RULESETS.md gives the source of every cell and the decisions taken
 * where the texts are silent.
 */

const { tenhou, wrc2015, ema2012, ema2016, russian } = SHIPPED_RULESETS;

/** Global points for a table score and place, as the rulebooks count them. */
const globalScore = (r: Ruleset, tablePoints: number, place: 1 | 2 | 3 | 4) =>
  (tablePoints - r.returnPoints) / 1000 + r.uma[place - 1] + (place === 1 ? ((r.returnPoints - r.startPoints) * 4) / 1000 : 0);

/** The fields on which two rulesets differ. */
const differences = (a: Ruleset, b: Ruleset) =>
  (Object.keys(a) as (keyof Ruleset)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();

/** Noten payments at an exhaustive draw: what each tenpai player receives and each noten player pays. */
function notenSplit(r: Ruleset, tenpai: number) {
  if (tenpai === 0 || tenpai === 4) return { receives: 0, pays: 0 };
  return { receives: r.notenPayment / tenpai, pays: r.notenPayment / (4 - tenpai) };
}

describe('wrc2015', () => {
  it('WRC-P-CHOMBO: wrc2015 chombo is 20 global points, no mangan payment', () => {
    expect(wrc2015.chombo).toEqual({ kind: 'globalPoints', points: 20 });
    expect(wrc2015.foulPolicy).toBe('penalise');
  });

  it('WRC-P-POINTS-EXAMPLE: 40,000 table points in first place is a score of 25', () => {
    expect(globalScore(wrc2015, 40000, 1)).toBe(25);
    expect(globalScore(wrc2015, 40000, 1) - (wrc2015.chombo.kind === 'globalPoints' ? wrc2015.chombo.points : NaN)).toBe(5);
  });

  it('wrc2015 starts and returns 30,000 (no oka) with uma +15/+5/-5/-15', () => {
    expect([wrc2015.startPoints, wrc2015.returnPoints]).toEqual([30000, 30000]);
    expect(wrc2015.uma).toEqual([15, 5, -5, -15]);
  });

  it('WRC-F-KUIKAE: swap-calling is forbidden (a dead-hand fault under penalise)', () => {
    expect(wrc2015.kuikae).toBe('forbidden');
  });

  it('wrc2015 has a single winner (head bump) and no abortive draws', () => {
    expect(wrc2015.multipleRon).toBe('headBump');
    expect(Object.values(wrc2015.abortiveDraws).some(Boolean)).toBe(false);
  });

  it('wrc2015 has no red fives, open tanyao, kiriage mangan, 13+ han capped at sanbaiman, no nagashi mangan', () => {
    expect(wrc2015.redFives).toEqual([0, 0, 0]);
    expect(wrc2015.openTanyao).toBe(true);
    expect(wrc2015.kiriageMangan).toBe(true);
    expect(wrc2015.kazoe).toBe('sanbaiman');
    expect(wrc2015.nagashiMangan).toBe(false);
  });

  it('wrc2015 counts every yakuman once: no double yakuman, no stacking', () => {
    expect([wrc2015.doubleYakuman, wrc2015.daisuushiiDouble, wrc2015.yakumanStacking]).toEqual([false, false, false]);
  });

  it('wrc2015 game end: 8 hands plus dealer repeats, no bust, no West round, no agari-yame', () => {
    expect(wrc2015.length).toBe('hanchan');
    expect([wrc2015.bust, wrc2015.westExtension, wrc2015.agariYame, wrc2015.tenpaiYame]).toEqual([false, false, false, false]);
    expect(wrc2015.dealerRepeatOnTenpai).toBe(true);
  });

  it('wrc2015 leaves leftover riichi sticks to nobody (the EMA 2016 difference list) and shares uma on ties', () => {
    expect(wrc2015.leftoverSticksToWinner).toBe(false);
    expect(wrc2015.tiedRanks).toBe('shareUma');
  });

  it('wrc2015 needs no 1,000 points to declare riichi (no bust), but a draw left in the wall', () => {
    expect(wrc2015.riichiMinPoints).toBe(0);
    expect(wrc2015.riichiMinWallTiles).toBe(4);
  });
});

describe('ema2012', () => {
  it('EMA12-CHOMBO-PAY: ema2012 chombo is a mangan payment', () => {
    expect(ema2012.chombo).toEqual({ kind: 'mangan' });
    expect(ema2012.foulPolicy).toBe('penalise');
  });

  it('EMA12-NOTEN-PAY: noten payment 3000 in total', () => {
    expect(ema2012.notenPayment).toBe(3000);
    expect(notenSplit(ema2012, 3)).toEqual({ receives: 1000, pays: 3000 });
    expect(notenSplit(ema2012, 1)).toEqual({ receives: 3000, pays: 1000 });
  });

  it('EMA12-NOTEN-PAY: with two tenpai each noten player pays 1,500 and each tenpai player receives 1,500', () => {
    expect(notenSplit(ema2012, 2)).toEqual({ receives: 1500, pays: 1500 });
  });

  it('EMA12-DRAW-COUNTER: a counter is worth 300', () => {
    expect(ema2012.honbaPoints).toBe(300);
  });

  it('EMA12-END-WAYS: one or more players may win on a discard (double and triple ron)', () => {
    expect(ema2012.multipleRon).toBe('triple');
    expect(ema2012.abortiveDraws.tripleRon).toBe(false);
  });

  it('EMA12-ABORT-NINE-TERMINALS, -FOUR-KANS, -FOUR-WINDS, -FOUR-RIICHI: the four abortive draws', () => {
    expect(ema2012.abortiveDraws).toEqual({ nineTerminals: true, fourWinds: true, fourKans: true, fourRiichi: true, tripleRon: false });
  });

  it('EMA12-ABORT-GENERAL: an abortive draw adds a counter and East stays East', () => {
    expect(ema2012.dealerRepeatOnAbort).toBe(true);
  });

  it('EMA12-FURITEN-TEMP: a kan, pon or chii ends temporary furiten', () => {
    expect(ema2012.tempFuritenEndsOnCall).toBe(true);
  });

  it('ema2012 (RCR 3.4.11): from five counters a win needs two han from yaku', () => {
    expect(ema2012.ryanhanShibari).toBe(5);
  });

  it('ema2012: one red five per suit, closed tanyao only, swap-calling allowed', () => {
    expect(ema2012.redFives).toEqual([1, 1, 1]);
    expect(ema2012.openTanyao).toBe(false);
    expect(ema2012.kuikae).toBe('allowed');
  });

  it('ema2012: 13+ han is a yakuman, yakuman do not add up, daisuushii is the only double yakuman', () => {
    expect(ema2012.kazoe).toBe('yakuman');
    expect(ema2012.yakumanStacking).toBe(false);
    expect(ema2012.doubleYakuman).toBe(false);
    expect(ema2012.daisuushiiDouble).toBe(true);
  });

  it('ema2012: renhou is a yakuman, nagashi mangan counts, no kiriage mangan', () => {
    expect(ema2012.renhou).toBe('yakuman');
    expect(ema2012.nagashiMangan).toBe(true);
    expect(ema2012.kiriageMangan).toBe(false);
  });

  it('ema2012 (RCR 4.1.1): a pair that is both seat and prevalent wind earns both 2-minipoint items', () => {
    expect(ema2012.doubleWindPairFu).toBe(4);
  });

  it('ema2012 (RCR 3.3.2): every kan turns its dora indicator at once', () => {
    expect(ema2012.kanDoraTiming).toBe('immediate');
  });
});

describe('ema2016', () => {
  it('ema2016 chombo is 20 global points after uma', () => {
    expect(ema2016.chombo).toEqual({ kind: 'globalPoints', points: 20 });
  });

  it('ema2016 differs from wrc2015 exactly where EMA says: multiple winners, no 4-30 rounding, sticks to the winner', () => {
    expect(differences(ema2016, wrc2015)).toEqual(['kiriageMangan', 'leftoverSticksToWinner', 'multipleRon', 'name']);
    expect([ema2016.multipleRon, ema2016.kiriageMangan, ema2016.leftoverSticksToWinner]).toEqual(['triple', false, true]);
  });

  it('ema2016 removed from 2012: red fives, closed-only tanyao, swap-calling, kazoe yakuman, abortive draws, nagashi, five-counter rule', () => {
    expect(ema2016.redFives).toEqual([0, 0, 0]);
    expect(ema2016.openTanyao).toBe(true);
    expect(ema2016.kuikae).toBe('forbidden');
    expect(ema2016.kazoe).toBe('sanbaiman');
    expect(Object.values(ema2016.abortiveDraws).some(Boolean)).toBe(false);
    expect(ema2016.nagashiMangan).toBe(false);
    expect(ema2016.ryanhanShibari).toBeNull();
  });

  it('ema2016: renhou is a mangan, daisuushii a single yakuman, temporary furiten ends on the player\'s own draw or call', () => {
    expect(ema2016.renhou).toBe('mangan');
    expect(ema2016.daisuushiiDouble).toBe(false);
    expect(ema2016.tempFuritenEndsOnCall).toBe(false);
  });

  it('ema2016 game end: no bust, no agari-yame', () => {
    expect([ema2016.bust, ema2016.agariYame, ema2016.westExtension]).toEqual([false, false, false]);
  });
});

describe('russian', () => {
  it('RUS-CHOMBO: russian chombo is a penalty the size of a mangan, paid as EMA12-CHOMBO-PAY', () => {
    expect(russian.chombo).toEqual({ kind: 'mangan' });
    expect(russian.foulPolicy).toBe('penalise');
  });

  it('RUS-CHOMBO-H: kyuushu kyuuhai can be declared, so abortive draws exist', () => {
    expect(russian.abortiveDraws.nineTerminals).toBe(true);
    expect(russian.abortiveDraws).toEqual({ nineTerminals: true, fourWinds: true, fourKans: true, fourRiichi: true, tripleRon: false });
  });

  it('russian: several players may ron one discard (no head bump)', () => {
    expect(russian.multipleRon).toBe('triple');
  });

  it('russian: 30,000 start and return, uma +15/+5/-5/-15, open tanyao, no kiriage, no nagashi', () => {
    expect([russian.startPoints, russian.returnPoints]).toEqual([30000, 30000]);
    expect(russian.uma).toEqual([15, 5, -5, -15]);
    expect(russian.openTanyao).toBe(true);
    expect(russian.kiriageMangan).toBe(false);
    expect(russian.nagashiMangan).toBe(false);
  });

  it('russian (later Russian rulebook): red fives, kuikae forbidden, kan dora at once, kazoe yakuman, yakuman stack', () => {
    expect(russian.redFives).toEqual([1, 1, 1]);
    expect(russian.kuikae).toBe('forbidden');
    expect(russian.kanDoraTiming).toBe('immediate');
    expect(russian.kazoe).toBe('yakuman');
    expect(russian.yakumanStacking).toBe(true);
    expect(russian.doubleYakuman).toBe(false);
  });

  it('russian (later Russian rulebook): double-wind pair 4 fu, kokushi robs a concealed kan, renhou mangan', () => {
    expect(russian.doubleWindPairFu).toBe(4);
    expect(russian.kokushiRobsAnkan).toBe(true);
    expect(russian.renhou).toBe('mangan');
  });

  it('russian game end: no bust, no West round, no agari-yame; riichi needs no 1,000 points', () => {
    expect([russian.bust, russian.westExtension, russian.agariYame]).toEqual([false, false, false]);
    expect(russian.riichiMinPoints).toBe(0);
  });
});

describe('tenhou', () => {
  it('tenhou: 25,000 start, 30,000 return, so 20 oka to first; uma +20/+10/-10/-20', () => {
    expect([tenhou.startPoints, tenhou.returnPoints]).toEqual([25000, 30000]);
    expect(tenhou.uma).toEqual([20, 10, -10, -20]);
    expect(globalScore(tenhou, 30000, 1)).toBe(40);
    expect(globalScore(tenhou, 25000, 2)).toBe(5);
  });

  it('tenhou: riichi needs 1,000 points and at least 4 tiles left in the wall', () => {
    expect(tenhou.riichiMinPoints).toBe(1000);
    expect(tenhou.riichiMinWallTiles).toBe(4);
  });

  it('tenhou: double ron is allowed and triple ron aborts the hand', () => {
    expect(tenhou.multipleRon).toBe('double');
    expect(tenhou.abortiveDraws.tripleRon).toBe(true);
  });

  it('tenhou: all five abortive draws; the dealer keeps the deal after them and when tenpai at a draw', () => {
    expect(Object.values(tenhou.abortiveDraws).every(Boolean)).toBe(true);
    expect(tenhou.dealerRepeatOnAbort).toBe(true);
    expect(tenhou.dealerRepeatOnTenpai).toBe(true);
  });

  it('tenhou: bust below zero, West extension until someone has 30,000, agari-yame and tenpai-yame', () => {
    expect(tenhou.bust).toBe(true);
    expect(tenhou.westExtension).toBe(true);
    expect(tenhou.agariYame).toBe(true);
    expect(tenhou.tenpaiYame).toBe(true);
  });

  it('tenhou: leftover riichi sticks go to first place; ties go to the seat nearer the first dealer', () => {
    expect(tenhou.leftoverSticksToWinner).toBe(true);
    expect(tenhou.tiedRanks).toBe('seatOrder');
  });

  it('tenhou: no double yakuman, but several yakuman add up; 13+ han is a yakuman', () => {
    expect(tenhou.doubleYakuman).toBe(false);
    expect(tenhou.daisuushiiDouble).toBe(false);
    expect(tenhou.yakumanStacking).toBe(true);
    expect(tenhou.kazoe).toBe('yakuman');
  });

  it('tenhou: nagashi mangan, no kiriage, double-wind pair 4 fu, no renhou', () => {
    expect(tenhou.nagashiMangan).toBe(true);
    expect(tenhou.kiriageMangan).toBe(false);
    expect(tenhou.doubleWindPairFu).toBe(4);
    expect(tenhou.renhou).toBe('none');
  });

  it('tenhou: open and added kans turn their dora after the discard; nobody robs a concealed kan', () => {
    expect(tenhou.kanDoraTiming).toBe('afterDiscard');
    expect(tenhou.kokushiRobsAnkan).toBe(false);
  });

  it('tenhou: red fives, open tanyao, kuikae forbidden (prevented)', () => {
    expect(tenhou.redFives).toEqual([1, 1, 1]);
    expect(tenhou.openTanyao).toBe(true);
    expect(tenhou.kuikae).toBe('forbidden');
  });

  it('tenhou: faults are prevented online, so there is no chombo', () => {
    expect(tenhou.foulPolicy).toBe('prevent');
    expect(tenhou.chombo).toEqual({ kind: 'none' });
  });
});

describe('what all five share', () => {
  it.each(Object.values(SHIPPED_RULESETS).map((r) => [r.name, r] as const))(
    '%s: honba 300, riichi stick 1,000, noten payment 3,000, hanchan, pao for daisangen and daisuushii',
    (_name, r) => {
      expect([r.honbaPoints, r.riichiStick, r.notenPayment, r.length]).toEqual([300, 1000, 3000, 'hanchan']);
      expect(r.pao).toMatchObject({ daisangen: true, daisuushii: true });
      // Tenhou makes the liable seat pay for the whole hand (its manual: 複合役満を含む得点).
      expect(r.pao.scope).toBe(r.name === 'tenhou' ? 'whole' : 'paoYakuman');
    },
  );
});
