import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { tenhou, wrc2015 } from '@jantaku/shared/rules/shipped';
import type { Ruleset } from '@jantaku/shared/rules/schema';
import { pairFu, setFu } from '@jantaku/shared/scoring/fu';
import { basePoints, payment } from '@jantaku/shared/scoring/payment';
import { scoreWin } from '@jantaku/shared/scoring/score';
import type { WinInput } from '@jantaku/shared/scoring/types';
import { hand } from './build';

const score = (h: WinInput, rules: Ruleset = tenhou) => scoreWin(h, rules)!;
const hanFu = (h: WinInput, rules: Ruleset = tenhou) => {
  const r = score(h, rules);
  return [r.han, r.fu];
};
const riichi = { riichi: 'riichi' as const };

describe('fu', () => {
  it('pinfu: 20 fu on tsumo (no tsumo fu), 30 on ron (menzen ron +10)', () => {
    expect(hanFu(hand('123m456p789s99p34s', '5s', { tsumo: true }))).toEqual([2, 20]);
    expect(hanFu(hand('123m456p789s99p34s', '5s'))).toEqual([1, 30]);
  });
  it('chiitoitsu is 25 fu', () => {
    expect(hanFu(hand('1133m5577p2299s1z', '1z', { tsumo: true }))).toEqual([3, 25]);
  });
  it('an open hand of pinfu form is 30 fu by ron and by tsumo', () => {
    expect(hanFu(hand('456p678s22p34s', '5s', { melds: ['c234m'] }))).toEqual([1, 30]);
    expect(hanFu(hand('456p678s22p34s', '5s', { melds: ['c234m'], tsumo: true }))).toEqual([1, 30]);
  });
  it('wait fu: kanchan, penchan and tanki are 2; tsumo adds 2', () => {
    expect(hanFu(hand('123m456p789s99p35s', '4s', riichi))).toEqual([1, 40]); // 20+10+2 -> 40
    expect(hanFu(hand('123m456p789s99p12s', '3s', riichi))).toEqual([1, 40]);
    expect(hanFu(hand('123m456p789s234s9p', '9p', riichi))).toEqual([1, 40]);
    expect(hanFu(hand('456p789s99p35s', '4s', { melds: ['c123m'], tsumo: true, haitei: true }))).toEqual([1, 30]); // 20+2+2
  });
  it('the reading paying most wins: ryanmen (pinfu) over tanki for 23444', () => {
    const r = score(hand('123s456s789m2344p', '4p', riichi));
    expect(r.yaku.map((y) => y.id)).toEqual(['riichi', 'pinfu']);
    expect(r.fu).toBe(30);
  });
  it('the reading paying most wins: triplets (sanankou) over runs for 111222333', () => {
    const r = score(hand('111222333m45p99s', '6p', { tsumo: true }));
    expect(r.yaku.map((y) => y.id)).toEqual(['menzenTsumo', 'sanankou']);
    expect([r.han, r.fu]).toEqual([3, 40]); // 20 + 2 + 8 + 4 + 4
  });
  it('set fu: triplets 2/4, doubled for terminals and honours, times 4 for kans', () => {
    expect([setFu(1, false, false), setFu(1, true, false), setFu(0, false, false), setFu(27, true, false)]).toEqual([2, 4, 4, 8]);
    expect([setFu(1, false, true), setFu(1, true, true), setFu(8, false, true), setFu(33, true, true)]).toEqual([8, 16, 16, 32]);
    // Riichi, closed ron: 20 + 10 + ankan of terminals 32 = 62 -> 70.
    expect(hanFu(hand('456p678s22p34s', '5s', { melds: ['a1111m'], ...riichi }))).toEqual([1, 70]);
    // Open: 20 + daiminkan of simples 8 + pon of honours (haku) 4 = 32 -> 40.
    expect(hanFu(hand('456p22p34s', '5s', { melds: ['m2222s', 'p555z'] }))).toEqual([1, 40]);
  });
  it('pair fu: dragons, seat wind, round wind 2; a double wind 4 or 2 per the ruleset', () => {
    expect([pairFu(31, 28, 27, tenhou), pairFu(28, 28, 27, tenhou), pairFu(27, 28, 27, tenhou), pairFu(29, 28, 27, tenhou)]).toEqual([2, 2, 2, 0]);
    expect([pairFu(27, 27, 27, tenhou), pairFu(27, 27, 27, wrc2015)]).toEqual([4, 2]);
    // Dealer, east round, east pair, 999s concealed: 20 + 10 + 8 + 4 = 42 -> 50, or 40 -> 40 with 2 fu.
    const h = hand('123m456p999s11z34s', '5s', { dealer: true, ...riichi });
    expect([score(h).fu, score(h, wrc2015).fu]).toEqual([50, 40]);
  });
});

describe('limits', () => {
  // Riichi pinfu tanyao (3 han, 30 fu); each 4p indicator adds 3 dora (5p x3), each 1m one (2m).
  const base3 = (dora: string, rules: Ruleset = tenhou) => score(hand('234m456p678s55p34s', '2s', { ...riichi, dora }), rules);
  it('counts han and fu below mangan', () => {
    expect([base3('').han, base3('').fu, base3('').payment.total]).toEqual([3, 30, 3900]);
  });
  it('mangan from 5 han, 4 han 40 fu and 3 han 70 fu', () => {
    expect([base3('1m1m').limit, base3('1m1m').payment.total]).toEqual(['mangan', 8000]);
    expect(basePoints(4, 40, tenhou)).toBe(2000);
    expect(basePoints(3, 70, tenhou)).toBe(2000);
    expect(basePoints(3, 60, tenhou)).toBe(1920);
  });
  it('kiriage mangan per ruleset: 4 han 30 fu is 7700 or 8000', () => {
    expect([base3('1m').limit, base3('1m').payment.total]).toEqual([null, 7700]);
    expect([base3('1m', makeRuleset('tenhou', { kiriageMangan: true })).limit, base3('1m', makeRuleset('tenhou', { kiriageMangan: true })).payment.total]).toEqual(['mangan', 8000]);
  });
  it('haneman, baiman, sanbaiman', () => {
    expect([base3('4p').limit, base3('4p').payment.total]).toEqual(['haneman', 12000]);
    expect([base3('4p4p').limit, base3('4p4p').payment.total]).toEqual(['baiman', 16000]);
    expect([base3('4p4p1m1m').han, base3('4p4p1m1m').limit, base3('4p4p1m1m').payment.total]).toEqual([11, 'sanbaiman', 24000]);
  });
  it('13+ han: kazoe yakuman or sanbaiman per ruleset', () => {
    expect([base3('4p4p4p1m').han, base3('4p4p4p1m').limit, base3('4p4p4p1m').payment.total]).toEqual([13, 'kazoeYakuman', 32000]);
    const capped = base3('4p4p4p1m', makeRuleset('tenhou', { kazoe: 'sanbaiman' }));
    expect([capped.limit, capped.payment.total, capped.yakuman]).toEqual(['sanbaiman', 24000, 0]);
  });
  it('double yakuman per ruleset; stacked yakuman per ruleset', () => {
    const tanki = hand('111m333p555s999s7z', '7z');
    expect(score(tanki).payment.total).toBe(32000);
    expect(score(tanki, makeRuleset('tenhou', { doubleYakuman: true })).payment.total).toBe(64000);
    const stacked = hand('111m999m111p99p99s', '9s', { tsumo: true }); // chinroutou + suuankou
    expect([score(stacked).yakuman, score(stacked).payment.total]).toEqual([2, 64000]);
    const single = score(stacked, makeRuleset('tenhou', { yakumanStacking: false }));
    expect([single.yakuman, single.yaku.length, single.payment.total]).toEqual([1, 1, 32000]);
  });
  it('without stacking the double yakuman is the one kept', () => {
    const r = score(hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'] }), makeRuleset('tenhou', { yakumanStacking: false, doubleYakuman: true }));
    expect([r.yaku.map((y) => y.id), r.yakuman]).toEqual([['daisuushii'], 2]);
  });
});

describe('payments', () => {
  // 30 fu 3 han: base 960 (riichi pinfu tanyao).
  const h = (o: object) => hand('234m456p678s55p34s', '2s', { ...riichi, ...o });
  it('non-dealer ron base*4, dealer ron base*6, rounded up to 100', () => {
    expect(score(h({})).payment).toEqual({ total: 3900, ron: 3900 });
    expect(score(h({ dealer: true })).payment).toEqual({ total: 5800, ron: 5800 });
  });
  it('non-dealer tsumo: dealer pays base*2, others base; dealer tsumo: base*2 each', () => {
    // Tsumo adds menzen tsumo: 4 han 20 fu, base 1280.
    expect(score(h({ tsumo: true })).payment).toEqual({ total: 5200, tsumoDealer: 2600, tsumoNonDealer: 1300 });
    expect(score(h({ tsumo: true, dealer: true })).payment).toEqual({ total: 7800, tsumoNonDealer: 2600 });
  });
  it('honba: the discarder pays all on ron, each payer a third on tsumo', () => {
    expect(score(h({ honba: 2 })).payment).toEqual({ total: 4500, ron: 4500 });
    expect(score(h({ tsumo: true, honba: 2 })).payment).toEqual({ total: 5800, tsumoDealer: 2800, tsumoNonDealer: 1500 });
    expect(payment(2000, false, false, 1, makeRuleset('tenhou', { honbaPoints: 1500 }))).toEqual({ total: 9500, ron: 9500 });
  });
  it('riichi sticks are not in the payment', () => {
    expect(score(h({ riichiSticks: 3 })).payment.total).toBe(3900);
  });
});

describe('dora', () => {
  const h = (o: object) => hand('234m406p678s55p34s', '2s', { ...riichi, ...o });
  it('counts every indicator, kan indicators included, and kan tiles four times', () => {
    expect(score(h({ dora: '1m3s' })).yaku.find((y) => y.id === 'dora')?.han).toBe(2);
    const kan = score(hand('456p678s55p34s', '2s', { melds: ['a2222m'], ...riichi, dora: '1m' }));
    expect(kan.yaku.find((y) => y.id === 'dora')?.han).toBe(4);
  });
  it('dora alone is no yaku', () => {
    expect(scoreWin(hand('456p789s99p35s', '4s', { melds: ['c123m'], dora: '8s' }), tenhou)).toBeNull();
  });
  it('red fives only for the suits the ruleset makes red', () => {
    expect(score(h({})).yaku.find((y) => y.id === 'akaDora')?.han).toBe(1);
    expect(score(h({}), wrc2015).yaku.find((y) => y.id === 'akaDora')).toBeUndefined();
    expect(score(h({}), makeRuleset('tenhou', { redFives: [1, 0, 1] })).yaku.find((y) => y.id === 'akaDora')).toBeUndefined();
  });
  it('ura dora only with riichi, and only the first indicator without kan ura', () => {
    const ura = (o: object, rules: Ruleset = tenhou) => score(h({ ura: '1m3s', ...o }), rules).yaku.find((y) => y.id === 'uraDora')?.han;
    expect(ura({})).toBe(2);
    expect(ura({ riichi: 'none', tsumo: true })).toBeUndefined();
    expect(ura({}, makeRuleset('tenhou', { kanUraDora: false }))).toBe(1);
    expect(ura({}, makeRuleset('tenhou', { uraDora: false, kanUraDora: false }))).toBeUndefined();
  });
});

describe('no win', () => {
  it('incomplete hands and wrong tile counts are null', () => {
    expect(scoreWin(hand('123m456p789s99p35s', '7s', riichi), tenhou)).toBeNull();
    expect(scoreWin(hand('123m456p789s9p35s', '4s', riichi), tenhou)).toBeNull();
  });
});
