import { z } from 'zod';
import { entryOf } from './catalogue';

/**
 * The tournament layer's data (docs/REFEREE.md §3.5, §3.9): its settings and the events a
 * tournament is made of. A tournament is its event list; everything else (scores, ledger,
 * ranking) is computed from it by `tournament.ts`, so the list is all that is stored.
 */

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Settings
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const TournamentConfigSchema = z.strictObject({
  /** WRC-F-LATE-1-10: `latePointsPerUnit` penalty points per started `lateUnitMs` of lateness (D24). */
  lateUnitMs: z.number().int().positive(),
  latePointsPerUnit: z.number().min(0),
  /** WRC-F-LATE-OVER-10: more than this late, the player is replaced for the hanchan. */
  lateLimitMs: z.number().int().min(0),
  /** WRC-F-MISSED-PENALTY: points for a missed hanchan, in all (late points not added: WRC-F-MISSED-LATE-CAP). */
  missedPoints: z.number().min(0),
});

export type TournamentConfig = z.infer<typeof TournamentConfigSchema>;

function catalogueLate(): { unitMs: number; points: number } {
  const p = entryOf('WRC-F-LATE-1-10').penalty;
  if (p?.kind !== 'points' || p.per === undefined) throw new Error('WRC-F-LATE-1-10 must carry points per unit of lateness');
  return { unitMs: p.per.unitMs, points: p.points };
}

function catalogueMissed(): number {
  const p = entryOf('WRC-F-MISSED-PENALTY').penalty;
  if (p?.kind !== 'points') throw new Error('WRC-F-MISSED-PENALTY must carry penalty points');
  return p.points;
}

/**
 * The WRC 2015 settings, read from the rule catalogue: 1 point per started minute late,
 * substitute after 10 minutes, 30 points for a missed hanchan (RULESETS.md, D24).
 */
export const WRC_TOURNAMENT: TournamentConfig = Object.freeze({
  lateUnitMs: catalogueLate().unitMs,
  latePointsPerUnit: catalogueLate().points,
  lateLimitMs: 10 * 60_000,
  missedPoints: catalogueMissed(),
});

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Events
// ─────────────────────────────────────────────────────────────────────────────────────────────

const id = () => z.string().min(1);
const note = () => z.string().optional();
const seat = () => z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** A penalty of a game's ledger (the engine's `PenaltyRecord`). */
export const GamePenaltySchema = z.object({ seat: seat(), rule: z.string().min(1), points: z.number(), hand: z.number().int() });

/**
 * A fault the referee recorded in a game (the referee's `FaultRecord`, the fields the tournament
 * reads): a disqualification penalty removes the seat's player from the ranking; RUS-CHOMBO-J
 * counts toward RUS-CHOMBO-J-REPEAT.
 */
export const GameFaultSchema = z.object({
  seat: seat(),
  rule: z.string().min(1),
  penalty: z.looseObject({ kind: z.string(), ban: z.literal('currentYear').optional() }),
  cancelled: z.boolean().optional(),
});

export type GameFault = z.infer<typeof GameFaultSchema>;

export const StandingSchema = z.object({ seat: seat(), rank: z.number().int().min(1).max(4), points: z.number(), penalty: z.number(), final: z.number() });

export const TournamentEventSchema = z.discriminatedUnion('type', [
  /** A person: a ranked player, or a substitute (never ranked, WRC-F-MISSED-SUB-SCORE). */
  z.strictObject({ type: z.literal('register'), id: id(), name: z.string(), role: z.enum(['player', 'substitute']) }),
  /**
   * A hanchan: four players by seat (seat 0 is the first dealer), its ruleset, its scheduled start
   * (ms). `fill`: seats a substitute plays from the start, when the number of players is not a
   * multiple of 4 (the seat's score is the substitute's, never ranked: WRC-F-MISSED-SUB-SCORE).
   */
  z.strictObject({ type: z.literal('schedule'), id: id(), ruleset: id(), seats: z.tuple([id(), id(), id(), id()]), start: z.number().int().optional(), fill: z.array(seat()).optional() }),
  /** Late arrival (WRC-F-LATE-*), with the substitute who takes the seat if it is over the limit. */
  z.strictObject({ type: z.literal('late'), hanchan: id(), player: id(), lateMs: z.number().int().min(0), substitute: id().optional() }),
  /** A hanchan the player misses (WRC-F-MISSED-PENALTY), with the substitute who takes the seat. */
  z.strictObject({ type: z.literal('missed'), hanchan: id(), player: id(), substitute: id().optional(), note: note() }),
  /** Names (or changes) the substitute for an absent or disqualified player's seat. */
  z.strictObject({ type: z.literal('substitute'), hanchan: id(), player: id(), substitute: id() }),
  /**
   * RUS-SPECIAL-ABANDON: the player refuses to go on; the seat is finished by a substitute or by
   * tsumogiri and the results count. `missed`: treat it as a missed hanchan (WRC/EMA, by the
   * referee's hand, §3.9): the player gets 0 and the missed-hanchan points instead of the seat's result.
   */
  z.strictObject({ type: z.literal('abandon'), hanchan: id(), player: id(), substitute: id().optional(), missed: z.boolean().optional(), note: note() }),
  /**
   * A seating corrected in a running hanchan, between hands (the wrong player was sent, or two
   * seats were swapped): from hand `hand` on (0-based, as the game counts its deals) each changed
   * seat is `player`'s. A seat's result is one result: it counts wholly for the account that
   * holds the seat when the hanchan ends (docs/TOURNAMENTS.md, "Correcting seats").
   */
  z.strictObject({ type: z.literal('reseat'), hanchan: id(), seats: z.array(z.strictObject({ seat: seat(), player: id() })).min(1).max(4), hand: z.number().int().min(0), note: note() }),
  /** RUS-SPECIAL-ABANDON: a hanchan that cannot be finished is void by decision; its results are not counted. */
  z.strictObject({ type: z.literal('void'), hanchan: id(), rule: id(), note: note() }),
  /** The game in progress: its penalty ledger and faults so far (each snapshot replaces the last). */
  z.strictObject({ type: z.literal('progress'), hanchan: id(), penalties: z.array(GamePenaltySchema), faults: z.array(GameFaultSchema) }),
  /** The finished game: its standings (by seat) and its faults. */
  z.strictObject({ type: z.literal('result'), hanchan: id(), standings: z.array(StandingSchema).length(4), faults: z.array(GameFaultSchema) }),
  /** Penalty points outside a game (§3.10 `points`), optionally tied to a hanchan. */
  z.strictObject({ type: z.literal('penalty'), player: id(), rule: id(), points: z.number().positive(), note: note(), hanchan: id().optional() }),
  /** Cheating seen outside a game's log: WRC-F-CHEAT disqualifies; RUS-CHOMBO-J counts toward RUS-CHOMBO-J-REPEAT. */
  z.strictObject({ type: z.literal('cheat'), player: id(), rule: z.enum(['WRC-F-CHEAT', 'RUS-CHOMBO-J']), hanchan: id().optional(), note: note() }),
  /** A referee's disqualification (WRC-P-DQ) under a rule that allows it. */
  z.strictObject({ type: z.literal('disqualify'), player: id(), rule: id(), note: note(), ban: z.literal('currentYear').optional() }),
]);

export type TournamentEvent = z.infer<typeof TournamentEventSchema>;

/** The serialised form: settings and events, nothing derived. */
export const TournamentDataSchema = z.strictObject({
  format: z.literal('jantaku-tournament'),
  version: z.literal(1),
  name: z.string(),
  config: TournamentConfigSchema,
  events: z.array(TournamentEventSchema),
});

export type TournamentData = z.infer<typeof TournamentDataSchema>;
