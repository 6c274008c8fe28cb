import type { Bot } from './types';

/** Discards the tile it drew (or the last legal one after a call), wins when it can, passes on everything else. */
export const tsumogiriBot: Bot = (view, legal) => {
  if (legal.some((a) => a.type === 'draw')) return { type: 'draw' };
  if (legal.some((a) => a.type === 'tsumo')) return { type: 'tsumo' };
  if (legal.some((a) => a.type === 'ron')) return { type: 'ron' };
  const discard = legal.find((a) => a.type === 'discard');
  if (discard) {
    const tile = view.drawn != null && discard.tiles.includes(view.drawn) ? view.drawn : discard.tiles[discard.tiles.length - 1];
    return { type: 'discard', tile };
  }
  return { type: 'pass' };
};
