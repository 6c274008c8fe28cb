import { describe, expect, it } from 'vitest';
import { isTenpai, remainingCounts, tenpaiWaits, waits } from '@jantaku/shared/hand/waits';
import { KIND_COUNT, parseKinds } from '@jantaku/shared/tiles/index';

function counts(mpsz: string): Uint8Array {
  const c = new Uint8Array(KIND_COUNT);
  for (const k of parseKinds(mpsz)) c[k]++;
  return c;
}
const kinds = (mpsz: string): number[] => [...new Set(parseKinds(mpsz))].sort((a, b) => a - b);

describe('waits of classic shapes', () => {
  it('nobetan 1234m waits on 1m and 4m', () => {
    expect(waits(counts('1234m456p789s111z'))).toEqual(kinds('14m'));
  });

  it('nobetan beside a triplet (2345m + 666m) adds the shanpon and the run waits', () => {
    expect(waits(counts('2345666m789p111z'))).toEqual(kinds('12457m'));
  });

  it('three-sided nobetan 1234567m', () => {
    expect(waits(counts('1234567m456p111z'))).toEqual(kinds('147m'));
  });

  it('nine gates 1112345678999m waits on all nine kinds', () => {
    expect(waits(counts('1112345678999m'))).toEqual(kinds('123456789m'));
  });

  it('kokushi thirteen-sided wait', () => {
    expect(waits(counts('19m19p19s1234567z'))).toEqual(kinds('19m19p19s1234567z'));
  });

  it('kokushi single wait', () => {
    expect(waits(counts('19m19p19s1234566z'))).toEqual(kinds('7z'));
  });

  it('chiitoitsu single wait', () => {
    expect(waits(counts('1122m3344p5566s7z'))).toEqual(kinds('7z'));
  });

  it('chiitoitsu needs distinct pairs: four of a kind is not two of them', () => {
    expect(waits(counts('1111m2233p4455s6z'))).toEqual([]);
  });

  it('with melds: 4 concealed tiles (shanpon/kanchan shape) and a bare tanki', () => {
    expect(waits(counts('2223m'), 3)).toEqual(kinds('134m'));
    expect(waits(counts('7z'), 4)).toEqual(kinds('7z'));
  });

  it('a hand that is not tenpai has no waits', () => {
    expect(waits(counts('147m258p369s1234z'))).toEqual([]);
  });

  it('refuses a hand that is not 13 tiles with its melds', () => {
    expect(() => waits(counts('123m456p789s11122z'))).toThrow(RangeError);
    expect(() => waits(counts('2223m'), 2)).toThrow(RangeError);
  });
});

describe('tenpai', () => {
  it('EMA12-TENPAI-FOUR-HELD: waiting only on a kind held four times is not tenpai', () => {
    const hand = counts('1111m234p567p789s');
    expect(waits(hand)).toEqual(kinds('1m')); // a fifth 1m would complete it
    expect(tenpaiWaits(hand)).toEqual([]);
    expect(isTenpai(hand)).toBe(false);
  });

  it('EMA12-TENPAI-FOUR-HELD: melds count towards the four (pon of 1m, tanki on 1m)', () => {
    const hand = counts('1m234p567p789s');
    const held = counts('1111m234p567p789s');
    expect(waits(hand, 1)).toEqual(kinds('1m'));
    expect(tenpaiWaits(hand, 1, held)).toEqual([]);
    expect(isTenpai(hand, 1, held)).toBe(false);
    // Without the meld's tiles the same shape is tenpai.
    expect(isTenpai(hand, 1)).toBe(true);
  });

  it('EMA12-TENPAI-FOUR-HELD: another wait keeps the hand tenpai, minus the four-held kind', () => {
    const hand = counts('1111234m567p111z');
    expect(waits(hand)).toEqual(kinds('14m'));
    expect(tenpaiWaits(hand)).toEqual(kinds('4m'));
    expect(isTenpai(hand)).toBe(true);
  });

  it('EMA12-TENPAI-FOUR-HELD: a fifth copy completing as pair plus runs (345 456 567 + 55)', () => {
    const hand = counts('3445555667m111z');
    expect(waits(hand)).toEqual(kinds('258m'));
    expect(tenpaiWaits(hand)).toEqual(kinds('28m'));
  });

  it('EMA12-TENPAI-ALL-VISIBLE: tenpai even when every winning tile is visible elsewhere', () => {
    const hand = counts('1234m456p789s111z');
    // The player's own tiles, plus the other three 1m and 4m in discards and melds.
    const visible = counts('1234m456p789s111z' + '111m444m');
    expect(visible[0]).toBe(4);
    expect(visible[3]).toBe(4);
    expect(isTenpai(hand)).toBe(true);
    expect(tenpaiWaits(hand)).toEqual(kinds('14m'));
    expect(remainingCounts(tenpaiWaits(hand), visible)).toEqual({ remaining: [0, 0], total: 0 });
  });
});

describe('remainingCounts', () => {
  it('counts unseen copies of each wait', () => {
    const visible = new Uint8Array(KIND_COUNT);
    visible[0] = 1;
    visible[3] = 3;
    expect(remainingCounts(kinds('14m7z'), visible)).toEqual({ remaining: [3, 1, 4], total: 8 });
  });
});
