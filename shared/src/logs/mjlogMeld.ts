import type { TileId } from '../tiles';
import type { Meld } from '../tiles/meld';

/**
 * Tenhou's 16-bit meld code (the `m` of `<N who m/>` and of `<AGARI m/>`), both ways. Tile ids
 * are Tenhou's and the engine's alike: kind * 4 + copy, 0..135, copy 0 of a five being the red one.
 *
 * Bits 0-1: the seat the tile came from, relative to the caller (0 self, 1 next (shimocha),
 * 2 opposite, 3 previous (kamicha)). Then one of:
 * - chii (bit 2): bits 3-8 the copy of each of the three tiles, bits 10-15
 *   (lowest kind as 0..20 over the suits) * 3 + which of the three was called;
 * - pon (bit 3) / added kan (bit 4): bits 5-6 the copy left out of the pon (for an added kan,
 *   the copy added), bits 9-15 kind * 3 + which of the pon's three (in copy order) was called;
 * - open or concealed kan (none of bits 2-5): bits 8-15 the called tile's id (a concealed kan
 *   writes copy 0 of its kind, as Tenhou does).
 * Bit 5 alone is sanma's north "nuki", which a four-player log never has.
 * The layout as read by mjx (include/mjx/internal/open.cpp) and kobalab/tenhou-log (lib/convlog.js).
 */

/** A meld code that is not one of a four-player game's. */
export class MeldCodeError extends RangeError {}

const relative = (seat: number, from: number) => (from - seat + 4) % 4;
const copy = (t: TileId) => t % 4;
const kindOfId = (t: TileId) => t >> 2;

export function encodeMeld(seat: number, m: Meld): number {
  const tiles = [...m.tiles].sort((a, b) => a - b);
  const kind = kindOfId(tiles[0]);
  switch (m.type) {
    case 'chii': {
      const run = ((kind / 9) | 0) * 7 + (kind % 9);
      const called = tiles.indexOf(m.calledTile!);
      return (((run * 3 + called) << 10) | tiles.reduce((b, t, i) => b | (copy(t) << (3 + 2 * i)), 0) | 0b100 | relative(seat, m.from!)) >>> 0;
    }
    case 'pon':
    case 'shouminkan': {
      const pon = m.type === 'pon' ? tiles : tiles.filter((t) => t !== m.addedTile);
      const unused = m.type === 'pon' ? [0, 1, 2, 3].find((c) => !pon.some((t) => copy(t) === c))! : copy(m.addedTile!);
      const called = pon.indexOf(m.calledTile!);
      return ((kind * 3 + called) << 9) | (unused << 5) | (m.type === 'pon' ? 0b1000 : 0b10000) | relative(seat, m.from!);
    }
    case 'daiminkan':
      return (m.calledTile! << 8) | relative(seat, m.from!);
    case 'ankan':
      return (kind * 4) << 8;
  }
}

/** The meld a code stands for, called by `seat`; its tiles sorted by id, as the engine keeps them. */
export function decodeMeld(seat: number, code: number): Meld {
  if (!Number.isInteger(code) || code < 0 || code > 0xffff) throw new MeldCodeError(`meld code ${code} is not 0..65535`);
  const rel = code & 3;
  const from = (seat + rel) % 4;
  if (code & 0b100) {
    const t = code >> 10;
    const run = (t / 3) | 0;
    if (rel !== 3) throw new MeldCodeError(`meld code ${code}: a chii is called from the previous seat only`);
    if (run >= 21) throw new MeldCodeError(`meld code ${code}: no chii starts at run ${run}`);
    const low = ((run / 7) | 0) * 9 + (run % 7);
    const tiles = [0, 1, 2].map((i) => (low + i) * 4 + ((code >> (3 + 2 * i)) & 3));
    return { type: 'chii', tiles, calledTile: tiles[t % 3], from };
  }
  if (code & 0b11000) {
    const t = code >> 9;
    const kind = (t / 3) | 0;
    if (kind >= 34) throw new MeldCodeError(`meld code ${code}: no tile kind ${kind}`);
    if (rel === 0) throw new MeldCodeError(`meld code ${code}: a pon is called from another seat`);
    if ((code & 0b11000) === 0b11000) throw new MeldCodeError(`meld code ${code}: both pon and added kan`);
    const unused = (code >> 5) & 3;
    const pon = [0, 1, 2, 3].filter((c) => c !== unused).map((c) => kind * 4 + c);
    const calledTile = pon[t % 3];
    if (code & 0b1000) return { type: 'pon', tiles: pon, calledTile, from };
    const addedTile = kind * 4 + unused;
    return { type: 'shouminkan', tiles: [0, 1, 2, 3].map((c) => kind * 4 + c), calledTile, from, addedTile };
  }
  if (code & 0b100000) throw new MeldCodeError(`meld code ${code}: a north tile set aside (three-player only)`);
  const id = code >> 8;
  if (id >= 136) throw new MeldCodeError(`meld code ${code}: no tile id ${id}`);
  const tiles = [0, 1, 2, 3].map((c) => kindOfId(id) * 4 + c);
  return rel === 0 ? { type: 'ankan', tiles } : { type: 'daiminkan', tiles, calledTile: id, from };
}
