import { describe, expect, it } from 'vitest';
import { makeRuleset, parseTiles, scoreHand, scoreWin, type HandInput } from '@jantaku/shared';

/*
 * scoreHand over scoreWin. Expected points are the standard payment table (riichi.wiki "Scoring
 * table"; the engine's scoring is checked against majiang-core in property.test.ts): non-dealer
 * ron 3 han 30 fu 3,900, 1 han 30 fu 1,000, mangan 8,000; dealer tsumo 4 han 20 fu 2,600 all;
 * dealer yakuman 48,000; honba 300 each, riichi sticks 1,000 each.
 */
const ok = (input: HandInput) => {
  const r = scoreHand(input);
  if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
  return r;
};
const riichiPinfuTanyao: HandInput = { hand: '234m567p23456s88p', winTile: '7s', riichi: true };

describe('scoreHand', () => {
  it('a non-dealer riichi pinfu tanyao ron: 3 han 30 fu, 3,900; honba and sticks in the deltas, from the default discarder (east)', () => {
    const r = ok({ ...riichiPinfuTanyao, honba: 1, riichiSticks: 1 });
    expect(r.yaku.map((y) => [y.id, y.name, y.han])).toEqual([['riichi', 'Riichi', 1], ['pinfu', 'Pinfu', 1], ['tanyao', 'Tanyao', 1]]);
    expect([r.han, r.fu, r.points, r.payment.ron]).toEqual([3, 30, 3900, 4200]);
    expect(r.deltas).toEqual([-4200, 5200, 0, 0]);
  });

  it('the same hand as tile ids, or with the winning tile inside the hand, scores the same', () => {
    const base = ok(riichiPinfuTanyao);
    const ids = parseTiles('234m567p23456s88p7s');
    expect(ok({ hand: ids.slice(0, 13), winTile: ids[13]!, riichi: true }).points).toBe(base.points);
    expect(ok({ hand: '234m567p234567s88p', winTile: '7s', riichi: true })).toMatchObject({ han: 3, fu: 30, points: 3900 });
    expect(scoreWin(base.input, makeRuleset('tenhou'))!.payment).toEqual(base.payment);
  });

  it('dora make mangan (8,000); ura dora count only with riichi', () => {
    expect(ok({ ...riichiPinfuTanyao, dora: '7p' })).toMatchObject({ han: 5, limit: 'mangan', points: 8000 });
    expect(ok({ ...riichiPinfuTanyao, ura: '7p' })).toMatchObject({ han: 5, points: 8000 });
    // Without riichi: pinfu tanyao, 2 han 30 fu, 2,000, paid by the discarder named.
    const noRiichi = ok({ hand: '234m567p23456s88p', winTile: '7s', ura: '7p', discarder: 'west' });
    expect([noRiichi.han, noRiichi.points]).toEqual([2, 2000]);
    expect(noRiichi.deltas).toEqual([0, 2000, -2000, 0]);
  });

  it('the dealer is the east seat: a tsumo 4 han 20 fu is 2,600 all', () => {
    const r = ok({ hand: '123456789m2355p', winTile: '4p', seatWind: 'east', win: 'tsumo' });
    expect([r.han, r.fu, r.points]).toEqual([4, 20, 7800]);
    expect(r.deltas).toEqual([7800, -2600, -2600, -2600]);
  });

  it('melds in mpsz: an open haku pon, 1 han 30 fu, 1,000', () => {
    expect(ok({ hand: '234m67p345s11z', winTile: '8p', melds: [{ type: 'pon', tiles: '555z' }] })).toMatchObject({ han: 1, fu: 30, points: 1000 });
  });

  it('a dealer kokushi ron: 48,000 from the seat before east (north) by default', () => {
    const r = ok({ hand: '19m19p19s1234567z', winTile: '1m', seatWind: 'east' });
    expect(r.yakuman).toBe(1);
    expect(r.deltas).toEqual([48000, 0, 0, -48000]);
  });

  it('each reason: invalid-tiles, invalid-options, incomplete, furiten, no-yaku', () => {
    const reason = (input: HandInput) => {
      const r = scoreHand(input);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason({ hand: '234m567p2345x', winTile: '7s' })).toBe('invalid-tiles');
    expect(reason({ hand: '2222m567p23456s8p', winTile: '2m' })).toBe('invalid-tiles'); // a fifth 2m
    expect(reason({ hand: '234m567p23456s', winTile: '7s' })).toBe('invalid-tiles'); // 11 tiles
    expect(reason({ ...riichiPinfuTanyao, ruleset: 'nonsense' })).toBe('invalid-options');
    expect(reason({ ...riichiPinfuTanyao, ippatsu: true, riichi: false })).toBe('invalid-options');
    expect(reason({ ...riichiPinfuTanyao, haitei: true })).toBe('invalid-options'); // haitei is a tsumo
    expect(reason({ hand: '234m567p23456s89p', winTile: '7s' })).toBe('incomplete');
    expect(reason({ ...riichiPinfuTanyao, discards: '4s' })).toBe('furiten');
    expect(reason({ ...riichiPinfuTanyao, discards: '4s', win: 'tsumo' })).toBe('ok');
    expect(reason({ hand: '123m567p24567s99p', winTile: '3s' })).toBe('no-yaku'); // kanchan, a terminal: no pinfu, no tanyao
  });
});
