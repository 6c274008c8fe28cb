import type { TileId } from '../tiles';
import type { Bot } from './types';

/** Discards the tile it drew (or the last legal one after a call), wins when it can, passes on everything else. */
export const tsumogiriBot: Bot = (view, legal) => {
  let discard: TileId[] | null = null;
  let ron = false;
  for (const a of legal) {
    if (a.type === 'draw' || a.type === 'tsumo') return { type: a.type };
    if (a.type === 'ron') ron = true;
    else if (a.type === 'discard') discard = a.tiles;
  }
  if (ron) return { type: 'ron' };
  if (discard) {
    const tile = view.drawn != null && discard.includes(view.drawn) ? view.drawn : discard[discard.length - 1];
    return { type: 'discard', tile };
  }
  return { type: 'pass' };
};
