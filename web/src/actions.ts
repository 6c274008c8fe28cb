import type { Command, LegalAction } from '@jantaku/shared/game/types';

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
const LABELS: Record<Offer['id'], string> = { tsumo: 'Tsumo', ron: 'Ron', riichi: 'Riichi', kan: 'Kan', pon: 'Pon', chii: 'Chii', kyuushu: 'Nine terminals', draw: 'Draw', pass: 'Pass' };
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
        add(a.type, { label: LABELS[a.type], tiles: [], command: { type: a.type } });
        break;
      case 'riichi':
        add('riichi');
        break;
      case 'chii':
        add('chii', ...a.options.map((o): Choice => ({ label: 'Chii', tiles: [...o, claim].sort((x, y) => x - y), command: { type: 'chii', tiles: o } })));
        break;
      case 'pon':
        add('pon', ...a.options.map((o): Choice => ({ label: 'Pon', tiles: [...o, claim], command: { type: 'pon', tiles: o } })));
        break;
      case 'ankan':
        add('kan', ...a.tiles.map((t): Choice => ({ label: 'Concealed kan', tiles: [t], command: { type: 'ankan', tile: t } })));
        break;
      case 'shouminkan':
        add('kan', ...a.tiles.map((t): Choice => ({ label: 'Added kan', tiles: [t], command: { type: 'shouminkan', tile: t } })));
        break;
      case 'daiminkan':
        add('kan', { label: 'Open kan', tiles: [...a.tiles, claim], command: { type: 'daiminkan', tiles: a.tiles } });
        break;
      case 'discard':
        break;
    }
  }
  return ORDER.filter((id) => choices.has(id)).map((id) => ({ id, label: LABELS[id], key: KEYS[id], keyLabel: KEYS[id].toUpperCase(), choices: choices.get(id)! }));
}

/** A free declaration: how many selected tiles it needs and the command it makes of them. */
export interface Declaration {
  id: string;
  label: string;
  tiles: number;
  build: (tiles: number[], reveal: boolean) => Command;
}

export const DECLARATIONS: Declaration[] = [
  { id: 'tsumo', label: 'Tsumo', tiles: 0, build: (_, reveal) => ({ type: 'tsumo', reveal }) },
  { id: 'ron', label: 'Ron', tiles: 0, build: (_, reveal) => ({ type: 'ron', reveal }) },
  { id: 'riichi', label: 'Riichi (1 tile)', tiles: 1, build: ([t]) => ({ type: 'riichi', tile: t }) },
  { id: 'discard', label: 'Discard (1 tile)', tiles: 1, build: ([t]) => ({ type: 'discard', tile: t }) },
  { id: 'chii', label: 'Chii (2 tiles)', tiles: 2, build: ([a, b]) => ({ type: 'chii', tiles: [a, b] }) },
  { id: 'pon', label: 'Pon (2 tiles)', tiles: 2, build: ([a, b]) => ({ type: 'pon', tiles: [a, b] }) },
  { id: 'daiminkan', label: 'Open kan (3 tiles)', tiles: 3, build: ([a, b, c]) => ({ type: 'daiminkan', tiles: [a, b, c] }) },
  { id: 'ankan', label: 'Concealed kan (1 tile)', tiles: 1, build: ([t]) => ({ type: 'ankan', tile: t }) },
  { id: 'shouminkan', label: 'Added kan (1 tile)', tiles: 1, build: ([t]) => ({ type: 'shouminkan', tile: t }) },
  { id: 'kyuushu', label: 'Nine terminals', tiles: 0, build: () => ({ type: 'kyuushu' }) },
  { id: 'draw', label: 'Draw', tiles: 0, build: () => ({ type: 'draw' }) },
  { id: 'pass', label: 'Pass', tiles: 0, build: () => ({ type: 'pass' }) },
];
