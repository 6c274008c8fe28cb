import { isRedId, kindOf, rankOf, suitOf } from '@jantaku/shared/tiles/index';
import { FACES } from './tileFaces';
import { tileLongName, tileName } from './tileNames';

export { tileLongName, tileName, windName } from './tileNames';

/**
 * Tiles drawn as inline SVG paths (no <text>), so they look the same with or without a CJK or
 * mahjong font: pin and sou from plain shapes, man and honours from the kanji of
 * FluffyStuff/riichi-mahjong-tiles (CC0), each kanji face defined once as a <symbol> in a hidden
 * sprite and drawn with <use>. Every tile carries its spoken name (aria-label, title: "red five
 * of pin", "East wind"), its short name in `data-name` ("5m", "0p" for a red five, "E", "Wh")
 * and its id in `data-tile`.
 */

const HONOR_FACES = ['Ton', 'Nan', 'Shaa', 'Pei', '', 'Hatsu', 'Chun']; // the white dragon is drawn in face()

const BLUE = '#1d4f91';
const GREEN = '#1f7a3a';
const RED = '#c0262d';

const circle = (x: number, y: number, r: number, c: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="1.6"/><circle cx="${x}" cy="${y}" r="${r * 0.35}" fill="${c}"/>`;
const bar = (x: number, y: number, c: string) =>
  `<rect x="${x - 1.8}" y="${y - 5}" width="3.6" height="10" rx="1.6" fill="${c}"/><line x1="${x - 1.8}" x2="${x + 1.8}" y1="${y}" y2="${y}" stroke="#fff" stroke-width="0.7"/>`;

const PIN: Record<number, [number, number, number][]> = {
  1: [[15, 20, 9]],
  2: [[15, 11, 5], [15, 29, 5]],
  3: [[8, 9, 4.3], [15, 20, 4.3], [22, 31, 4.3]],
  4: [[9, 12, 4.8], [21, 12, 4.8], [9, 28, 4.8], [21, 28, 4.8]],
  5: [[8, 9, 4.2], [22, 9, 4.2], [15, 20, 4.2], [8, 31, 4.2], [22, 31, 4.2]],
  6: [[9, 9, 4], [21, 9, 4], [9, 20, 4], [21, 20, 4], [9, 31, 4], [21, 31, 4]],
  7: [[7, 6, 3.4], [15, 10, 3.4], [23, 14, 3.4], [9, 24, 3.6], [21, 24, 3.6], [9, 33, 3.6], [21, 33, 3.6]],
  8: [[9, 7, 3.5], [21, 7, 3.5], [9, 15.5, 3.5], [21, 15.5, 3.5], [9, 24.5, 3.5], [21, 24.5, 3.5], [9, 33, 3.5], [21, 33, 3.5]],
  9: [[7, 9, 3.7], [15, 9, 3.7], [23, 9, 3.7], [7, 20, 3.7], [15, 20, 3.7], [23, 20, 3.7], [7, 31, 3.7], [15, 31, 3.7], [23, 31, 3.7]],
};
const SOU: Record<number, [number, number][]> = {
  2: [[15, 11], [15, 29]],
  3: [[15, 11], [9, 29], [21, 29]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[8, 11], [22, 11], [15, 20], [8, 29], [22, 29]],
  6: [[7, 11], [15, 11], [23, 11], [7, 29], [15, 29], [23, 29]],
  7: [[15, 7], [7, 20], [15, 20], [23, 20], [7, 33], [15, 33], [23, 33]],
  8: [[6, 11], [12, 11], [18, 11], [24, 11], [6, 29], [12, 29], [18, 29], [24, 29]],
  9: [[7, 7], [15, 7], [23, 7], [7, 20], [15, 20], [23, 20], [7, 33], [15, 33], [23, 33]],
};

/** One hidden sprite in the page holds each kanji face once; tiles reference it. */
function ensureSprite(): void {
  if (document.getElementById('tile-faces')) return;
  const sprite = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  sprite.id = 'tile-faces';
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
  sprite.innerHTML = Object.entries(FACES).map(([n, body]) => `<symbol id="tf-${n}" viewBox="0 0 300 400">${body}</symbol>`).join('');
  document.body.prepend(sprite);
}
const use = (name: string) => {
  ensureSprite();
  return `<use href="#tf-${name}" x="1" y="1.3" width="28" height="37.4"/>`;
};

/** The face of a tile, in a 30×40 box. */
function face(t: number): string {
  const k = kindOf(t);
  const red = isRedId(t);
  // White dragon: a framed blank, as on Tenhou and Mahjong Soul (the CC0 set leaves it empty).
  if (k === 31) return `<rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke="${BLUE}" stroke-width="2.2"/><rect x="9" y="10" width="12" height="20" rx="1" fill="none" stroke="${BLUE}" stroke-width="0.8"/>`;
  if (k >= 27) return use(HONOR_FACES[k - 27]);
  const rank = rankOf(k);
  const suit = suitOf(k);
  if (suit === 0) return use(red ? 'Man5-Dora' : `Man${rank}`);
  if (suit === 1) {
    return PIN[rank]
      .map(([x, y, r], i) => circle(x, y, r, red || (rank === 1 && i === 0) || (rank === 5 && i === 2) ? RED : i % 2 && rank !== 8 ? GREEN : BLUE))
      .join('');
  }
  if (rank === 1) return `${bar(15, 14, GREEN)}${bar(15, 26, GREEN)}<circle cx="15" cy="20" r="3" fill="${RED}"/>`;
  return SOU[rank].map(([x, y], i) => bar(x, y, red || (rank === 5 && i === 2) || (rank === 7 && i === 0) || (rank === 9 && i % 3 === 1) ? RED : GREEN)).join('');
}

export interface TileOptions {
  sideways?: boolean;
  /** Face down: no id, no name (a concealed tile of another seat is never in the page). */
  back?: boolean;
  size?: 'sm' | 'md' | 'lg';
  classes?: string[];
}

/** One tile element: `<span class="tile">` holding an SVG. */
export function tileEl(t: number | null, opts: TileOptions = {}): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = ['tile', opts.size ?? 'md', opts.sideways ? 'sideways' : '', ...(opts.classes ?? [])].filter(Boolean).join(' ');
  const w = opts.sideways ? 40 : 30;
  const h = opts.sideways ? 30 : 40;
  const back = opts.back || t === null;
  const body = back
    ? `<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#d9822b" stroke="#8a4b12" stroke-width="1.5"/><rect x="4" y="4" width="22" height="32" rx="2" fill="#e9a04e"/>`
    : `<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#fbf7ec" stroke="#8d8672" stroke-width="1.5"/>${face(t)}`;
  const g = opts.sideways ? `<g transform="translate(0,30) rotate(-90)">${body}</g>` : body;
  el.innerHTML = `<svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" aria-hidden="true">${g}</svg>`;
  if (!back) {
    el.dataset.tile = String(t);
    el.dataset.name = tileName(t);
    el.title = tileLongName(t);
    el.setAttribute('aria-label', tileLongName(t));
    el.setAttribute('role', 'img');
  } else {
    el.setAttribute('aria-label', 'concealed tile');
    el.setAttribute('role', 'img');
  }
  return el;
}
