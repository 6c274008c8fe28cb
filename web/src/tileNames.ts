import { isRedId, kindOf, rankOf, suitOf, tileToString } from '@jantaku/shared/tiles/index';

/* Tile names, without DOM, so that pure tests check them. */

const WINDS = ['E', 'S', 'W', 'N'];
const DRAGONS = ['Wh', 'Gr', 'Rd'];
const SUIT_WORDS = ['man', 'pin', 'sou'];
const HONOR_WORDS = ['East wind', 'South wind', 'West wind', 'North wind', 'white dragon', 'green dragon', 'red dragon'];

/** Short name: "5m", "0p" (red five), "E", "Wh". */
export function tileName(t: number): string {
  const k = kindOf(t);
  if (k >= 27) return k <= 30 ? WINDS[k - 27] : DRAGONS[k - 31];
  return tileToString(t);
}

const RANK_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Spoken name for screen readers and tooltips: "three of man", "red five of pin", "East wind", "white dragon". */
export function tileLongName(t: number): string {
  const k = kindOf(t);
  if (k >= 27) return HONOR_WORDS[k - 27];
  return `${isRedId(t) ? 'red ' : ''}${RANK_WORDS[rankOf(k) - 1]} of ${SUIT_WORDS[suitOf(k)]}`;
}

/** Wind kind (27..30) as a letter. */
export const windName = (kind: number): string => WINDS[kind - 27] ?? '?';
