import type { Ruleset } from '../rules/schema';

/**
 * A penalty, as the rulebooks give them (docs/REFEREE.md, "Penalty words", §2 and §3).
 *
 * The kind says what happens; where a size depends on the ruleset the size is not here:
 * a `chombo` is 20 global points and a redeal under WRC (`chombo.kind: 'globalPoints'`) and a
 * mangan payment and a redeal under EMA 2012 and the Russian rules (`chombo.kind: 'mangan'`),
 * read from the ruleset's `chombo` field (§3.2).
 */
export type Penalty =
  /** No penalty (the declaration is cancelled unless the rule says it stands). */
  | { kind: 'none' }
  /** A warning (Russian rules: every later warning in the game is a dead hand, §3.6). */
  | { kind: 'warning' }
  /** Dead hand to the end of the hand (§3.1). */
  | { kind: 'deadHand' }
  /** Chombo of the ruleset's `chombo.kind`; the hand is redealt (§3.2). */
  | { kind: 'chombo' }
  /**
   * Penalty points off the global score (WRC-P-POINTS, §3.5). With `per`, `points` is charged per
   * started unit of lateness or of time over a limit (WRC-F-LATE-1-10: 1 per started minute;
   * WSOM-TIME-TURN/-HAND: 5 per started 15 s).
   */
  | { kind: 'points'; points: number; per?: PointsRate }
  /**
   * WSOM penalty tiles (§3.7): a number of the seat's tiles (all of them if it holds fewer),
   * every concealed tile (a false win shown), or the wrongly exposed tiles (a claim fixed at once).
   */
  | { kind: 'penaltyTiles'; tiles: number | 'allConcealed' | 'wronglyExposed' }
  /** Disqualification from the tournament; RUS-CHOMBO-J-REPEAT adds a ban for the current year. */
  | { kind: 'disqualification'; ban?: 'currentYear' }
  /** Replaced by a substitute for the hanchan (WRC-F-LATE-OVER-10). */
  | { kind: 'substitute' }
  /** Deemed to have resigned: the seat is auto-played for the rest of the hanchan (WSOM-TIME-RESIGN). */
  | { kind: 'resign' }
  /** The hand is redealt without penalty (WRC-F-REVEAL-DEAL). */
  | { kind: 'redeal' }
  /**
   * Chosen by a referee (§3.10). `range` lists the kinds the rule allows (WRC-F-PHONE: points
   * only; RUS-CHOMBO-I/-K: chombo); without it any kind may be chosen. A discretionary penalty
   * may always be no penalty at all.
   */
  | { kind: 'discretion'; range?: readonly ChosenPenaltyKind[] };

export type PenaltyKind = Penalty['kind'];

/** The kinds a referee may choose for a discretionary penalty. */
export type ChosenPenaltyKind = Exclude<PenaltyKind, 'discretion'>;

/** `points` per started `unitMs` of lateness (late arrival) or of overrun (time over a limit). */
export interface PointsRate {
  unitMs: number;
  of: 'lateness' | 'overrun';
}

export const PENALTY_KINDS: readonly PenaltyKind[] = [
  'none',
  'warning',
  'deadHand',
  'chombo',
  'points',
  'penaltyTiles',
  'disqualification',
  'substitute',
  'resign',
  'redeal',
  'discretion',
];

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function unitName(ms: number): string {
  if (ms === 60_000) return 'minute';
  if (ms % 60_000 === 0) return `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return `${ms / 1000} seconds`;
  return `${ms} ms`;
}

const KIND_NAME: Record<ChosenPenaltyKind, string> = {
  none: 'no penalty',
  warning: 'warning',
  deadHand: 'dead hand',
  chombo: 'chombo',
  points: 'penalty points',
  penaltyTiles: 'penalty tiles',
  disqualification: 'disqualification',
  substitute: 'substitute',
  resign: 'resignation',
  redeal: 'redeal',
};

/**
 * One line for people: "dead hand", "20 penalty points", "chombo: 20 penalty points, hand
 * redealt" (WRC rulesets), "chombo: mangan payment, hand redealt" (EMA 2012, Russian). Without
 * `rules` a chombo is described without its size.
 */
export function describePenalty(p: Penalty, rules?: Pick<Ruleset, 'chombo'>): string {
  switch (p.kind) {
    case 'none':
      return 'no penalty';
    case 'warning':
      return 'warning';
    case 'deadHand':
      return 'dead hand';
    case 'chombo': {
      const c = rules?.chombo;
      if (c === undefined) return 'chombo, hand redealt';
      switch (c.kind) {
        case 'globalPoints':
          return `chombo: ${plural(c.points, 'penalty point', 'penalty points')}, hand redealt`;
        case 'mangan':
          return 'chombo: mangan payment, hand redealt';
        case 'none':
          return 'chombo (this ruleset refuses faults instead of penalising them)';
      }
    }
    case 'points': {
      const pts = plural(p.points, 'penalty point', 'penalty points');
      if (p.per === undefined) return pts;
      return `${pts} per started ${unitName(p.per.unitMs)} ${p.per.of === 'lateness' ? 'late' : 'over the limit'}`;
    }
    case 'penaltyTiles':
      if (p.tiles === 'allConcealed') return 'every concealed tile becomes a penalty tile';
      if (p.tiles === 'wronglyExposed') return 'the wrongly exposed tiles become penalty tiles';
      return plural(p.tiles, 'penalty tile', 'penalty tiles');
    case 'disqualification':
      return p.ban === 'currentYear' ? 'disqualification and a ban from tournaments for the current year' : 'disqualification';
    case 'substitute':
      return 'replaced by a substitute for the hanchan';
    case 'resign':
      return 'deemed to have resigned: the seat is auto-played';
    case 'redeal':
      return 'hand redealt, no penalty';
    case 'discretion':
      if (p.range === undefined || p.range.length === 0) return "penalty at the referee's discretion";
      return `at the referee's discretion: ${p.range.map((k) => KIND_NAME[k]).join(' or ')}`;
  }
}
