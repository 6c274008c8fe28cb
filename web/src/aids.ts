import type { Command, LegalAction } from '@jantaku/shared/game/types';
import { localised } from './i18n';

/**
 * Play aids (Tenhou's and Mahjong Soul's toggles): what the page plays by itself for its player.
 * They run on the player's own client from its own legal actions, so they tell nobody anything;
 * the server releases every claim window at the same moment whoever passed and how fast
 * (server/src/rooms/claimPace.ts), so an instant pass does not show that a seat had no call.
 */
export interface Aids {
  /** Pass at once when the only answer to a claim window is pass (nothing to call or win). */
  autoPass: boolean;
  /** Pass chii, pon and open kan offers too (a ron is still asked). */
  noCalls: boolean;
  /** Declare tsumo and ron whenever they are legal. */
  autoWin: boolean;
  /** Discard the drawn tile every turn where nothing else (tsumo, kan, riichi, nine terminals) is possible. */
  tsumogiri: boolean;
}

export const DEFAULT_AIDS: Aids = { autoPass: true, noCalls: false, autoWin: false, tsumogiri: false };

export const AID_LABELS: Record<keyof Aids, string> = localised({ autoPass: 'aid.autoPass', noCalls: 'aid.noCalls', autoWin: 'aid.autoWin', tsumogiri: 'aid.tsumogiri' });

export const AID_TITLES: Record<keyof Aids, string> = localised({ autoPass: 'aid.autoPass.title', noCalls: 'aid.noCalls.title', autoWin: 'aid.autoWin.title', tsumogiri: 'aid.tsumogiri.title' });

const KEY = 'jantaku.aids';

/** The part of the browser's localStorage used here. */
interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const browserStorage = (): KeyValue | undefined => (globalThis as { localStorage?: KeyValue }).localStorage;

/** The player's aids as last chosen in this browser. */
export function loadAids(storage: Pick<KeyValue, 'getItem'> | undefined = browserStorage()): Aids {
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? '{}') as Partial<Record<keyof Aids, unknown>>;
    const out = { ...DEFAULT_AIDS };
    for (const k of Object.keys(DEFAULT_AIDS) as (keyof Aids)[]) if (typeof saved[k] === 'boolean') out[k] = saved[k];
    return out;
  } catch {
    return { ...DEFAULT_AIDS };
  }
}

export function saveAids(aids: Aids, storage: Pick<KeyValue, 'setItem'> | undefined = browserStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(aids));
  } catch {
    // Private browsing without storage: the choice lasts for the page.
  }
}

const CALLS = new Set<LegalAction['type']>(['chii', 'pon', 'daiminkan']);

/**
 * The command the page sends by itself in this position, or null when the player decides.
 * `drawn`: the seat's drawn tile (-1 for none); `riichi`: the seat is in riichi, whose hand is
 * locked: the drawn tile goes out by itself unless tsumo or a kan is possible.
 */
export function autoCommand(legal: readonly LegalAction[], own: { drawn: number; riichi: boolean }, aids: Aids): Command | null {
  if (!legal.length) return null;
  const has = (type: LegalAction['type']) => legal.some((a) => a.type === type);
  if (aids.autoWin && has('tsumo')) return { type: 'tsumo' };
  if (aids.autoWin && has('ron')) return { type: 'ron' };
  if (has('pass')) {
    const answers = legal.filter((a) => a.type !== 'pass');
    if (!answers.length) return aids.autoPass ? { type: 'pass' } : null;
    return aids.noCalls && answers.every((a) => CALLS.has(a.type)) ? { type: 'pass' } : null;
  }
  const discard = legal.find((a): a is Extract<LegalAction, { type: 'discard' }> => a.type === 'discard');
  if (!discard || own.drawn < 0 || !discard.tiles.includes(own.drawn)) return null;
  if (legal.some((a) => a.type !== 'discard')) return null;
  return own.riichi || aids.tsumogiri ? { type: 'discard', tile: own.drawn } : null;
}
