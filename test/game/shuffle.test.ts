import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import { handSalt, HmacStream, LEGACY_WALL_ALGORITHM, shuffledTiles, uniform, wallCommitment, WALL_ALGORITHM } from '@jantaku/shared/game/shuffle';
import { makeRuleset } from '@jantaku/shared/rules/index';

// The worked example of docs/FAIRNESS.md, also computed by the doc's Python verifier.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('walls from seeds (docs/FAIRNESS.md)', () => {
  it('hmac-sha256-v1: the worked example: first and dead-wall tiles, salt and commitment', () => {
    const wall = shuffledTiles(SEED, 0, 'hmac-sha256-v1');
    expect(WALL_ALGORITHM).toBe('hmac-sha256-v1');
    expect(wall.slice(0, 16)).toEqual([37, 71, 99, 42, 53, 47, 7, 1, 101, 135, 76, 112, 4, 31, 26, 111]);
    expect(wall.slice(126)).toEqual([35, 16, 48, 19, 55, 0, 117, 90, 121, 97]);
    expect([...wall].sort((a, b) => a - b)).toEqual(Array.from({ length: 136 }, (_, i) => i));
    const salt = handSalt(SEED, 0);
    expect(salt).toBe('5a2a394e07ce1eb811c3a23c43b6785c047ade1d5af5885900ce8e878144cc73');
    expect(wallCommitment(salt, wall)).toBe('7df148c50974067d0f320b392f3f1aa0877afc6d6c7f64d19f5da586e8046351');
  });

  it('hmac-sha256-v1: the stream is HMAC-SHA-256 of wall/<hand>/<k> block by block (node:crypto as the reference), for any seed length and non-ASCII seeds', () => {
    // Empty, one byte, just under, at and over the 64-byte block (a longer key is hashed first), multi-byte UTF-8.
    const seeds = ['', 'a', SEED, 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(65), 'ü€😀'.repeat(20)];
    for (const seed of seeds) {
      for (const hand of [0, 9, 10, 123_456]) {
        const stream = new HmacStream(seed, hand);
        const got: number[] = [];
        const want: number[] = [];
        for (let k = 0; k < 18; k++) {
          const mac = createHmac('sha256', Buffer.from(seed, 'utf8')).update(`wall/${hand}/${k}`).digest();
          for (let j = 0; j < 8; j++) {
            want.push(mac.readUInt32BE(4 * j));
            got.push(stream.nextU32());
          }
        }
        expect(got).toEqual(want);
      }
    }
  });

  it('xoshiro128-fnv1a: the walls of games stored before the change, exactly as the old code dealt them', () => {
    // Printed by the previous ShuffledWall.fromSeed (main before this change) for these seeds.
    expect(shuffledTiles('jantaku', 0, LEGACY_WALL_ALGORITHM).slice(0, 20)).toEqual([53, 30, 99, 24, 131, 70, 36, 76, 12, 96, 113, 129, 39, 46, 9, 117, 124, 84, 116, 63]);
    expect(shuffledTiles('old-record', 3, LEGACY_WALL_ALGORITHM).slice(0, 20)).toEqual([59, 126, 55, 16, 134, 79, 9, 115, 78, 109, 34, 25, 64, 43, 72, 12, 49, 66, 122, 17]);
  });

  it('a game deals the wall of its algorithm: new games the new one, a stored legacy game the old one', () => {
    const rules = makeRuleset('tenhou');
    for (const algorithm of [WALL_ALGORITHM, LEGACY_WALL_ALGORITHM]) {
      const wall = shuffledTiles('deal-check', 0, algorithm);
      const game = new Game({ rules, seed: 'deal-check', ...(algorithm === LEGACY_WALL_ALGORITHM ? { wallAlgorithm: algorithm } : {}) });
      expect(game.wallAlgorithm).toBe(algorithm);
      expect(game.hands[0].haipai).toEqual([0, 1, 2, 3].map((s) => wall.slice(s * 13, s * 13 + 13)));
      expect(game.doraIndicators).toEqual([wall[126]]);
    }
  });

  it('uniform: words at or above the largest multiple of n are redrawn (no modulo bias)', () => {
    // n = 3: 2^32 mod 3 = 1, so 0xffffffff is the one word refused.
    const words = [0xffffffff, 0xfffffffe, 7];
    const src = { nextU32: () => words.shift()! };
    expect(uniform(src, 3)).toBe(0xfffffffe % 3);
    expect(uniform(src, 3)).toBe(1);
  });
});
