/**
 * Tiles. A tile id is 0..135: kind = id >> 2, copy = id & 3.
 * Kinds 0..33: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honours (E S W N, white green red).
 * Red fives are copy 0 of each suit's five (ids 16, 52, 88), as Tenhou numbers them;
 * whether they count as red is the ruleset's business (`redFives`).
 */
export type TileId = number;
export type TileKind = number;

export const TILE_COUNT = 136;
export const KIND_COUNT = 34;
export const RED_FIVE_IDS: readonly TileId[] = [16, 52, 88];

export const kindOf = (t: TileId): TileKind => t >> 2;
export const isRedId = (t: TileId): boolean => t === 16 || t === 52 || t === 88;
export const suitOf = (k: TileKind): 0 | 1 | 2 | 3 => (k < 27 ? ((k / 9) | 0) : 3) as 0 | 1 | 2 | 3;
export const rankOf = (k: TileKind): number => (k < 27 ? (k % 9) + 1 : k - 26);
export const isHonor = (k: TileKind): boolean => k >= 27;
export const isTerminal = (k: TileKind): boolean => k < 27 && (k % 9 === 0 || k % 9 === 8);
export const isTerminalOrHonor = (k: TileKind): boolean => k >= 27 || k % 9 === 0 || k % 9 === 8;
export const isWind = (k: TileKind): boolean => k >= 27 && k <= 30;
export const isDragon = (k: TileKind): boolean => k >= 31;

/** The kind a dora indicator points at (9 -> 1, N -> E, red -> white). */
export function doraKindOf(indicator: TileKind): TileKind {
  if (indicator < 27) return indicator - (indicator % 9) + ((indicator % 9) + 1) % 9;
  if (indicator <= 30) return 27 + ((indicator - 27 + 1) % 4);
  return 31 + ((indicator - 31 + 1) % 3);
}

const SUIT_LETTERS = 'mpsz';

export class TileNotationError extends Error {
  constructor(readonly notation: string, readonly position: number, reason: string) {
    super(`bad tile notation "${notation}" at ${position}: ${reason}`);
    this.name = 'TileNotationError';
  }
}

/** One mpsz tile, e.g. "5m", "0p" (red five), "7z" (red dragon). */
export function kindToString(k: TileKind): string {
  return `${rankOf(k)}${SUIT_LETTERS[suitOf(k)]}`;
}

export function tileToString(t: TileId): string {
  const k = kindOf(t);
  return isRedId(t) ? `0${SUIT_LETTERS[suitOf(k)]}` : kindToString(k);
}

/**
 * Parses mpsz notation ("123m406p789s1122z") into kinds (red five -> kind 5 with red flag).
 * Returns digit/suit pairs in the order written.
 */
export function parseNotation(s: string): { kind: TileKind; red: boolean }[] {
  const out: { kind: TileKind; red: boolean }[] = [];
  let pending: { digit: number; pos: number }[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= '0' && c <= '9') {
      pending.push({ digit: c.charCodeAt(0) - 48, pos: i });
      continue;
    }
    const suit = SUIT_LETTERS.indexOf(c);
    if (suit < 0) throw new TileNotationError(s, i, `unexpected character "${c}"`);
    if (pending.length === 0) throw new TileNotationError(s, i, `suit "${c}" has no digits before it`);
    for (const { digit, pos } of pending) {
      if (suit === 3) {
        if (digit < 1 || digit > 7) throw new TileNotationError(s, pos, `honour ${digit}z does not exist (1z-7z)`);
        out.push({ kind: 26 + digit, red: false });
      } else {
        if (digit === 0) out.push({ kind: suit * 9 + 4, red: true });
        else out.push({ kind: suit * 9 + digit - 1, red: false });
      }
    }
    pending = [];
  }
  if (pending.length > 0) throw new TileNotationError(s, pending[0].pos, 'digits without a suit letter');
  return out;
}

/**
 * Parses mpsz notation into distinct tile ids: red fives take copy 0, other tiles take the
 * lowest free copy above it (so "5m" never becomes the red one unless written "0m").
 * Throws TileNotationError if a tile would need a fifth copy (or a second red). `used`: ids
 * already taken (by other groups of the same hand), skipped and added to.
 */
export function parseTiles(s: string, used: Set<TileId> = new Set()): TileId[] {
  return parseNotation(s).map(({ kind, red }, i) => {
    if (red) {
      const id = kind * 4;
      if (used.has(id)) throw new TileNotationError(s, i, `more than one red ${kindToString(kind)}`);
      used.add(id);
      return id;
    }
    const first = kind === 4 || kind === 13 || kind === 22 ? 1 : 0;
    for (let c = first; c < 4; c++) {
      const id = kind * 4 + c;
      if (!used.has(id)) { used.add(id); return id; }
    }
    // A non-red five may still use copy 0 when all three others are taken.
    if (first === 1 && !used.has(kind * 4)) { used.add(kind * 4); return kind * 4; }
    throw new TileNotationError(s, i, `more than four ${kindToString(kind)}`);
  });
}

/** Kinds from mpsz notation (red fives become plain fives). */
export function parseKinds(s: string): TileKind[] {
  return parseNotation(s).map((t) => t.kind);
}

/** Prints tiles in canonical mpsz: grouped by suit, sorted, a red five as 0 in the place of its 5. */
export function tilesToString(tiles: readonly TileId[]): string {
  const groups: string[][] = [[], [], [], []];
  const sorted = [...tiles].sort((a, b) => a - b);
  for (const t of sorted) {
    const k = kindOf(t);
    groups[suitOf(k)].push(isRedId(t) ? '0' : String(rankOf(k)));
  }
  return groups.map((g, i) => (g.length ? g.join('') + SUIT_LETTERS[i] : '')).join('');
}

export function kindsToString(kinds: readonly TileKind[]): string {
  return tilesToString(kinds.map((k) => k * 4 + (k === 4 || k === 13 || k === 22 ? 1 : 0)));
}

/** Counts per kind (length 34) of a list of tile ids. */
export function countKinds(tiles: readonly TileId[], out: Uint8Array = new Uint8Array(KIND_COUNT)): Uint8Array {
  out.fill(0);
  for (const t of tiles) out[t >> 2]++;
  return out;
}

/** Sort key that puts a red five just before its plain copies (display order). */
export const compareTiles = (a: TileId, b: TileId): number => a - b;
