import { describe, expect, it } from 'vitest';
import { decompositions, isChiitoitsu, isComplete, isKokushi } from '@jantaku/shared/hand/decompose';
import { countKinds, parseTiles } from '@jantaku/shared/tiles/index';

const counts = (s: string) => countKinds(parseTiles(s));
const show = (s: string, melds = 0) =>
  decompositions(counts(s), melds).map((d) => [d.pair, ...d.sets.map((x) => `${x.type[0]}${x.kind}`).sort()].join(' ')).sort();

describe('decompose', () => {
  it('finds every regular decomposition once', () => {
    expect(show('111222333m456p99s')).toEqual(['26 s0 s0 s0 s12', '26 s12 t0 t1 t2']);
    expect(show('11122233344455m')).toEqual(['1 s1 s2 s2 t0', '4 s0 s0 s0 t3', '4 s1 s1 s1 t0', '4 t0 t1 t2 t3']);
    expect(show('1112223334445m')).toEqual([]); // 13 tiles
    expect(show('123m456p789s11z23z')).toEqual([]);
  });
  it('counts the pair suit by remainders, honours only as triplets or the pair', () => {
    expect(show('123m456p789s11122z')).toEqual(['28 s0 s12 s24 t27']);
    expect(show('123m456p789s11z22z')).toEqual([]);
  });
  it('uses the melds count', () => {
    expect(show('123m55p', 3)).toEqual(['13 s0']);
    expect(show('55p', 4)).toEqual(['13']);
    expect(show('123m55p', 2)).toEqual([]);
  });
  it('recognises chiitoitsu and kokushi, without melds only', () => {
    expect(isChiitoitsu(counts('1133m5577p2299s11z'))).toBe(true);
    expect(isChiitoitsu(counts('1111m5577p2299s11z'))).toBe(false);
    expect(isKokushi(counts('19m19p19s12345677z'))).toBe(true);
    expect(isKokushi(counts('119m19p19s1234567z'))).toBe(true);
    expect(isKokushi(counts('19m19p19s1234566z7m'))).toBe(false);
    expect(isComplete(counts('1133m5577p2299s11z'), 0)).toBe(true);
    expect(isComplete(counts('19m19p19s12345677z'), 0)).toBe(true);
    expect(isComplete(counts('123m456p789s11122z'), 0)).toBe(true);
    expect(isComplete(counts('123m456p789s11123z'), 0)).toBe(false);
    expect(isComplete(counts('55p'), 4)).toBe(true);
  });
});
