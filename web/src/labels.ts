import { describePenalty, type Penalty } from '@jantaku/shared/referee/penalty';
import type { DrawKind } from '@jantaku/shared/game/types';
import { YAKU_NAMES } from '@jantaku/shared/scoring/yakuNames';
import { language, t } from './i18n';
import { YAKU_JA } from './locales/yakuJa';
import { penaltyName } from './words';

/** Words for what the UI shows: rounds, seats, yaku, draws, fault effects. */

/** A wind's word (0 = East … 3 = North) in the page's language. */
export const windWord = (i: number): string => t(`wind.${i % 4}` as 'wind.0');

/** "East 1" (東1局) from the round index (0 = East 1, 4 = South 1). */
export const roundName = (round: number): string => t('round', { wind: windWord(round >> 2), n: (round % 4) + 1 });

const DRAW_KINDS: DrawKind[] = ['exhaustive', 'nagashiMangan', 'nineTerminals', 'fourWinds', 'fourKans', 'fourRiichi', 'tripleRon'];
export const DRAW_WORDS: Record<DrawKind, string> = Object.defineProperties({} as Record<DrawKind, string>, Object.fromEntries(DRAW_KINDS.map((k) => [k, { get: () => t(`draw.${k}`), enumerable: true }])));

export const yakuName = (id: string): string => ((language() === 'ja' ? YAKU_JA : YAKU_NAMES) as Record<string, string>)[id] ?? id;

const LIMITS = ['mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman', 'kazoeYakuman'] as const;
export const LIMIT_WORDS: Record<string, string> = Object.defineProperties({} as Record<string, string>, Object.fromEntries(LIMITS.map((k) => [k, { get: () => t(`limit.${k}`), enumerable: true }])));

const EFFECTS = ['cancel', 'pass', 'apply', 'discardInstead', 'stay', 'replace', 'manual'] as const;
/** What happens to a judged move: "the declaration is cancelled" (宣言は取り消し); an unknown effect as it came. */
export const effectWords = (e: string | undefined): string => (e ? ((EFFECTS as readonly string[]).includes(e) ? t(`effect.${e}` as 'effect.cancel') : e) : '');

/**
 * "chombo: 20 penalty points, hand redealt" (`rules`: the ruleset's chombo size). In Japanese the
 * penalty's name (チョンボ): the sentence beside it (words.ts) says what it does to the scores.
 */
export function penaltyWords(p: Penalty, rules?: Parameters<typeof describePenalty>[1]): string {
  if (language() === 'ja') return penaltyName(p);
  try {
    return describePenalty(p, rules);
  } catch {
    return p.kind;
  }
}
