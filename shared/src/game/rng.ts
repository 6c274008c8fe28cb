/**
 * A small seeded PRNG (xoshiro128**, seeded through splitmix32 from a 32-bit hash). Its state
 * is only 32 bits from a string seed: fine for tests and bots, never for a wall a player must
 * not guess. Walls use it only under the legacy algorithm `xoshiro128-fnv1a` (games stored
 * before walls moved to `hmac-sha256-v1`, see shuffle.ts), so that those still rebuild.
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: string | number) {
    let h = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = () => {
      h = (h + 0x9e3779b9) | 0;
      let z = h;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    // Rejection sampling keeps the distribution exact.
    const limit = 0x100000000 - (0x100000000 % n);
    let x: number;
    do x = this.nextU32();
    while (x >= limit);
    return x % n;
  }

  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** FNV-1a, 32-bit. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
