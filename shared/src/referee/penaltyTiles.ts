import type { Game } from '../game/game';
import type { SeatState } from '../game/seat';
import type { Command, Seat } from '../game/types';
import { isRedId, kindOf, type TileId } from '../tiles';

/**
 * Choosing WSOM penalty tiles (docs/REFEREE.md §3.7, D22). "The judge may choose which": the
 * server chooses deterministically, so that a replay of the log chooses the same tiles.
 */

const copyKey = (t: TileId): number => kindOf(t) * 2 + (isRedId(t) ? 1 : 0);

/** The tiles a call names from the hand (chii, pon, daiminkan); none for other commands. */
export function namedTiles(c: Command): TileId[] {
  if ((c.type === 'chii' || c.type === 'pon' || c.type === 'daiminkan') && Array.isArray(c.tiles)) return c.tiles.filter((t) => Number.isInteger(t));
  return [];
}

/**
 * The tiles a call exposes: the named ones, or for a daiminkan naming none, the three held
 * tiles of the discard's kind.
 */
export function callTiles(game: Game, seat: Seat, c: Command): TileId[] {
  const named = namedTiles(c);
  const tile = game.claimTile;
  if (named.length || c.type !== 'daiminkan' || tile === null) return named;
  return game.seats[seat].hand.filter((t) => kindOf(t) === kindOf(tile)).sort((a, b) => a - b).slice(0, 3);
}

/** The held tiles standing for `named`: the very id when held, else a held copy of the same kind and redness (D3). */
export function heldNamed(s: SeatState, named: readonly TileId[]): TileId[] {
  const out: TileId[] = [];
  for (const t of named) {
    const pick = s.hand.includes(t) && !out.includes(t) ? t : [...s.hand].sort((a, b) => a - b).find((h) => copyKey(h) === copyKey(t) && !out.includes(h) && !named.includes(h));
    if (pick !== undefined) out.push(pick);
  }
  return out;
}

/**
 * `n` penalty tiles of the seat (all of them if it holds fewer; 'all': every concealed tile):
 * first the tiles it named and holds, then its other concealed tiles by ascending id, the drawn
 * tile last; tiles already face up are not chosen again.
 */
export function choosePenaltyTiles(s: SeatState, named: readonly TileId[], n: number | 'all'): TileId[] {
  const up = new Set(s.penaltyTiles.map((p) => p.tile));
  const first = heldNamed(s, named);
  const rest = [...s.hand].sort((a, b) => a - b).filter((t) => t !== s.drawn && !first.includes(t));
  const order = [...first, ...rest, ...(s.drawn !== null && !first.includes(s.drawn) ? [s.drawn] : [])].filter((t) => !up.has(t));
  return n === 'all' ? order : order.slice(0, n);
}

/** WSOM-CLAIM-FIXED-AT-ONCE: the named tiles (held) that are not in the final set. */
export function wronglyExposed(s: SeatState, named: readonly TileId[], finalSet: readonly TileId[]): TileId[] {
  const left = [...finalSet];
  const out: TileId[] = [];
  for (const t of heldNamed(s, named)) {
    const i = left.indexOf(t) >= 0 ? left.indexOf(t) : left.findIndex((f) => copyKey(f) === copyKey(t));
    if (i >= 0) left.splice(i, 1);
    else out.push(t);
  }
  return out;
}
