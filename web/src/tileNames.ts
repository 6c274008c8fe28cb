import { isRedId, kindOf, rankOf, suitOf, tileToString } from '@jantaku/shared/tiles/index';
import { t } from './i18n';

/* Tile names, without DOM, so that pure tests check them. */

const WINDS = ['E', 'S', 'W', 'N'];
const DRAGONS = ['Wh', 'Gr', 'Rd'];

/** Short name: "5m", "0p" (red five), "E", "Wh". */
export function tileName(t: number): string {
  const k = kindOf(t);
  if (k >= 27) return k <= 30 ? WINDS[k - 27] : DRAGONS[k - 31];
  return tileToString(t);
}

/** Spoken name for screen readers and tooltips, in the page's language: "three of man", "red five of pin", "East wind"; 三萬, 五筒(赤), 東. */
export function tileLongName(tile: number): string {
  const k = kindOf(tile);
  if (k >= 27) return t(`honor.${k - 27}` as 'honor.0');
  const name = t('tile.suited', { rank: t(`rank.${rankOf(k)}` as 'rank.1'), suit: t(`suit.${suitOf(k)}` as 'suit.0') });
  return isRedId(tile) ? t('tile.red', { name }) : name;
}

/** Wind kind (27..30) as a letter (E, S…; 東, 南… in Japanese). */
export const windName = (kind: number): string => (kind >= 27 && kind <= 30 ? t(`windLetter.${kind - 27}` as 'windLetter.0') : '?');
