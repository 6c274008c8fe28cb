import { describePenalty, type Penalty } from '@jantaku/shared/referee/penalty';
import type { DrawKind } from '@jantaku/shared/game/types';
import { YAKU_NAMES } from '@jantaku/shared/scoring/yakuNames';

/** Words for what the UI shows: rounds, seats, yaku, draws, fault effects. */

export const WIND_WORDS = ['East', 'South', 'West', 'North'];

/** "East 1" from the round index (0 = East 1, 4 = South 1). */
export const roundName = (round: number): string => `${WIND_WORDS[(round >> 2) % 4]} ${(round % 4) + 1}`;

export const DRAW_WORDS: Record<DrawKind, string> = {
  exhaustive: 'Exhaustive draw',
  nagashiMangan: 'Nagashi mangan',
  nineTerminals: 'Nine terminals (kyuushu kyuuhai)',
  fourWinds: 'Four winds discarded',
  fourKans: 'Four kans',
  fourRiichi: 'Four riichi',
  tripleRon: 'Triple ron',
};

export const yakuName = (id: string): string => (YAKU_NAMES as Record<string, string>)[id] ?? id;

export const LIMIT_WORDS: Record<string, string> = {
  mangan: 'Mangan', haneman: 'Haneman', baiman: 'Baiman', sanbaiman: 'Sanbaiman', yakuman: 'Yakuman', kazoeYakuman: 'Kazoe yakuman',
};

const EFFECT_WORDS: Record<string, string> = {
  cancel: 'the declaration is cancelled',
  pass: 'treated as a pass',
  apply: 'the move stands',
  discardInstead: 'the tile is discarded instead',
  stay: 'the tiles stay exposed',
  replace: 'the move is replaced by the correct one',
  manual: "the referee's decision",
};
export const effectWords = (e: string | undefined): string => (e ? (EFFECT_WORDS[e] ?? e) : '');

/** "chombo: 20 penalty points, hand redealt" (`rules`: the ruleset's chombo size). */
export function penaltyWords(p: Penalty, rules?: Parameters<typeof describePenalty>[1]): string {
  try {
    return describePenalty(p, rules);
  } catch {
    return p.kind;
  }
}
