import { describe, expect, it } from 'vitest';
import { makeRuleset, SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { paoPayments, scoreWin } from '@jantaku/shared/scoring/score';
import type { WinInput } from '@jantaku/shared/scoring/types';
import { hand, type HandOptions } from './build';

/*
 * Scoring cases the 10,000 externally checked random hands (property.test.ts against
 * majiang-core) and the corpus wins do not reach: pao, chankan, tenhou/chiihou, renhou per
 * ruleset, double yakuman and kazoe. Every expected figure comes from the source named in the
 * test (sources as tagged in docs/RULESETS.md), or, where the source gives a rule and not a
 * figure, from the standard payment table applied to that rule (yakuman 32,000 / 48,000 dealer;
 * sanbaiman 24,000; haneman 12,000; 3 han 30 fu 3,900; 2 han 40 fu 2,600). Sources beyond the
 * docs' tags: riichi.wiki "Sekinin barai" (https://riichi.wiki/Sekinin_barai, the revision before
 * 26315, whose worked examples are quoted in the titles); mjstars.net "Rules for 4-player Ranking
 * Match" ("Honba payments paid by the player to whom pao is applied"); the WRC 2014 rules errata
 * posted by their author on reachmahjong.com ("Renhō is cumulative with other yaku and dora").
 */

const { tenhou, wrc2015, ema2012, ema2016, russian, mleague, majsoul, riichicity, wrc2022 } = SHIPPED_RULESETS;
const score = (w: WinInput, r = tenhou) => scoreWin(w, r)!;

// Seats: 0 East (dealer), 1 South, 2 West, 3 North.
const daisangenTsuuiisou = (o: HandOptions = {}) => hand('11z22z', '1z', { melds: ['p555z', 'p666z', 'p777z'], ...o });
const daisangen = (o: HandOptions = {}) => hand('12m99p', '3m', { melds: ['p555z', 'p666z', 'p777z'], ...o });
const daisuushii = (o: HandOptions = {}) => hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'], ...o });

describe('pao (sekinin barai)', () => {
  // riichi.wiki "Sekinin barai" (revision before 26315), "Example of Tsumo" and "Example of Ron":
  // 1 honba, West (2) liable for South's (1) daisangen, South wins daisangen + tsuuiisou.
  const win = { winner: 1, dealer: 0, liable: 2, honba: 1 };

  it('riichi.wiki example of tsumo, pao on the pao yakuman only: East 16,000, West 32,300 + 8,000, North 8,000', () => {
    expect(paoPayments(score(daisangenTsuuiisou({ tsumo: true })), win, tenhou, 'paoYakuman')).toEqual([-16000, 64300, -40300, -8000]);
  });
  it('riichi.wiki example of tsumo, pao on all yakuman: West pays 64,300 alone', () => {
    expect(paoPayments(score(daisangenTsuuiisou({ tsumo: true })), win, tenhou, 'whole')).toEqual([0, 64300, -64300, 0]);
  });
  it('riichi.wiki example of ron (East deals in), pao yakuman only: East 32,000 + 16,000, West 16,000 + the honba', () => {
    expect(paoPayments(score(daisangenTsuuiisou()), { ...win, discarder: 0 }, tenhou, 'paoYakuman')).toEqual([-48000, 64300, -16300, 0]);
  });
  it('riichi.wiki example of ron, pao on all yakuman: East 32,000, West 32,000 + the honba', () => {
    expect(paoPayments(score(daisangenTsuuiisou()), { ...win, discarder: 0 }, tenhou, 'whole')).toEqual([-32000, 64300, -32300, 0]);
  });

  it('the shipped rulesets use their own scope: tenhou the whole hand, wrc2015 and majsoul the pao yakuman (S1 "separated responsibility")', () => {
    const tsumo = (r: typeof tenhou) => paoPayments(scoreWin(daisangenTsuuiisou({ tsumo: true }), r)!, win, r, r.pao.scope);
    expect(tsumo(tenhou)).toEqual([0, 64300, -64300, 0]);
    expect(tsumo(majsoul)).toEqual([-16000, 64300, -40300, -8000]);
    // wrc2015 does not stack yakuman (W1): a single yakuman, all of it the liable player's.
    expect(tsumo(wrc2015)).toEqual([0, 32300, -32300, 0]);
    // wrc2022 stacks them (W3) and pays pao on the daisangen only.
    expect(tsumo(wrc2022)).toEqual([-16000, 64300, -40300, -8000]);
  });

  it('daisangen, a dealer\'s tsumo: "as if ron was called against the liable player", 48,000 (riichi.wiki)', () => {
    const r = score(daisangen({ dealer: true, tsumo: true }));
    expect(paoPayments(r, { winner: 0, dealer: 0, liable: 3, honba: 2 }, tenhou)).toEqual([48600, 0, 0, -48600]);
  });
  it('daisangen, a dealer\'s ron from a non-liable player: half each, 24,000 + 24,000, the honba the liable player\'s (riichi.wiki; mjstars "honba paid by the player to whom pao is applied")', () => {
    const r = score(daisangen({ dealer: true }));
    expect(paoPayments(r, { winner: 0, dealer: 0, liable: 3, discarder: 1, honba: 1 }, tenhou)).toEqual([48300, -24000, 0, -24300]);
  });

  it('daisuushii (riichi.wiki "Daisuushii": the fourth wind\'s discarder is liable), single yakuman: tsumo 32,000 from the liable player, ron half each', () => {
    const r = score(daisuushii({ tsumo: true }));
    expect(r.yakuman).toBe(1);
    expect(paoPayments(r, { winner: 1, dealer: 0, liable: 3, honba: 0 }, tenhou)).toEqual([0, 32000, 0, -32000]);
    expect(paoPayments(score(daisuushii()), { winner: 1, dealer: 0, liable: 3, discarder: 2, honba: 1 }, tenhou)).toEqual([0, 32300, -16000, -16300]);
  });
  it('daisuushii under ema2012, a double yakuman (E1, E2), is pao\'d whole (E3 §3.3.6): tsumo 64,000 from the liable player, ron 32,000 each', () => {
    const tsumo = scoreWin(daisuushii({ tsumo: true }), ema2012)!;
    expect(tsumo.yakuman).toBe(2);
    expect(paoPayments(tsumo, { winner: 1, dealer: 0, liable: 3, honba: 0 }, ema2012, ema2012.pao.scope)).toEqual([0, 64000, 0, -64000]);
    const ron = scoreWin(daisuushii(), ema2012)!;
    expect(paoPayments(ron, { winner: 1, dealer: 0, liable: 3, discarder: 2, honba: 0 }, ema2012, ema2012.pao.scope)).toEqual([0, 64000, -32000, -32000]);
  });

  it('suukantsu (pao.suukantsu, mleague; M1 and riichi.wiki "the fourth kan must be a daiminkan"), ron from another player: half each', () => {
    const r = scoreWin(hand('5z', '5z', { melds: ['a1111m', 'a2222p', 'a3333s', 'm1111z'] }), mleague)!;
    expect(paoPayments(r, { winner: 1, dealer: 0, liable: 2, discarder: 3, honba: 0 }, mleague, mleague.pao.scope)).toEqual([0, 32000, -16000, -16000]);
    expect(paoPayments(r, { winner: 1, dealer: 0, liable: 2, discarder: 3, honba: 0 }, tenhou)).toBeNull();
  });
});

describe('chankan', () => {
  // The real Tenhou log ../shared/corpus/tenhou6/edge-cases/chankan.json (rules 上東喰赤速): West
  // (seat 2) robs North's added kan of 6s holding 0m5m5m6m7m 4s0s EEE + pon 333m, indicator 3s:
  // 槍槓 1, 場風 東 1, ドラ 1, 赤ドラ 2 = 満貫 8000, paid by North.
  const robbed = () => hand('05567m40s111z', '6s', { melds: ['p333m'], seatWind: 29, chankan: true, dora: '3s' });

  it('the Tenhou log: chankan, round wind, one dora, two red fives, a mangan of 8,000', () => {
    const r = score(robbed());
    expect(r.yaku.map((y) => [y.id, y.han])).toEqual(expect.arrayContaining([['chankan', 1], ['dora', 1], ['akaDora', 2]]));
    expect([r.han, r.limit, r.payment.ron]).toEqual([5, 'mangan', 8000]);
  });
  it('the same win without red fives (wrc2022, W4): chankan, round wind, dora = 3 han 30 fu (20 + 8 for EEE + 2 for the pon), 3,900', () => {
    const r = scoreWin(robbed(), wrc2022)!;
    expect(r.yaku.map((y) => y.id)).not.toContain('akaDora');
    expect([r.han, r.fu, r.payment.ron]).toEqual([3, 30, 3900]);
  });
});

describe('tenhou and chiihou', () => {
  // T1 (Tenhou's rules): tenhou and chiihou are yakuman and "multiple yakuman still count";
  // W1 (WRC): "every yakuman is counted as single yakuman".
  const tenhouHand = (o: HandOptions = {}) => hand('123m456p789s111z9m', '9m', { dealer: true, tsumo: true, tenhou: true, ...o });
  const chiihouHand = (o: HandOptions = {}) => hand('123m456p789s111z9m', '9m', { tsumo: true, chiihou: true, ...o });

  it('tenhou: a dealer\'s yakuman tsumo, 16,000 from each (T1)', () => {
    const r = score(tenhouHand());
    expect(r.yaku.map((y) => y.id)).toEqual(['tenhou']);
    expect(r.payment).toMatchObject({ total: 48000, tsumoNonDealer: 16000 });
  });
  it('chiihou: a non-dealer\'s yakuman tsumo, 16,000 from the dealer and 8,000 from each other (T1)', () => {
    expect(score(chiihouHand()).payment).toMatchObject({ total: 32000, tsumoDealer: 16000, tsumoNonDealer: 8000 });
  });
  it('tenhou on a four-concealed-triplet hand: two yakuman on Tenhou (T1 "multiple yakuman still count"), one under wrc2015 (W1)', () => {
    const w = hand('111m333p555s777s9m', '9m', { dealer: true, tsumo: true, tenhou: true });
    expect(score(w).yakuman).toBe(2);
    expect(score(w).payment.total).toBe(96000);
    expect(scoreWin(w, wrc2015)!.payment.total).toBe(48000);
  });
});

describe('renhou per ruleset', () => {
  // A non-dealer's ron before his first draw on a closed ittsu, single wait on 5p (no dora):
  // ittsu 2 han, 40 fu without renhou.
  const renhou = () => hand('123456789m123p5p', '5p', { renhou: true });
  const points = (r: typeof tenhou) => scoreWin(renhou(), r)!.payment.ron;

  it('ema2012: a yakuman, 32,000 (E1 "Renho is a mangan, not a yakuman" since 2016; E2 for 2012)', () => {
    expect(points(ema2012)).toBe(32000);
  });
  it('wrc2015: a mangan yaku (W2 §6.5.4) cumulative with other yaku and dora (WRC 2014 errata "Renhō is cumulative"): 5 + 2 han, a haneman of 12,000', () => {
    expect(points(wrc2015)).toBe(12000);
    expect(points(wrc2022)).toBe(12000);
  });
  it('ema2016 and russian: a mangan (E1; R1), counted as the five-han yaku: 12,000 with the ittsu', () => {
    expect(points(ema2016)).toBe(12000);
    expect(points(russian)).toBe(12000);
  });
  it('no renhou on Tenhou, Mahjong Soul (S2), Riichi City (C1), M.League: ittsu alone, 2 han 40 fu, 2,600', () => {
    for (const r of [tenhou, majsoul, riichicity, mleague]) expect(points(r), r.name).toBe(2600);
  });
});

describe('double yakuman and kazoe', () => {
  const kokushi13 = () => hand('19m19p19s1234567z', '1m');
  const fifteenHan = () => hand('2233445566778m', '8m', { riichi: 'riichi', tsumo: true, dora: '1m' });

  it('kokushi on a 13-sided wait: a double yakuman where the ruleset has them (C1 "full scoring"), single elsewhere (W1, T2)', () => {
    expect(scoreWin(kokushi13(), riichicity)!.payment.ron).toBe(64000);
    expect(scoreWin(kokushi13(), tenhou)!.payment.ron).toBe(32000);
    expect(scoreWin(kokushi13(), wrc2015)!.payment.ron).toBe(32000);
  });
  it('daisuushii: double under ema2012 (E1 "Dai suushii is a yakuman, not a double yakuman" since 2016), single under ema2016', () => {
    expect(scoreWin(daisuushii({ tsumo: true }), ema2012)!.payment.total).toBe(64000);
    expect(scoreWin(daisuushii({ tsumo: true }), ema2016)!.payment.total).toBe(32000);
  });
  it('doubleYakuman as an override doubles the four hands and only those', () => {
    const rules = makeRuleset('tenhou', { doubleYakuman: true });
    expect(scoreWin(kokushi13(), rules)!.payment.ron).toBe(64000);
    expect(scoreWin(daisangen(), rules)!.payment.ron).toBe(32000);
  });
  it('15 han without a yakuman: a kazoe yakuman of 32,000 under ema2012 and tenhou, a sanbaiman of 24,000 under ema2016 (E1 "13+ fan is scored as a sanbaiman") and wrc2022 (W3)', () => {
    expect(scoreWin(fifteenHan(), ema2012)!.payment.total).toBe(32000);
    expect(scoreWin(fifteenHan(), tenhou)!.payment.total).toBe(32000);
    expect(scoreWin(fifteenHan(), ema2016)!.payment.total).toBe(24000);
    expect(scoreWin(fifteenHan(), wrc2022)!.payment.total).toBe(24000);
  });
});
