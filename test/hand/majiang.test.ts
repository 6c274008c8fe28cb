/**
 * Property tests against the peer library majiang-core (Majiang.Util): shanten of
 * random seeded hands, and the waits of random tenpai hands.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { shanten } from '@jantaku/shared/hand/shanten';
import { waits } from '@jantaku/shared/hand/waits';
import { KIND_COUNT } from '@jantaku/shared/tiles/index';
import { rng } from '../support/rng';

/** The parts of majiang-core used here (it ships no type declarations). */
interface MajiangShoupai {
  toString(): string;
}
interface MajiangCore {
  Shoupai: { fromString(s: string): MajiangShoupai };
  Util: { xiangting(s: MajiangShoupai): number; tingpai(s: MajiangShoupai): string[] | null };
}
const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as MajiangCore;


const SUITS = 'mpsz';
const mjName = (k: number): string => (k < 27 ? `${SUITS[(k / 9) | 0]}${(k % 9) + 1}` : `z${k - 26}`);
const fromMjName = (p: string): number => SUITS.indexOf(p[0]) * 9 + Number(p[1]) - 1;

interface Deal {
  counts: Uint8Array;
  meldCount: number;
  shoupai: MajiangShoupai;
}

/** Draws `tiles` concealed tiles and `meldCount` pons from a wall of the given kinds (four each). */
function deal(next: () => number, kinds: readonly number[], tiles: number, meldCount: number): Deal {
  const wall = new Uint8Array(KIND_COUNT);
  for (const k of kinds) wall[k] = 4;
  const take = (n: number): number => {
    for (;;) {
      const k = kinds[Math.floor(next() * kinds.length)];
      if (wall[k] >= n) {
        wall[k] -= n;
        return k;
      }
    }
  };
  const melds: string[] = [];
  for (let i = 0; i < meldCount; i++) {
    const k = take(3);
    const name = mjName(k);
    melds.push(`${name[0]}${name[1].repeat(3)}=`);
  }
  const counts = new Uint8Array(KIND_COUNT);
  for (let i = 0; i < tiles; i++) counts[take(1)]++;
  return { counts, meldCount, shoupai: toShoupai(counts, melds) };
}

function toShoupai(counts: Uint8Array, melds: string[] = []): MajiangShoupai {
  let concealed = '';
  for (let s = 0; s < 4; s++) {
    let digits = '';
    for (let k = s * 9; k < Math.min(s * 9 + 9, KIND_COUNT); k++) digits += mjName(k)[1].repeat(counts[k]);
    if (digits) concealed += SUITS[s] + digits;
  }
  return Majiang.Shoupai.fromString([concealed, ...melds].join(','));
}

const ALL = Array.from({ length: KIND_COUNT }, (_, k) => k);
const FLUSH = (suit: number): number[] => [...ALL.slice(suit * 9, suit * 9 + 9), ...ALL.slice(27)];
const PURE = (suit: number): number[] => ALL.slice(suit * 9, suit * 9 + 9);

describe('shanten agrees with majiang-core on random seeded hands', () => {
  const cases: [string, (next: () => number) => Deal][] = [
    ['13 tiles, any kinds', (n) => deal(n, ALL, 13, 0)],
    ['14 tiles, any kinds', (n) => deal(n, ALL, 14, 0)],
    ['13 tiles, one suit and honours', (n) => deal(n, FLUSH(Math.floor(n() * 3)), 13, 0)],
    ['14 tiles, one suit only', (n) => deal(n, PURE(Math.floor(n() * 3)), 14, 0)],
    ['with 1-4 melds, 13 and 14 tiles in all', (n) => {
      const melds = 1 + Math.floor(n() * 4);
      return deal(n, n() < 0.5 ? ALL : FLUSH(Math.floor(n() * 3)), 13 + Math.floor(n() * 2) - 3 * melds, melds);
    }],
  ];

  it.each(cases)('%s', (_, make) => {
    const next = rng(20240601);
    const wrong: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const d = make(next);
      const ours = shanten(d.counts, d.meldCount);
      const peer = Majiang.Util.xiangting(d.shoupai);
      if (ours !== peer) wrong.push(`${d.shoupai.toString()}: ours ${ours}, majiang ${peer}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('waits agree with majiang-core tingpai on random tenpai hands', () => {
  /** A complete hand (four sets and a pair drawn at random) less one tile. */
  function tenpaiHand(next: () => number, suitKinds: readonly number[]): Uint8Array {
    for (;;) {
      const c = new Uint8Array(KIND_COUNT);
      const pick = () => suitKinds[Math.floor(next() * suitKinds.length)];
      const add = (k: number, n: number) => (c[k] += n);
      for (let s = 0; s < 4; s++) {
        const k = pick();
        if (k < 27 && k % 9 < 7 && next() < 0.6) [k, k + 1, k + 2].forEach((x) => add(x, 1));
        else add(k, 3);
      }
      add(pick(), 2);
      if (c.some((x) => x > 4)) continue;
      const present = ALL.filter((k) => c[k] > 0);
      c[present[Math.floor(next() * present.length)]]--;
      return c;
    }
  }

  it.each([
    ['any kinds', ALL],
    ['one suit (many-sided waits)', PURE(0)],
  ] as const)('%s', (_, suitKinds) => {
    const next = rng(777);
    const wrong: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const c = tenpaiHand(next, suitKinds);
      // majiang-core leaves out kinds the hand holds four of; compare the rest.
      const ours = waits(c).filter((k) => c[k] < 4);
      const peer = (Majiang.Util.tingpai(toShoupai(c)) ?? []).map(fromMjName).sort((a, b) => a - b);
      if (ours.join() !== peer.join()) wrong.push(`${toShoupai(c).toString()}: ours ${ours}, majiang ${peer}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
