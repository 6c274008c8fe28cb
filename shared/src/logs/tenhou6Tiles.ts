import type { Tile } from './tenhou6Types';

/** Tenhou codes: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51/52/53 red 5m/5p/5s. */
export const TENHOU6_TSUMOGIRI = 60;

export function tileFromCode(code: number): Tile | null {
  if (!Number.isInteger(code)) return null;
  if (code >= 51 && code <= 53) return { kind: (code - 51) * 9 + 4, red: true };
  const suit = Math.floor(code / 10) - 1;
  const rank = code % 10;
  if (suit >= 0 && suit <= 2 && rank >= 1) return { kind: suit * 9 + rank - 1, red: false };
  if (suit === 3 && rank >= 1 && rank <= 7) return { kind: 27 + rank - 1, red: false };
  return null;
}

/** Throws RangeError for a tile no code can express (kind out of range, red non-five). */
export function tileToCode(tile: Tile): number {
  const { kind, red } = tile;
  if (!Number.isInteger(kind) || kind < 0 || kind > 33) throw new RangeError(`tile kind ${kind} is not 0..33`);
  const suit = Math.floor(kind / 9);
  if (red) {
    if (kind >= 27 || kind % 9 !== 4) throw new RangeError(`tile kind ${kind} cannot be red`);
    return 51 + suit;
  }
  return kind < 27 ? (suit + 1) * 10 + (kind % 9) + 1 : 41 + kind - 27;
}

export const sameTile = (a: Tile, b: Tile): boolean => a.kind === b.kind && a.red === b.red;
