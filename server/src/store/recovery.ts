import { parseRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import type { GameOptions } from '@jantaku/shared/game/game';
import { Referee, type Judged, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { GameStore, CommandRow } from './gameStore';

/** Why one game could not be recovered: the game, the command at fault (null: the game's own record) and why. */
export interface RecoveryFailure {
  gameId: string;
  /** The seq (index in the log) of the first command at fault, or null if the game's record itself is bad. */
  index: number | null;
  reason: string;
}

export interface Recovery {
  /** Every unfinished game rebuilt, by id. */
  games: Map<string, Referee>;
  /** Games refused, each with the command at fault; the others recover regardless. */
  failures: RecoveryFailure[];
}

export class CorruptLogError extends Error {
  constructor(readonly failure: RecoveryFailure) {
    super(`game ${failure.gameId}${failure.index === null ? '' : `, command ${failure.index}`}: ${failure.reason}`);
    this.name = 'CorruptLogError';
  }
}

/** What recovery may log (a pino logger fits). */
export interface RecoveryLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Rebuilds every unfinished game from its stored log. A corrupt game is reported, never thrown. */
export function recoverGames(store: GameStore, log?: RecoveryLogger): Recovery {
  const games = new Map<string, Referee>();
  const failures: RecoveryFailure[] = [];
  for (const record of store.listGames({ status: 'open' })) {
    try {
      const referee = recoverGame(store, record.id);
      games.set(record.id, referee);
      log?.info({ gameId: record.id, commands: referee.log.length, phase: referee.game.phase }, 'game recovered');
    } catch (e) {
      const failure = e instanceof CorruptLogError ? e.failure : { gameId: record.id, index: null, reason: String((e as Error)?.message ?? e) };
      failures.push(failure);
      log?.error({ ...failure }, 'game not recovered: corrupt record');
    }
  }
  return { games, failures };
}

/**
 * Rebuilds one game with `Referee.replay`, then checks that every stored command was accepted
 * again exactly as logged. Throws CorruptLogError naming the first command at fault.
 */
export function recoverGame(store: GameStore, gameId: string, options: Pick<GameOptions, 'handSteps'> = {}): Referee {
  const fail = (index: number | null, reason: string): never => {
    throw new CorruptLogError({ gameId, index, reason });
  };
  const record = store.getGame(gameId) ?? fail(null, 'no such game');
  let rules: Ruleset;
  try {
    rules = parseRuleset(record.rules);
  } catch (e) {
    return fail(null, `stored ruleset is invalid: ${(e as Error).message}`);
  }
  const log = parseLog(store.commandRows(gameId), fail);
  const opts = { rules, seed: record.seed, wallAlgorithm: record.wallAlgorithm, ...options };
  let referee: Referee | null = null;
  try {
    referee = Referee.replay(opts, log);
  } catch {
    // Find the command that throws below.
  }
  if (referee && sameLog(referee.log, log)) return referee;
  // Something was refused or threw: replay step by step to name the first command at fault.
  const stepwise = new Referee(opts);
  for (let i = 0; i < log.length; i++) {
    const entry = log[i];
    let judged: Judged;
    try {
      judged = stepwise.step(entry);
    } catch (e) {
      return fail(i, `replaying it throws: ${(e as Error)?.message ?? e}`);
    }
    if (!judged.ok) return fail(i, `refused on replay: ${judged.refusal.code} ${judged.refusal.reason}`);
    if (stepwise.log.length !== i + 1 || JSON.stringify(stepwise.log[i]) !== JSON.stringify(entry))
      return fail(i, 'replayed, but not logged as stored');
  }
  return fail(null, 'replay differs from the stored log');
}

function sameLog(a: readonly RefereeLogEntry[], b: readonly RefereeLogEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}

/** Parses the rows and checks their shape: seqs 0..n-1 with no gap, each a log entry. */
function parseLog(rows: readonly CommandRow[], fail: (index: number | null, reason: string) => never): RefereeLogEntry[] {
  return rows.map((row, i) => {
    if (row.seq !== i) fail(i, `command ${i} is missing (next stored seq is ${row.seq})`);
    let entry: unknown;
    try {
      entry = JSON.parse(row.entry);
    } catch {
      return fail(i, 'not JSON');
    }
    if (!isEntry(entry)) return fail(i, 'not a referee log entry');
    return entry;
  });
}

function isEntry(v: unknown): v is RefereeLogEntry {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const { seat, command } = v as { seat?: unknown; command?: unknown };
  if (!Number.isInteger(seat) || (seat as number) < -2 || (seat as number) > 3) return false;
  if (!command || typeof command !== 'object' || typeof (command as { type?: unknown }).type !== 'string') return false;
  if (seat === -1) return ['nextHand', 'endGame'].includes((command as { type: string }).type);
  if (seat === -2) return (command as { type: string }).type === 'manualFault';
  return true;
}
