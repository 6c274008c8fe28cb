import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { tenhou } from '@jantaku/shared/rules/shipped';
import { paoPayments, scoreWin } from '@jantaku/shared/scoring/score';
import { hand } from './build';

// Seat 1 wins (dealer is seat 0); seat 2 fed the third dragon.
const daisangen = (o = {}) => scoreWin(hand('12m99p', '3m', { melds: ['p555z', 'p666z', 'p777z'], ...o }), tenhou)!;
const win = { winner: 1, dealer: 0, liable: 2, honba: 1 };

describe('pao', () => {
  it('tsumo: the liable player pays the whole yakuman and the honba', () => {
    expect(paoPayments(daisangen({ tsumo: true }), win, tenhou)).toEqual([0, 32300, -32300, 0]);
  });
  it('ron: liable player and discarder pay half each, the liable one the honba', () => {
    expect(paoPayments(daisangen(), { ...win, discarder: 3 }, tenhou)).toEqual([0, 32300, -16300, -16000]);
  });
  it('ron by the liable player: the ordinary payment', () => {
    expect(paoPayments(daisangen(), { ...win, discarder: 2 }, tenhou)).toEqual([0, 32300, -32300, 0]);
  });
  it('a dealer win is 48000', () => {
    const r = scoreWin(hand('12m99p', '3m', { melds: ['p555z', 'p666z', 'p777z'], dealer: true, tsumo: true }), tenhou)!;
    expect(paoPayments(r, { winner: 0, dealer: 0, liable: 3, honba: 0 }, tenhou)).toEqual([48000, 0, 0, -48000]);
  });
  it('stacked yakuman: only the pao part by default, the whole hand with scope "whole" (Tenhou)', () => {
    // Daisangen + tsuuiisou.
    const stacked = (o = {}) => scoreWin(hand('11z22z', '1z', { melds: ['p555z', 'p666z', 'p777z'], ...o }), tenhou)!;
    expect(stacked().yakuman).toBe(2);
    // Tsumo: liable 32000 + honba, then the second yakuman split as usual (dealer 16000, others 8000).
    expect(paoPayments(stacked({ tsumo: true }), win, tenhou)).toEqual([-16000, 64300, -40300, -8000]);
    expect(paoPayments(stacked({ tsumo: true }), win, tenhou, 'whole')).toEqual([0, 64300, -64300, 0]);
    // Ron: half of the pao part each, the discarder also pays the rest.
    expect(paoPayments(stacked(), { ...win, discarder: 3 }, tenhou)).toEqual([0, 64300, -16300, -48000]);
    expect(paoPayments(stacked(), { ...win, discarder: 3 }, tenhou, 'whole')).toEqual([0, 64300, -32300, -32000]);
  });
  it('daisuushii is pao\'d at its own multiple', () => {
    const rules = makeRuleset('tenhou', { doubleYakuman: true });
    const r = scoreWin(hand('444z9m', '9m', { melds: ['p111z', 'p222z', 'p333z'], tsumo: true }), rules)!;
    expect(paoPayments(r, { ...win, honba: 0 }, rules)).toEqual([0, 64000, -64000, 0]);
  });
  it('no pao without a pao yakuman, when the ruleset has none, or for the winner himself', () => {
    const plain = scoreWin(hand('111m333p555s999s7z', '7z'), tenhou)!;
    expect(paoPayments(plain, win, tenhou)).toBeNull();
    expect(paoPayments(daisangen(), win, makeRuleset('tenhou', { pao: { daisangen: false } }))).toBeNull();
    expect(paoPayments(daisangen(), { ...win, liable: 1 }, tenhou)).toBeNull();
  });
});
