import type { Game } from '../game/game';
import type { Command, Seat } from '../game/types';
import { isRedId, kindOf, type TileId } from '../tiles';

/**
 * D3 (docs/REFEREE.md §1.2 step 3): a declaration names kinds, not copies. Each named id the seat
 * does not hold (or names twice) is replaced by the lowest id it holds, not yet named, of the same
 * kind and redness; for a call or a kan, failing that, of the same kind (the seat says "pon", not
 * which five; a discard keeps its redness, which changes the hand's value). A red five counts as
 * red only where the ruleset has red fives in its suit. Ids of kinds the seat does not hold are
 * left as they are, to be judged.
 */
export function normaliseTiles(game: Game, seat: Seat, c: Command): Command {
  const hand = game.seats[seat]?.hand;
  if (!hand || !game.inHand) return c;
  // The usual case: every named id is held, once (nothing to replace, nothing to allocate).
  if (namesHeldIds(hand, c)) return c;
  const red = (t: TileId) => isRedId(t) && game.rules.redFives[Math.floor(kindOf(t) / 9)] === 1;
  const fix = (named: readonly TileId[], anyRed = true): TileId[] => {
    const out = named.map((t, i) => (hand.includes(t) && named.indexOf(t) === i ? t : null));
    const free = (t: TileId) => !out.includes(t);
    return out.map((t, i) => {
      if (t !== null) return t;
      const want = named[i];
      const same = [...hand].sort((a, b) => a - b).filter((h) => kindOf(h) === kindOf(want) && free(h));
      const pick = same.find((h) => red(h) === red(want)) ?? (anyRed ? same[0] : undefined) ?? want;
      out[i] = pick;
      return pick;
    });
  };
  switch (c.type) {
    case 'discard':
    case 'riichi':
      return { ...c, tile: fix([c.tile], false)[0] };
    case 'ankan':
    case 'shouminkan':
      return { ...c, tile: fix([c.tile])[0] };
    case 'chii':
    case 'pon':
      return { ...c, tiles: fix(c.tiles) as [TileId, TileId] };
    case 'daiminkan':
      return c.tiles ? { ...c, tiles: fix(c.tiles) as [TileId, TileId, TileId] } : c;
    default:
      return c;
  }
}

/** Whether every id `c` names is in `hand`, and named once (true as well for a command naming none). */
function namesHeldIds(hand: readonly TileId[], c: Command): boolean {
  switch (c.type) {
    case 'discard':
    case 'riichi':
    case 'ankan':
    case 'shouminkan':
      return hand.includes(c.tile);
    case 'chii':
    case 'pon':
    case 'daiminkan': {
      const tiles: readonly TileId[] | undefined = c.tiles;
      if (!tiles) return true;
      for (let i = 0; i < tiles.length; i++) if (!hand.includes(tiles[i]) || tiles.indexOf(tiles[i]) !== i) return false;
      return true;
    }
    default:
      return true;
  }
}
