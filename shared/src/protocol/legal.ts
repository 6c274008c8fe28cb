import type { LegalAction } from '../game/types';
import type { TileId } from '../tiles/index';

/**
 * A seat's legal actions on the wire (`own.legal`, docs/PROTOCOL.md §6.2): a short text instead of
 * the JSON of `LegalAction[]`, because the state patch carries it after every step and the most
 * common action, "discard any tile of your hand", would otherwise repeat the whole hand the same
 * patch already holds. Actions are separated by a space; each is one letter and its tiles:
 *
 *   d            discard, any tile of the hand (`own.hand`, sorted)
 *   d5,9         discard one of these tiles (kuikae, riichi)
 *   r5,9  a5  s5 riichi / ankan / shouminkan with one of these tiles
 *   c5.9,12.16   chii with one of these pairs; p5.9 pon likewise
 *   m5.9.11      daiminkan with these three tiles
 *   t o k w x    tsumo, ron, kyuushu, draw, pass
 *
 * No action at all is the empty text. `legalFromWire(legalToWire(l, hand), hand)` equals `l`.
 */

const LETTER = { discard: 'd', riichi: 'r', ankan: 'a', shouminkan: 's', chii: 'c', pon: 'p', daiminkan: 'm', tsumo: 't', ron: 'o', kyuushu: 'k', draw: 'w', pass: 'x' } as const;
type Letter = (typeof LETTER)[keyof typeof LETTER];
const TYPE = Object.fromEntries(Object.entries(LETTER).map(([type, l]) => [l, type])) as Record<Letter, LegalAction['type']>;

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** The wire text of `legal`, for the seat whose concealed tiles are `hand` (sorted, as the engine's views hold it). */
export function legalToWire(legal: readonly LegalAction[], hand: readonly TileId[]): string {
  return legal
    .map((a) => {
      const l = LETTER[a.type];
      switch (a.type) {
        case 'discard':
          return same(a.tiles, hand) ? l : l + a.tiles.join(',');
        case 'riichi':
        case 'ankan':
        case 'shouminkan':
          return l + a.tiles.join(',');
        case 'chii':
        case 'pon':
          return l + a.options.map((o) => o.join('.')).join(',');
        case 'daiminkan':
          return l + a.tiles.join('.');
        default:
          return l;
      }
    })
    .join(' ');
}

const numbers = (s: string, sep: string): number[] => s.split(sep).map(Number);

/** The actions a wire text stands for; throws on a text no server writes. */
export function legalFromWire(wire: string, hand: readonly TileId[]): LegalAction[] {
  if (wire === '') return [];
  return wire.split(' ').map((part): LegalAction => {
    const type = TYPE[part[0] as Letter];
    const rest = part.slice(1);
    if (!type || !/^[0-9.,]*$/.test(rest)) throw new Error(`not a legal-actions text: ${JSON.stringify(wire)}`);
    switch (type) {
      case 'discard':
        return { type, tiles: rest === '' ? [...hand] : numbers(rest, ',') };
      case 'riichi':
      case 'ankan':
      case 'shouminkan':
        return { type, tiles: numbers(rest, ',') };
      case 'chii':
      case 'pon':
        return { type, options: rest.split(',').map((o) => numbers(o, '.') as [TileId, TileId]) };
      case 'daiminkan':
        return { type, tiles: numbers(rest, '.') as [TileId, TileId, TileId] };
      default:
        return { type } as LegalAction;
    }
  });
}

/** A decoded seat's concealed tiles, sorted: `own.hand` is in no order on the wire (each tile keeps its place). */
export const handOfOwn = (own: { hand: Iterable<TileId> }): TileId[] => Array.from(own.hand).sort((a, b) => a - b);

/** A decoded seat's private part's legal actions ([] without one: a spectator, another seat). */
export function legalOfOwn(own: { legal: string; hand: Iterable<TileId> } | undefined): LegalAction[] {
  return own ? legalFromWire(own.legal, handOfOwn(own)) : [];
}
