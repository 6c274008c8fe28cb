/**
 * Suit patterns: the counts (0..4) of ranks 1..9 of one suit, keyed in base 5 with
 * rank 1 as the lowest digit. Removing tiles always gives a smaller key, which lets
 * tables be filled by dynamic programming in key order.
 */
export const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125] as const;
export const SUIT_KEYS = POW5[9];
/** A suit of a hand holds at most 14 tiles; larger patterns are never looked up. */
const MAX_SUIT_TILES = 14;

/** Walks the patterns of at most MAX_SUIT_TILES tiles in increasing key order, skipping the rest. */
export class SuitPatterns {
  readonly digits = new Int8Array(9);
  key = 0;
  tiles = 0;

  /** Moves to the next pattern; false after the last. Starts at the empty pattern (key 0). */
  next(): boolean {
    const digits = this.digits;
    let d = 0;
    // Carry past digits that are full or would push the tile count over the limit.
    while (d < 9 && (digits[d] === 4 || this.tiles >= MAX_SUIT_TILES)) {
      this.tiles -= digits[d];
      this.key -= digits[d] * POW5[d];
      digits[d++] = 0;
    }
    if (d === 9) return false;
    digits[d]++;
    this.tiles++;
    this.key += POW5[d];
    return true;
  }
}
