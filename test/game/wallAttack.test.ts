import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashString, Rng } from '@jantaku/shared/game/rng';
import { LEGACY_WALL_ALGORITHM, shuffledTiles, WALL_ALGORITHM } from '@jantaku/shared/game/shuffle';
import { Game } from '@jantaku/shared/game/game';
import { makeRuleset } from '@jantaku/shared/rules/index';

/**
 * The attack of issue 14, as the dealer of the first hand plays it: it sees its 13 tiles
 * (wall[0..12]), its first draw (wall[52]) and the dora indicator (wall[126]), and searches the
 * generator's state for a wall that deals exactly those.
 *
 * Under `xoshiro128-fnv1a` the whole state of a hand's shuffle is h = FNV-1a(seed + "/" + hand),
 * 32 bits, whatever the seed's length: the full search is 2^32 shuffles (about 3 minutes on one
 * core, measured). Here the attacker is given the upper 16 bits of h so the search runs in the
 * suite; it finds exactly one candidate and with it the whole wall: every draw, dora and ura.
 *
 * Under `hmac-sha256-v1` there is no such intermediate: every 32-bit word of the stream is an
 * HMAC-SHA-256 output keyed by the whole seed, and a server seed is 32 bytes from the OS's
 * CSPRNG, so the cheapest search is over 2^256 seeds (at 10^12 shuffles a second, ~10^59 years).
 * The tests below show (1) the old state collapses: two seeds with the same 32-bit hash deal the
 * same legacy wall but different new walls; (2) the same search over the 32-bit window that holds
 * the legacy state finds nothing for the new wall: the new wall is not a function of that state.
 */
function observe(wall: readonly number[]) {
  return { hand: [...wall.slice(0, 13)].sort((a, b) => a - b).join(), draw: wall[52], dora: wall[126] };
}

/** Every legacy state h in [from, from + count) whose shuffle deals what the dealer saw. */
function search(seen: ReturnType<typeof observe>, from: number, count: number): number[][] {
  const found: number[][] = [];
  for (let h = from; h < from + count; h++) {
    // new Rng(number) seeds xoshiro128** from h itself: exactly the state FNV-1a leaves.
    const wall = new Rng(h >>> 0).shuffle(Array.from({ length: 136 }, (_, i) => i));
    if (wall[52] !== seen.draw || wall[126] !== seen.dora) continue;
    if (observe(wall).hand === seen.hand) found.push(wall);
  }
  return found;
}

const WINDOW = 1 << 16;

describe('issue 14: the wall cannot be searched from what a seat sees', () => {
  it('legacy walls: the dealer recovers the whole wall from 13 tiles, its draw and the dora (search given the upper 16 bits)', () => {
    // Even a 256-bit random seed leaves only 32 bits of state under the old generator.
    const seed = randomBytes(32).toString('hex');
    const wall = shuffledTiles(seed, 0, LEGACY_WALL_ALGORITHM);
    const game = new Game({ rules: makeRuleset('tenhou'), seed, wallAlgorithm: LEGACY_WALL_ALGORITHM });
    const dealer = game.seats[game.dealer];
    // What the dealer sees: its 13 tiles and first draw (wall[52]), and the dora indicator.
    expect([...dealer.hand].sort((a, b) => a - b)).toEqual([...wall.slice(0, 13), wall[52]].sort((a, b) => a - b));
    expect(game.doraIndicators).toEqual([wall[126]]);
    const h = hashString(`${seed}/0`);
    const from = h - (h % WINDOW);
    const found = search(observe(wall), from, WINDOW);
    expect(found).toEqual([wall]);
  });

  it('new walls: the same search over the window holding the legacy state finds nothing', () => {
    const seed = randomBytes(32).toString('hex');
    const wall = shuffledTiles(seed, 0, WALL_ALGORITHM);
    const h = hashString(`${seed}/0`);
    expect(search(observe(wall), h - (h % WINDOW), WINDOW)).toEqual([]);
  });

  it('the legacy state collapses the seed to 32 bits (two seeds, one wall); the new walls of those seeds differ', () => {
    // A birthday search for two seeds whose "seed/0" have the same FNV-1a hash (about 2^16 tries).
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; !pair; i++) {
      const s = `collide-${i}`;
      const h = hashString(`${s}/0`);
      const other = seen.get(h);
      if (other !== undefined) pair = [other, s];
      else seen.set(h, s);
    }
    const [a, b] = pair;
    expect(shuffledTiles(a, 0, LEGACY_WALL_ALGORITHM)).toEqual(shuffledTiles(b, 0, LEGACY_WALL_ALGORITHM));
    expect(shuffledTiles(a, 0, WALL_ALGORITHM)).not.toEqual(shuffledTiles(b, 0, WALL_ALGORITHM));
  });
});
