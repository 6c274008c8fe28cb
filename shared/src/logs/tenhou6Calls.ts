import type { CallItem, DiscardItem, RelativeSeat, Tile } from './tenhou6Types';
import { tileFromCode, tileToCode } from './tenhou6Tiles';

/**
 * Call strings. Tenhou writes the caller's tiles as two-digit codes with one letter
 * (c chii, p pon, m daiminkan, a ankan, k shouminkan) placed just before the called tile:
 * before the first tile when taken from kamicha, the second from toimen, the last from
 * shimocha. A shouminkan is its pon's string with `p` replaced by `k` + the added tile.
 * An ankan's letter sits before its fourth tile.
 */

/** How many of the caller's own tiles a call of each kind holds. */
const OWN_COUNT = { chii: 2, pon: 2, daiminkan: 3 } as const;

const CALL_RE = /^((?:\d\d)*)([a-z])((?:\d\d)+)$/;

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

interface Split {
  letter: string;
  before: Tile[];
  after: Tile[];
}

/** Two-digit codes as tiles, or the first code that is no tile. */
function tilesOf(digits: string): Tile[] | string {
  const out: Tile[] = [];
  for (let i = 0; i < digits.length; i += 2) {
    const tile = tileFromCode(Number(digits.slice(i, i + 2)));
    if (!tile) return digits.slice(i, i + 2);
    out.push(tile);
  }
  return out;
}

function split(s: string): Decoded<Split> {
  const m = CALL_RE.exec(s);
  if (!m) return fail(`"${s}" is not a call string (two-digit tile codes around one letter)`);
  const before = tilesOf(m[1]);
  const after = tilesOf(m[3]);
  if (typeof before === 'string') return fail(`call string "${s}": ${before} is not a tile code`);
  if (typeof after === 'string') return fail(`call string "${s}": ${after} is not a tile code`);
  // Each suit has one red five.
  if ([...before, ...after].filter((t) => t.red).length > 1) return fail(`call string "${s}": more than one red five`);
  return { ok: true, value: { letter: m[2], before, after } };
}

/** The caller's tiles written before the letter, for each source seat. */
const ownBefore = (from: RelativeSeat, ownCount: number): number => (from === 1 ? 0 : from === 2 ? 1 : ownCount);

function fromOf(before: number, ownCount: number): RelativeSeat | null {
  if (before === 0) return 1;
  if (before === 1) return 2;
  return before === ownCount ? 3 : null;
}

const sameKind = (tiles: Tile[]): boolean => tiles.every((t) => t.kind === tiles[0].kind);

function isRun(tiles: Tile[]): boolean {
  const kinds = tiles.map((t) => t.kind).sort((a, b) => a - b);
  const low = kinds[0];
  return low < 27 && low % 9 <= 6 && kinds[1] === low + 1 && kinds[2] === low + 2;
}

/** A call string from a draw list (c, p, m). */
export function decodeCall(s: string): Decoded<CallItem> {
  const d = split(s);
  if (!d.ok) return d;
  const { letter, before, after } = d.value;
  const type = letter === 'c' ? 'chii' : letter === 'p' ? 'pon' : letter === 'm' ? 'daiminkan' : null;
  if (!type) return fail(`call string "${s}": "${letter}" is not a call in a draw list (c, p, m)`);
  const ownCount = OWN_COUNT[type];
  if (before.length + after.length !== ownCount + 1) {
    return fail(`call string "${s}": a ${type} holds ${ownCount + 1} tiles`);
  }
  const from = fromOf(before.length, ownCount);
  if (from === null || (type === 'chii' && from !== 1)) {
    return fail(`call string "${s}": "${letter}" is not at a position Tenhou writes for a ${type}`);
  }
  const [tile, ...rest] = after;
  const own = [...before, ...rest];
  if (type === 'chii' ? !isRun([tile, ...own]) : !sameKind([tile, ...own])) {
    return fail(`call string "${s}": the tiles do not form a ${type}`);
  }
  return { ok: true, value: { type, tile, own, from } };
}

export type KanString = Extract<DiscardItem, { type: 'ankan' | 'shouminkan' }>;

/** A kan string from a discard list (a, k). */
export function decodeKan(s: string): Decoded<KanString> {
  const d = split(s);
  if (!d.ok) return d;
  const { letter, before, after } = d.value;
  const tiles = [...before, ...after];
  if (letter !== 'a' && letter !== 'k') {
    return fail(`call string "${s}": "${letter}" is not a kan in a discard list (a, k)`);
  }
  if (tiles.length !== 4) return fail(`call string "${s}": a kan holds 4 tiles`);
  if (!sameKind(tiles)) return fail(`call string "${s}": the tiles are not four of a kind`);
  if (letter === 'a') {
    if (before.length !== 3) return fail(`call string "${s}": Tenhou writes "a" before an ankan's fourth tile`);
    return { ok: true, value: { type: 'ankan', tiles } };
  }
  const from = fromOf(before.length, 2);
  if (from === null) return fail(`call string "${s}": "k" is not at a position Tenhou writes for a shouminkan`);
  const [added, called, ...rest] = after;
  return { ok: true, value: { type: 'shouminkan', tile: added, pon: { tile: called, own: [...before, ...rest], from } } };
}

const codes = (tiles: Tile[]): string => tiles.map(tileToCode).join('');

function encode(letter: string, tile: Tile, own: Tile[], from: RelativeSeat, extra: Tile[] = []): string {
  const n = ownBefore(from, own.length);
  return codes(own.slice(0, n)) + letter + codes([...extra, tile]) + codes(own.slice(n));
}

/** Throws RangeError for a call no Tenhou string can express. */
export function encodeCall(call: CallItem): string {
  if (call.own.length !== OWN_COUNT[call.type]) throw new RangeError(`a ${call.type} needs ${OWN_COUNT[call.type]} own tiles`);
  if (call.type === 'chii' && call.from !== 1) throw new RangeError('a chii is always taken from kamicha (from = 1)');
  return encode(call.type === 'chii' ? 'c' : call.type === 'pon' ? 'p' : 'm', call.tile, call.own, call.from);
}

export function encodeKan(kan: KanString): string {
  if (kan.type === 'ankan') {
    if (kan.tiles.length !== 4) throw new RangeError('an ankan needs 4 tiles');
    return codes(kan.tiles.slice(0, 3)) + 'a' + codes(kan.tiles.slice(3));
  }
  if (kan.pon.own.length !== 2) throw new RangeError('a pon needs 2 own tiles');
  return encode('k', kan.pon.tile, kan.pon.own, kan.pon.from, [kan.tile]);
}
