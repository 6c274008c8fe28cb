import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shanten, shantenChiitoitsu, shantenKokushi, shantenRegular } from '@jantaku/shared/hand/shanten';
import { KIND_COUNT, parseKinds } from '@jantaku/shared/tiles/index';

const SHANTEN_CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/shanten');

function counts(mpsz: string): Uint8Array {
  const c = new Uint8Array(KIND_COUNT);
  for (const k of parseKinds(mpsz)) c[k]++;
  return c;
}

describe('shanten corpus (40,000 hands: regular, kokushi, chiitoitsu)', () => {
  const files = readdirSync(SHANTEN_CORPUS).filter((f) => f.endsWith('.txt')).sort();

  it('has the four files', () => {
    expect(files).toEqual(['p_hon_10000.txt', 'p_koku_10000.txt', 'p_normal_10000.txt', 'p_tin_10000.txt']);
  });

  it.each(files)('%s gives the recorded numbers', (file) => {
    const lines = readFileSync(resolve(SHANTEN_CORPUS, file), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(10_000);
    const wrong: string[] = [];
    const c = new Uint8Array(KIND_COUNT);
    for (const line of lines) {
      const n = line.trim().split(/\s+/).map(Number);
      c.fill(0);
      for (let i = 0; i < 14; i++) c[n[i]]++;
      const [regular, kokushi, chiitoi] = n.slice(14);
      const got = [shantenRegular(c), shantenKokushi(c), shantenChiitoitsu(c), shanten(c)];
      const want = [regular, kokushi, chiitoi, Math.min(regular, kokushi, chiitoi)];
      if (got.join() !== want.join()) wrong.push(`${line} -> ${got.join(' ')}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('shanten by form', () => {
  it('regular: complete, tenpai and far hands', () => {
    expect(shantenRegular(counts('123m456p789s11122z'))).toBe(-1);
    expect(shantenRegular(counts('123m456p789s1112z'))).toBe(0);
    expect(shantenRegular(counts('147m258p369s1234z'))).toBe(8);
  });

  it('regular: taatsu beyond four blocks do not count', () => {
    // Five kanchan and a pair: only four taatsu fit beside the pair (8 - 4 - 1).
    expect(shantenRegular(counts('1357m2468p139s11z'))).toBe(3);
    // No pair: the fifth taatsu is worth nothing either (8 - 4).
    expect(shantenRegular(counts('1357m2468p1359s'))).toBe(4);
  });

  it('chiitoitsu counts four of a kind as one pair (as the corpus does)', () => {
    expect(shantenChiitoitsu(counts('1122m3344p5566s77z'))).toBe(-1);
    expect(shantenChiitoitsu(counts('1111m3344p5566s77z'))).toBe(1);
    expect(shantenChiitoitsu(counts('1111m3344p5566s7z'))).toBe(2);
    expect(shantenChiitoitsu(counts('1122m3344p5566s7z'))).toBe(0);
  });

  it('kokushi needs each terminal and honour and one pair among them', () => {
    expect(shantenKokushi(counts('19m19p19s12345677z'))).toBe(-1);
    expect(shantenKokushi(counts('19m19p19s1234567z'))).toBe(0);
    expect(shantenKokushi(counts('19m19p19s1234566z'))).toBe(0);
    expect(shantenKokushi(counts('2345678m2345678p'))).toBe(13);
  });

  it('shanten is the best form without melds', () => {
    expect(shanten(counts('1122m3344p5566s7z'))).toBe(0);
    expect(shanten(counts('19m19p19s1234566z'))).toBe(0);
    expect(shanten(counts('123m456p789s1112z'))).toBe(0);
  });
});

describe('shanten with melds', () => {
  it('one meld: 11- and 10-tile concealed parts', () => {
    expect(shantenRegular(counts('123m456p789s11z'), 1)).toBe(-1);
    expect(shantenRegular(counts('123m456p789s1z'), 1)).toBe(0);
    expect(shantenRegular(counts('13m46p79s1234z'), 1)).toBe(3);
  });

  it('three melds: 5- and 4-tile concealed parts', () => {
    expect(shantenRegular(counts('123m55p'), 3)).toBe(-1);
    expect(shantenRegular(counts('13m55p9s'), 3)).toBe(0);
    expect(shantenRegular(counts('1m5p9s37z'), 3)).toBe(2);
    expect(shantenRegular(counts('1m5p9s3z'), 3)).toBe(2);
    expect(shantenRegular(counts('1m5p9s33z'), 3)).toBe(1);
  });

  it('four melds: 2- and 1-tile concealed parts', () => {
    expect(shantenRegular(counts('55p'), 4)).toBe(-1);
    expect(shantenRegular(counts('19m'), 4)).toBe(0);
    expect(shantenRegular(counts('7z'), 4)).toBe(0);
  });

  it('with melds only the regular form applies', () => {
    // Seven pairs' worth of tiles, but a meld rules chiitoitsu out.
    const c = counts('1133m5577p99s11z');
    expect(shantenChiitoitsu(c)).toBe(1);
    expect(shanten(c, 1)).toBe(shantenRegular(c, 1));
    expect(shanten(c, 1)).toBe(2);
  });

  it('rejects a meld count outside 0..4', () => {
    expect(() => shanten(counts('55p'), 5)).toThrow(RangeError);
    expect(() => shantenRegular(counts('55p'), -1)).toThrow(RangeError);
  });
});
