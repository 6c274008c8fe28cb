import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { ema2012, tenhou } from '@jantaku/shared/rules/shipped';
import { scoreWin } from '@jantaku/shared/scoring/score';
import type { Ruleset } from '@jantaku/shared/rules/schema';
import type { WinInput } from '@jantaku/shared/scoring/types';
import { hand } from './build';

const score = (h: WinInput, rules: Ruleset = tenhou) => scoreWin(h, rules);
/** The yaku of a win as { id: han }, or null when it is no win. */
function yaku(h: WinInput, rules: Ruleset = tenhou): Record<string, number> | null {
  const r = score(h, rules);
  return r && Object.fromEntries(r.yaku.map((y) => [y.id, y.han]));
}

// A closed kanchan wait (4s) with no yaku of its own: riichi and friends are the only yaku.
const bare = (o = {}) => hand('123m456p789s99p35s', '4s', o);
// The same shape opened by a chii: only situational yaku can make it a win.
const bareOpen = (o = {}) => hand('456p789s99p35s', '4s', { melds: ['c123m'], ...o });

describe('situational yaku', () => {
  it('riichi, and nothing without it', () => {
    expect(yaku(bare({ riichi: 'riichi' }))).toEqual({ riichi: 1 });
    expect(score(bare())).toBeNull();
  });
  it('double riichi replaces riichi', () => {
    expect(yaku(bare({ riichi: 'double' }))).toEqual({ doubleRiichi: 2 });
  });
  it('ippatsu only when flagged', () => {
    expect(yaku(bare({ riichi: 'riichi', ippatsu: true }))).toEqual({ riichi: 1, ippatsu: 1 });
    expect(yaku(bare({ riichi: 'riichi' }))).not.toHaveProperty('ippatsu');
  });
  it('menzen tsumo needs a concealed hand', () => {
    expect(yaku(bare({ tsumo: true }))).toEqual({ menzenTsumo: 1 });
    expect(score(bareOpen({ tsumo: true }))).toBeNull();
  });
  it('an ankan keeps the hand concealed for menzen tsumo', () => {
    expect(yaku(hand('456p789s99p35s', '4s', { melds: ['a2222m'], tsumo: true }))).toEqual({ menzenTsumo: 1 });
  });
  it('haitei, houtei, rinshan, chankan from the flags', () => {
    expect(yaku(bareOpen({ tsumo: true, haitei: true }))).toEqual({ haitei: 1 });
    expect(yaku(bareOpen({ houtei: true }))).toEqual({ houtei: 1 });
    expect(yaku(hand('456p99p35s', '4s', { melds: ['c123m', 'm8888s'], tsumo: true, rinshan: true }))).toEqual({ rinshan: 1 });
    expect(score(hand('456p99p35s', '4s', { melds: ['c123m', 'm8888s'], tsumo: true }))).toBeNull();
    expect(yaku(bareOpen({ chankan: true }))).toEqual({ chankan: 1 });
  });
});

describe('hand yaku', () => {
  it('pinfu: ryanmen wait and a pair worth no fu (an off-wind pair is fine)', () => {
    expect(yaku(hand('123m456p789s99p34s', '5s'))).toEqual({ pinfu: 1 });
    expect(yaku(hand('123m456p789s33z34s', '5s'))).toEqual({ pinfu: 1 });
    expect(score(hand('123m456p789s22z34s', '5s'))).toBeNull(); // seat-wind pair
    expect(score(hand('123m456p789s99p12s', '3s'))).toBeNull(); // penchan
  });
  it('iipeikou needs a concealed hand', () => {
    expect(yaku(hand('112233m456p78s99p', '9s'))).toEqual({ iipeikou: 1, pinfu: 1 });
    expect(score(hand('123m456p78s99p', '9s', { melds: ['c123m'] }))).toBeNull();
  });
  it('ryanpeikou beats the chiitoitsu reading and replaces iipeikou', () => {
    const r = score(hand('112233m556677p9s', '9s'))!;
    expect(yaku(hand('112233m556677p9s', '9s'))).toEqual({ ryanpeikou: 3 });
    expect([r.han, r.fu]).toEqual([3, 40]);
    expect(yaku(hand('112233m567789p9s', '9s'))).toEqual({ iipeikou: 1 });
  });
  it('tanyao, open only when the ruleset allows it', () => {
    expect(yaku(hand('567m456p678s24m55p', '3m'))).toEqual({ tanyao: 1 });
    expect(yaku(hand('234m456p678s23m55p', '1m'))).toEqual({ pinfu: 1 });
    const open = hand('456p678s24m55p', '3m', { melds: ['c234s'] });
    expect(yaku(open)).toEqual({ tanyao: 1 });
    expect(score(open, ema2012)).toBeNull();
    expect(yaku(hand('567m456p678s24m55p', '3m'), ema2012)).toEqual({ tanyao: 1 });
  });
  it('yakuhai: seat wind, round wind, dragons; a double wind counts twice; other winds none', () => {
    const with3 = (set: string, o = {}) => hand('123m456p78s99p', '9s', { melds: [`p${set}`], ...o });
    expect(yaku(with3('222z'))).toEqual({ yakuhaiSeatWind: 1 });
    expect(yaku(with3('111z'))).toEqual({ yakuhaiRoundWind: 1 });
    expect(yaku(with3('555z'))).toEqual({ yakuhaiHaku: 1 });
    expect(yaku(with3('666z'))).toEqual({ yakuhaiHatsu: 1 });
    expect(yaku(with3('777z'))).toEqual({ yakuhaiChun: 1 });
    expect(yaku(with3('111z', { dealer: true }))).toEqual({ yakuhaiSeatWind: 1, yakuhaiRoundWind: 1 });
    expect(score(with3('333z'))).toBeNull();
  });
  it('sanshoku doujun: 2 han concealed, 1 open', () => {
    expect(yaku(hand('123m123p123s99p45s', '6s'))).toEqual({ pinfu: 1, sanshokuDoujun: 2 });
    expect(yaku(hand('123m123p99p45s', '6s', { melds: ['c123s'] }))).toEqual({ sanshokuDoujun: 1 });
    expect(yaku(hand('123m123p234s99p45s', '6s'))).toEqual({ pinfu: 1 });
  });
  it('sanshoku doukou: 2 han even open', () => {
    expect(yaku(hand('222m222p45s99p', '6s', { melds: ['p222s'] }))).toEqual({ sanshokuDoukou: 2 });
    expect(score(hand('222m222p45s99p', '6s', { melds: ['p333s'] }))).toBeNull();
  });
  it('ittsu: 2 han concealed, 1 open', () => {
    expect(yaku(hand('123456789m45s99p', '6s'))).toEqual({ pinfu: 1, ittsu: 2 });
    expect(yaku(hand('456789m45s99p', '6s', { melds: ['c123m'] }))).toEqual({ ittsu: 1 });
    expect(yaku(hand('123456m789p45s99p', '6s'))).toEqual({ pinfu: 1 });
  });
  it('chanta needs a run and an honour; junchan has no honour', () => {
    expect(yaku(hand('123m789p333z99s78s', '9s'))).toEqual({ chanta: 2 });
    expect(yaku(hand('789p333z99s78s', '9s', { melds: ['c123m'] }))).toEqual({ chanta: 1 });
    expect(score(hand('234m789p333z99s78s', '9s'))).toBeNull();
    expect(yaku(hand('123m789p111s99s78s', '9s'))).toEqual({ junchan: 3 });
    expect(yaku(hand('789p111s99s78s', '9s', { melds: ['c123m'] }))).toEqual({ junchan: 2 });
  });
  it('honroutou (with toitoi), not chanta', () => {
    expect(yaku(hand('111m999p11z99s', '9s', { melds: ['p333z'] }))).toEqual({ toitoi: 2, honroutou: 2 });
    expect(yaku(hand('111m789p11z99s', '9s', { melds: ['p333z'] }))).toEqual({ chanta: 1 });
  });
  it('toitoi', () => {
    expect(yaku(hand('222m444p66s88s', '8s', { melds: ['p333s'] }))).toEqual({ tanyao: 1, toitoi: 2 });
    expect(yaku(hand('222m345p66s88s', '8s', { melds: ['p333s'] }))).toEqual({ tanyao: 1 });
  });
  it('sanankou: a ron-completed triplet is not concealed', () => {
    expect(yaku(hand('222m444p666s88s34s', '5s', { tsumo: true }))).toEqual({ menzenTsumo: 1, tanyao: 1, sanankou: 2 });
    expect(yaku(hand('222m444p66s88s345s', '6s'))).toEqual({ tanyao: 1 });
    expect(yaku(hand('222m444p66s88s345s', '6s', { tsumo: true }))).toEqual({ menzenTsumo: 1, tanyao: 1, sanankou: 2 });
  });
  it('sankantsu', () => {
    expect(yaku(hand('23m99p', '4m', { melds: ['m2222p', 'm3333s', 'a4444s'] }))).toEqual({ sankantsu: 2 });
    expect(score(hand('23m99p', '4m', { melds: ['m2222p', 'p333s', 'a4444s'] }))).toBeNull();
  });
  it('shousangen (with its two dragon triplets)', () => {
    expect(yaku(hand('555z666z77z123m45p', '3p'))).toEqual({ yakuhaiHaku: 1, yakuhaiHatsu: 1, shousangen: 2 });
    expect(yaku(hand('555z666z99p123m45p', '3p'))).toEqual({ yakuhaiHaku: 1, yakuhaiHatsu: 1 });
  });
  it('chiitoitsu, 25 fu; four of a kind is not two pairs', () => {
    const r = score(hand('1133m5577p2299s1z', '1z'))!;
    expect(r.yaku.map((y) => y.id)).toEqual(['chiitoitsu']);
    expect([r.han, r.fu, r.payment.total]).toEqual([2, 25, 1600]);
    expect(score(hand('1111m5577p2299s3s', '3s', { riichi: 'riichi' }))).toBeNull();
  });
  it('honitsu and chinitsu, one han less open', () => {
    expect(yaku(hand('123m345m78m999m11z', '9m'))).toEqual({ honitsu: 3 });
    expect(yaku(hand('345m78m999m11z', '9m', { melds: ['c123m'] }))).toEqual({ honitsu: 2 });
    expect(yaku(hand('123m345p78m999m11z', '9m'))).toBeNull();
    expect(yaku(hand('123345567m89m99m', '7m'))).toMatchObject({ chinitsu: 6 });
    expect(yaku(hand('345567m89m99m', '7m', { melds: ['c123m'] }))).toMatchObject({ chinitsu: 5 });
  });
});

describe('yakuman', () => {
  const doubles = makeRuleset('tenhou', { doubleYakuman: true });
  const only = (h: WinInput, rules: Ruleset = tenhou) => score(h, rules)!.yaku.map((y) => [y.id, y.yakuman]);
  it('kokushi, and the 13-sided wait double only when the ruleset has doubles', () => {
    expect(only(hand('19m19p19s1234566z', '7z'))).toEqual([['kokushi', 1]]);
    expect(only(hand('19m19p19s1234567z', '1m'))).toEqual([['kokushi13', 1]]);
    expect(only(hand('19m19p19s1234567z', '1m'), doubles)).toEqual([['kokushi13', 2]]);
    expect(score(hand('19m19p19s1234566z', '8s'))).toBeNull();
  });
  it('suuankou on tsumo; on ron a shanpon triplet is open (sanankou toitoi)', () => {
    expect(only(hand('111m333p555s77z99s', '9s', { tsumo: true }))).toEqual([['suuankou', 1]]);
    expect(yaku(hand('111m333p555s77z99s', '9s'))).toEqual({ toitoi: 2, sanankou: 2 });
    expect(only(hand('111m333p555s999s7z', '7z'))).toEqual([['suuankouTanki', 1]]);
    expect(only(hand('111m333p555s999s7z', '7z'), doubles)).toEqual([['suuankouTanki', 2]]);
  });
  it('daisangen; two dragon sets and a dragon pair is shousangen', () => {
    expect(only(hand('555z666z777z12m99p', '3m'))).toEqual([['daisangen', 1]]);
    expect(yaku(hand('555z666z77z12m345p', '3m'))).toMatchObject({ shousangen: 2 });
  });
  it('shousuushii and daisuushii (double with doubles)', () => {
    expect(only(hand('44z12m', '3m', { melds: ['p111z', 'p222z', 'p333z'] }))).toEqual([['shousuushii', 1]]);
    expect(only(hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'] }))).toEqual([['daisuushii', 1]]);
    expect(only(hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'] }), doubles)).toEqual([['daisuushii', 2]]);
    // daisuushiiDouble: daisuushii alone is double (EMA 2012), other double hands stay single.
    const daisuushiiOnly = makeRuleset('tenhou', { daisuushiiDouble: true });
    expect(only(hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'] }), daisuushiiOnly)).toEqual([['daisuushii', 2]]);
    expect(only(hand('19m19p19s1234567z', '1m'), daisuushiiOnly)).toEqual([['kokushi13', 1]]);
    expect(yaku(hand('44z12m345p', '3m', { melds: ['p111z', 'p222z'] }))).toEqual({ yakuhaiSeatWind: 1, yakuhaiRoundWind: 1 });
  });
  it('tsuuiisou, also as seven pairs', () => {
    expect(only(hand('22z55z666z', '2z', { melds: ['p111z', 'p333z'] }))).toEqual([['tsuuiisou', 1]]);
    expect(only(hand('1122334455667z', '7z'))).toEqual([['tsuuiisou', 1]]);
    expect(yaku(hand('112233445566z9m', '9m'))).toMatchObject({ chiitoitsu: 2, honroutou: 2 });
  });
  it('chinroutou; an honour makes it honroutou', () => {
    expect(only(hand('111m999m111p99p99s', '9s'))).toEqual([['chinroutou', 1]]);
    expect(yaku(hand('111m999m111p99p11z', '1z'))).toMatchObject({ honroutou: 2 });
  });
  it('ryuuiisou, with or without the green dragon', () => {
    expect(only(hand('223344s666s88s66z', '6z'))).toEqual([['ryuuiisou', 1]]);
    expect(only(hand('234s234s666s88s33s', '8s'))).toEqual([['ryuuiisou', 1]]);
    expect(yaku(hand('223344s666s88s77z', '7z'))).toMatchObject({ honitsu: 3 });
  });
  it('chuuren; junsei when 1112345678999 was the wait', () => {
    expect(only(hand('1112345678899m', '9m'))).toEqual([['chuuren', 1]]);
    expect(only(hand('1112345678999m', '5m'))).toEqual([['junseiChuuren', 1]]);
    expect(only(hand('1112345678999m', '5m'), doubles)).toEqual([['junseiChuuren', 2]]);
    expect(score(hand('1112345678999m', '9p'))).toBeNull();
  });
  it('suukantsu', () => {
    expect(only(hand('9p', '9p', { melds: ['m2222p', 'm3333s', 'a4444s', 'k5555m'] }))).toEqual([['suukantsu', 1]]);
  });
  it('tenhou and chiihou drop ordinary yaku but stack with other yakuman', () => {
    const h = (o: object) => hand('123m456p789s99p34s', '5s', { tsumo: true, ...o });
    expect(only(h({ dealer: true, tenhou: true }))).toEqual([['tenhou', 1]]);
    expect(only(h({ chiihou: true, riichi: 'none' }))).toEqual([['chiihou', 1]]);
    expect(only(hand('19m19p19s1234567z', '1m', { tsumo: true, dealer: true, tenhou: true }))).toEqual([['tenhou', 1], ['kokushi13', 1]]);
    expect(score(hand('19m19p19s1234567z', '1m', { tsumo: true, dealer: true, tenhou: true }))!.payment.total).toBe(96000);
  });
});
