import { cleanText } from '@jantaku/shared/text';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Structured logs: one JSON line per event (pino). Table events carry public facts only — seats,
 * rules, scores, yaku — never tile ids, hands, walls or seeds: every helper below copies the
 * fields it names and nothing else, so a caller handing over a whole engine record leaks nothing.
 */

/** The level: env LOG_LEVEL; else silent under tests (NODE_ENV=test or vitest), else `info`. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOG_LEVEL) return env.LOG_LEVEL;
  if (env.NODE_ENV === 'test' || env.VITEST) return 'silent';
  return 'info';
}

/** Fields never written, wherever a careless caller puts them: passwords, hashes, session tokens, API keys. */
export const SECRET_PATHS = ['password', 'hash', 'token', 'authorization', 'apiKey', 'key', '*.password', '*.hash', '*.token', '*.authorization', '*.apiKey', '*.key', '*.headers.authorization'];

/** A logger writing JSON lines to `destination` (default stdout). */
export function createLogger(destination?: DestinationStream, level = logLevel()): Logger {
  return pino({ level, base: { service: 'jantaku' }, timestamp: pino.stdTimeFunctions.isoTime, redact: { paths: SECRET_PATHS, censor: '[redacted]' } }, destination as DestinationStream);
}

/** The process's logger. */
export const logger: Logger = createLogger();

type Seat = number;
/** Who a client is at a table. */
export type Role = Seat | 'spectator' | 'commentator';

export interface TableCreatedInfo {
  ruleset: string;
  foulPolicy?: string;
  /** Bot seats, or how many. */
  bots?: number | readonly number[];
  private?: boolean;
}

export interface FaultInfo {
  seat: Seat;
  rule: string;
  /** A referee Penalty: only its kind, points and the number of penalty tiles are logged. */
  penalty?: { kind: string; points?: number; tiles?: number | string } | null;
  reason?: string;
}

/** A hand's end: an engine `HandResult` fits (plus, optionally, the hand number and scores after it). */
export interface HandSummary {
  kind: string;
  /** 1-based number of the hand in the game. */
  number?: number;
  draw?: string;
  wins?: readonly {
    winner: Seat;
    from: Seat;
    tsumo: boolean;
    score?: { han: number; fu: number; yakuman: number; limit: string | null; yaku?: readonly { id: string }[] };
    pao?: Seat | null;
  }[];
  tenpai?: readonly Seat[];
  deltas?: readonly number[];
  nagashi?: readonly Seat[];
  chombo?: readonly { seat: Seat; rule: string }[];
  scores?: readonly number[];
}

/** A seat's final place: an engine `Standing` fits. */
export interface StandingInfo {
  seat: Seat;
  rank: number;
  points: number;
  penalty: number;
  final: number;
}

const role = (r: Role) => (typeof r === 'number' ? { role: 'player', seat: r } : { role: r });
const text = (s: unknown, max = 200): string | undefined => (s === undefined || s === null ? undefined : String(s).slice(0, max));
const nums = (a: readonly number[] | undefined) => (a ? a.map(Number) : undefined);

/** Only a penalty's kind, its points and how many tiles — not which. */
function penaltyOf(p: FaultInfo['penalty']) {
  if (!p) return {};
  return {
    penalty: String(p.kind),
    ...(typeof p.points === 'number' ? { penaltyPoints: p.points } : {}),
    ...(p.kind === 'penaltyTiles' && p.tiles !== undefined ? { penaltyTileCount: p.tiles } : {}),
  };
}

/** The game events a table logs, on `log` (default: the process's logger). */
export function tableEvents(log: Logger = logger) {
  const event = (level: 'info' | 'warn' | 'error', name: string, table: string, fields: object, msg: string) =>
    log[level]({ event: name, table, ...fields }, msg);
  return {
    tableCreated(id: string, o: TableCreatedInfo): void {
      const bots = typeof o.bots === 'number' ? o.bots : o.bots ? [...o.bots].map(Number) : 0;
      event('info', 'tableCreated', id, { ruleset: text(o.ruleset), foulPolicy: text(o.foulPolicy), bots, private: o.private === true }, 'table created');
    },
    /** `name`: the player's name as the table keeps it (cleaned: shared/src/text.ts), a field of its own, never in the message. */
    playerJoined(id: string, who: Role, name?: string): void {
      event('info', 'playerJoined', id, { ...role(who), ...(name ? { name: text(cleanText(name), 200) } : {}) }, 'joined');
    },
    playerLeft(id: string, who: Role, reason: string | number): void {
      event('info', 'playerLeft', id, { ...role(who), reason: typeof reason === 'number' ? reason : text(reason) }, 'left');
    },
    fault(id: string, f: FaultInfo): void {
      event('info', 'fault', id, { seat: f.seat, rule: text(f.rule), ...penaltyOf(f.penalty), reason: text(f.reason) }, 'fault');
    },
    handEnded(id: string, h: HandSummary): void {
      event(
        'info',
        'handEnded',
        id,
        {
          number: h.number,
          kind: text(h.kind),
          draw: text(h.draw),
          wins: h.wins?.map((w) => ({
            winner: w.winner,
            from: w.from,
            tsumo: w.tsumo,
            han: w.score?.han,
            fu: w.score?.fu,
            yakuman: w.score?.yakuman,
            limit: w.score?.limit ?? null,
            yaku: w.score?.yaku?.map((y) => String(y.id)),
            pao: w.pao ?? null,
          })),
          tenpai: nums(h.tenpai),
          nagashi: nums(h.nagashi),
          chombo: h.chombo?.map((c) => ({ seat: c.seat, rule: text(c.rule) })),
          deltas: nums(h.deltas),
          scores: nums(h.scores),
        },
        'hand ended',
      );
    },
    gameEnded(id: string, standings: readonly StandingInfo[]): void {
      const out = standings.map((s) => ({ seat: s.seat, rank: s.rank, points: s.points, penalty: s.penalty, final: s.final }));
      event('info', 'gameEnded', id, { standings: out }, 'game ended');
    },
    tableRecovered(id: string, commands: number): void {
      event('info', 'tableRecovered', id, { commands }, 'table recovered');
    },
    storeFailed(id: string, err: unknown): void {
      // The error's message and stack name the failure (SQLite's); they hold no game data.
      const e = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { message: text(err) };
      event('error', 'storeFailed', id, { err: e }, 'the store failed');
    },
    storeRecovered(id: string): void {
      event('info', 'storeRecovered', id, {}, 'the store takes writes again, the table goes on');
    },
    gamesPurged(count: number, retentionDays: number): void {
      event('info', 'gamesPurged', '(retention)', { count, retentionDays }, 'finished games past their retention deleted');
    },
  };
}

export type TableEvents = ReturnType<typeof tableEvents>;

/** Table events on the process's logger. */
export const events: TableEvents = tableEvents();
