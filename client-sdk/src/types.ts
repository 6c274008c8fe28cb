import type { HandResult, Seat, Standing } from '@jantaku/shared/game/types';
import type { FaultEvent, RefereeEvent } from '@jantaku/shared/referee/referee';
import type { TableState } from '@jantaku/shared/schema/table';
import type { TileId } from '@jantaku/shared/tiles/index';
import type { QueueStatus } from '@jantaku/shared/api/queue';

export type { Command, HandResult, LegalAction, Seat, Standing } from '@jantaku/shared/game/types';
export type { FaultEvent, FaultCancelledEvent, RefereeEvent } from '@jantaku/shared/referee/referee';
export type { Penalty } from '@jantaku/shared/referee/penalty';
export type { TableState } from '@jantaku/shared/schema/table';
export type { TableView } from '@jantaku/shared/game/views';
export type { TileId } from '@jantaku/shared/tiles/index';
// The HTTP answers' shapes: defined once in shared, where the server's routes take them from too.
export type { Account, ApiKeyInfo } from '@jantaku/shared/api/accounts';
export type { LeaderboardEntry, PlayerGame, PlayerProfile, PlayerStats, Rating } from '@jantaku/shared/api/players';
export type { QueueKind, QueueStatus } from '@jantaku/shared/api/queue';
export type { NextTable } from '@jantaku/shared/api/tournaments';

export type RulesetName = 'tenhou' | 'wrc2015' | 'ema2012' | 'ema2016' | 'russian';
export type BotStrategyName = 'efficiency' | 'tsumogiri';

/** Options to create a table (see the wire protocol). Unknown options are refused by the server. */
export interface CreateOptions {
  ruleset?: RulesetName;
  /** Ruleset fields to override, e.g. `{ foulPolicy: 'penalise' }`. */
  overrides?: Record<string, unknown>;
  seed?: string;
  /** Built-in bots: a count (the last seats) or the seat numbers. */
  bots?: number | Seat[];
  bot?: BotStrategyName;
  botDelayMs?: number;
  handPauseMs?: number;
  /** How long a dropped player's seat waits for them, s (server default 60). */
  reconnectSeconds?: number;
  /** Who plays a seat whose player is gone for good: `tsumogiri` (default) or `bot`. */
  absent?: 'tsumogiri' | 'bot';
  /** Not listed in the lobby. */
  private?: boolean;
  /** Delay of the commentator feed, ms; null: no commentator view. */
  commentatorDelayMs?: number | null;
  /** A table nobody is at before its game began closes after this many seconds (server default 60). */
  closeEmptySeconds?: number;
  /** The table's title (the creator's own name is `playerName`). */
  name?: string;
}

/** How to sit at a table: a seat (a chosen one or the first free) and a player name. */
export interface SeatOptions {
  seat?: Seat;
  name?: string;
  /** A private table's invite code (the `invite` of a seated player's Table). */
  code?: string;
}

/** Watching (as a spectator or a commentator): a private table's invite code. */
export interface WatchOptions {
  code?: string;
}

/** Creating: the table's options and the creator's own place (a seat, or `spectator: true`) and name. */
export interface CreateTableOptions extends CreateOptions {
  seat?: Seat;
  spectator?: boolean;
  playerName?: string;
}

/** A seat taken back after a dropped connection or a server restart. */
export interface RejoinOptions {
  seat: Seat;
  token: string;
  name?: string;
}

/** Back-off of the automatic reconnection. */
export interface ReconnectOptions {
  /** Attempts of each of the two ways back (Colyseus's reconnect, then the seat token). Default 8. */
  retries?: number;
  /** First delay, ms (doubles each attempt). Default 100. */
  minDelayMs?: number;
  /** Largest delay, ms. Default 5000. */
  maxDelayMs?: number;
}

export interface ConnectOptions {
  /** false: no automatic reconnection. */
  reconnect?: ReconnectOptions | false;
  /** How long an action waits for the server's answer, ms. Default 10000. */
  requestTimeoutMs?: number;
  /** HTTP headers sent with every matchmaking request (e.g. a proxy's, or an Authorization header). */
  headers?: Record<string, string>;
  /** A session token from an earlier `login`/`register`/`guest` (e.g. kept by the page). */
  session?: string;
  /** A bot account's API key (`jtk_…`): traded for a session before the first table is joined. */
  apiKey?: string;
}

export interface QueueOptions {
  /** Leaves the queue (and rejects `queue()` with QUEUE_LEFT) when aborted. */
  signal?: AbortSignal;
  /** Each status while waiting. */
  onStatus?: (status: QueueStatus) => void;
}

/** Who is at a seat: nobody yet, a connected player, a dropped one (the seat waits), one gone for good (played out), a bot. */
export type Presence = 'empty' | 'player' | 'away' | 'absent' | 'bot';

/** A seat as the lobby lists it. */
export interface ListedSeat {
  presence: Presence;
  name: string;
}

/** A table as the lobby and `GET /api/tables` list it (the server's listing metadata, plus id and clients). */
export interface TableListing {
  id: string;
  clients: number;
  name?: string;
  ruleset?: string;
  foulPolicy?: string;
  timeControl?: string;
  /** Whether the creator named the table (else `name` is the ruleset's name and clients name it from the fields below). */
  named?: boolean;
  /** The ruleset it started from ("wrc2015", without "+custom"). */
  baseRuleset?: string;
  length?: 'hanchan' | 'tonpuusen';
  /** The time control in seconds: [turn, bank] (bank), [turn] (WSOM), [] (none). */
  clockSeconds?: number[];
  seats?: ListedSeat[];
  /** Seats nobody has taken yet. */
  free?: number;
  spectators?: number;
  /** Whether the table has a commentator view. */
  commentators?: boolean;
  /** e.g. "E2-1"; '' before the first deal. */
  hand?: string;
  started?: boolean;
  finished?: boolean;
  [field: string]: unknown;
}

/** The server's answer to an applied action (refusals reject with a JantakuError instead). */
export type { ActionReply } from '@jantaku/shared/api/table';

/** A hand's end, read from the table state (the same fields as the engine's `handEnded` event). */
export interface HandEnded {
  /** Hands dealt so far, this one included. */
  hand: number;
  result: HandResult;
  scores: number[];
  uraIndicators: TileId[];
}

/** A batch of the commentator feed: the events of one moment, `at` (server epoch ms) when they happened. */
export interface Commentary {
  at: number;
  events: RefereeEvent[];
}

/** What a Table emits; `on(type, cb)` is typed by this map. */
export interface TableEvents {
  /** Every decoded state (full state or patch). */
  change: (state: TableState) => void;
  /** Each referee event the server sends this client (its seat's and the public ones). */
  event: (event: RefereeEvent) => void;
  /** A commentator's batch (its events are also delivered one by one as `event`). */
  commentary: (batch: Commentary) => void;
  /** A fault announced at the table (also delivered as an `event`). */
  fault: (fault: FaultEvent) => void;
  handEnded: (ended: HandEnded) => void;
  gameEnded: (ended: { standings: Standing[] }) => void;
  /** The server sent this client its seat and seat token. */
  seat: (seat: { seat: Seat; token: string }) => void;
  /** Gone for good: `leave()`, the server closed the table, or every reconnection failed. */
  leave: (info: { code: number; reason?: string }) => void;
  /** The connection dropped; the SDK is trying to get back. */
  reconnecting: (info: { code: number; reason?: string; via: 'colyseus' | 'token'; attempt: number }) => void;
  /** Back at the table (same seat). */
  reconnected: (info: { via: 'colyseus' | 'token' }) => void;
  /** An `error` message of the server (e.g. UNKNOWN_MESSAGE). */
  error: (error: { code: string; reason: string }) => void;
}
