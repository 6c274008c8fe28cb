import type { Command, LegalAction } from '@jantaku/shared/game/types';
import { t } from './i18n';

/**
 * What a player may press, as data: the offers the legal actions make right now (one button
 * each, with its keyboard shortcut and, for chii/pon/kan with several forms, the choices), and
 * the free declarations of a penalise table (any command, built from the selected tiles).
 */

/** One form of a call: the tiles it shows and the command it sends. */
export interface Choice {
  label: string;
  tiles: number[];
  command: Command;
}

/** A button: riichi asks for a tile; others send their only choice or ask which one. */
export interface Offer {
  id: 'tsumo' | 'ron' | 'riichi' | 'kan' | 'pon' | 'chii' | 'kyuushu' | 'draw' | 'pass';
  label: string;
  /** The key that presses it (lower case) and how it is shown. */
  key: string;
  keyLabel: string;
  /** Empty for riichi (a tile is chosen in the hand). */
  choices: Choice[];
}

const KEYS: Record<Offer['id'], string> = { tsumo: 't', ron: 'r', riichi: 'i', kan: 'k', pon: 'p', chii: 'c', kyuushu: '9', draw: 'd', pass: 'x' };
/** A button's word in the page's language. */
const label = (id: Offer['id'] | 'discard' | 'ankan' | 'shouminkan' | 'daiminkan'): string => t(`act.${id}`);
const ORDER: Offer['id'][] = ['tsumo', 'ron', 'riichi', 'kan', 'pon', 'chii', 'kyuushu', 'draw', 'pass'];

/** The offers of the legal actions (discards are clicks on tiles); `claim`: the tile a call takes. */
export function offersOf(legal: LegalAction[], claim: number): Offer[] {
  const choices = new Map<Offer['id'], Choice[]>();
  const add = (id: Offer['id'], ...list: Choice[]) => choices.set(id, [...(choices.get(id) ?? []), ...list]);
  for (const a of legal) {
    switch (a.type) {
      case 'tsumo':
      case 'ron':
      case 'kyuushu':
      case 'draw':
      case 'pass':
        add(a.type, { label: label(a.type), tiles: [], command: { type: a.type } });
        break;
      case 'riichi':
        add('riichi');
        break;
      case 'chii':
        add('chii', ...a.options.map((o): Choice => ({ label: label('chii'), tiles: [...o, claim].sort((x, y) => x - y), command: { type: 'chii', tiles: o } })));
        break;
      case 'pon':
        add('pon', ...a.options.map((o): Choice => ({ label: label('pon'), tiles: [...o, claim], command: { type: 'pon', tiles: o } })));
        break;
      case 'ankan':
        add('kan', ...a.tiles.map((t): Choice => ({ label: label('ankan'), tiles: [t], command: { type: 'ankan', tile: t } })));
        break;
      case 'shouminkan':
        add('kan', ...a.tiles.map((t): Choice => ({ label: label('shouminkan'), tiles: [t], command: { type: 'shouminkan', tile: t } })));
        break;
      case 'daiminkan':
        add('kan', { label: label('daiminkan'), tiles: [...a.tiles, claim], command: { type: 'daiminkan', tiles: a.tiles } });
        break;
      case 'discard':
        break;
    }
  }
  return ORDER.filter((id) => choices.has(id)).map((id) => ({ id, label: label(id), key: KEYS[id], keyLabel: KEYS[id].toUpperCase(), choices: choices.get(id)! }));
}

/** A free declaration: how many selected tiles it needs and the command it makes of them. */
export interface Declaration {
  id: string;
  label: string;
  tiles: number;
  build: (tiles: number[], reveal: boolean) => Command;
}

/** A declaration whose label follows the page's language ("Pon (2 tiles)"). */
function decl(id: Parameters<typeof label>[0], tiles: number, build: Declaration['build']): Declaration {
  return {
    id,
    get label() {
      return tiles ? t(tiles === 1 ? 'act.tilesOne' : 'act.tilesMany', { label: label(id), count: tiles }) : label(id);
    },
    tiles,
    build,
  };
}

export const DECLARATIONS: Declaration[] = [
  decl('tsumo', 0, (_, reveal) => ({ type: 'tsumo', reveal })),
  decl('ron', 0, (_, reveal) => ({ type: 'ron', reveal })),
  decl('riichi', 1, ([t]) => ({ type: 'riichi', tile: t })),
  decl('discard', 1, ([t]) => ({ type: 'discard', tile: t })),
  decl('chii', 2, ([a, b]) => ({ type: 'chii', tiles: [a, b] })),
  decl('pon', 2, ([a, b]) => ({ type: 'pon', tiles: [a, b] })),
  decl('daiminkan', 3, ([a, b, c]) => ({ type: 'daiminkan', tiles: [a, b, c] })),
  decl('ankan', 1, ([t]) => ({ type: 'ankan', tile: t })),
  decl('shouminkan', 1, ([t]) => ({ type: 'shouminkan', tile: t })),
  decl('kyuushu', 0, () => ({ type: 'kyuushu' })),
  decl('draw', 0, () => ({ type: 'draw' })),
  decl('pass', 0, () => ({ type: 'pass' })),
];
