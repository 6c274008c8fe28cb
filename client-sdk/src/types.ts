import type { HandResult, Seat, Standing } from '@jantaku/shared/game/types';
import type { FaultEvent, RefereeEvent } from '@jantaku/shared/referee/referee';
import type { Penalty } from '@jantaku/shared/referee/penalty';
import type { TableState } from '@jantaku/shared/schema/table';
import type { TileId } from '@jantaku/shared/tiles/index';

export type { Command, HandResult, LegalAction, Seat, Standing } from '@jantaku/shared/game/types';
export type { FaultEvent, FaultCancelledEvent, RefereeEvent } from '@jantaku/shared/referee/referee';
export type { Penalty } from '@jantaku/shared/referee/penalty';
export type { TableState } from '@jantaku/shared/schema/table';
export type { TableView } from '@jantaku/shared/game/views';
export type { TileId } from '@jantaku/shared/tiles/index';

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

/** An account as the server shows it (`GET /api/me`). */
export interface Account {
  id: string;
  name: string;
  role: 'player' | 'organiser' | 'admin';
  /** A guest: no name or password yet (`register` turns it into an account, keeping its id). */
  guest: boolean;
  /** A bot account: it logs in with an API key (`loginWithKey`), and its owner manages its keys. */
  bot: boolean;
  created: string;
}

/**
 * A player's statistics over their finished games (`GET /api/players/:name`). Rates are fractions
 * 0..1 (null with nothing to divide by): wins, deal-ins, riichi and calls per hand, as Tenhou
 * counts them; places per game; tsumo per win. Values are the hands' points before honba and sticks.
 */
export interface PlayerStats {
  games: number;
  hands: number;
  averagePlacement: number | null;
  /** Rate of 1st, 2nd, 3rd and 4th places. */
  placements: [number, number, number, number] | null;
  placementCounts: [number, number, number, number];
  wins: number;
  tsumo: number;
  dealIns: number;
  riichi: number;
  calls: number;
  winRate: number | null;
  dealInRate: number | null;
  riichiRate: number | null;
  callRate: number | null;
  tsumoRate: number | null;
  averageWin: number | null;
  averageDealIn: number | null;
  /** Average final table points. */
  averageScore: number | null;
  /** Referee's fouls by rule ID. */
  fouls: Record<string, number>;
}

/** One game of a player's history, with links (paths on the server) to its replay and downloads. */
export interface PlayerGame {
  id: string;
  ruleset: string;
  status: 'open' | 'finished';
  created: string;
  finished: string | null;
  seat: number;
  placement: number | null;
  /** Final table points, and the score in global points. */
  score: number | null;
  final: number | null;
  players: string[];
  private: boolean;
  event: unknown;
  /** The web client's replay page (`/#/replay/<id>`). */
  replay: string;
  /** tenhou.net/6 JSON, mjai and mjlog, once the game is over. */
  downloads: { tenhou6: string; mjai: string; mjlog: string } | null;
}

/** A player's profile: ratings, a page of games (newest first) and statistics. */
export interface PlayerProfile {
  name: string;
  guest: boolean;
  bot: boolean;
  created: string;
  /** One per game kind the account has played rated games of. */
  ratings: Rating[];
  stats: PlayerStats;
  games: PlayerGame[];
  page: number;
  pages: number;
  total: number;
}

/** A queue as `GET /api/queues` lists it. */
export interface QueueKind {
  kind: string;
  title: string;
  ruleset: string;
  length: 'hanchan' | 'tonpuusen';
  timeControl: string;
  /** `people`, or `bots`: the bot ladder, bot accounts only. */
  ladder: 'people' | 'bots';
  /** Rated (guests may not queue); quick play is not, and seats bots after `botsAfterSeconds`. */
  ranked: boolean;
  guests: boolean;
  botsAfterSeconds?: number;
  /** Accounts waiting now. */
  waiting: number;
}

/** Where a queued account stands (`GET /api/queue`). */
export type QueueStatus =
  | { status: 'queued'; kind: string; rating: number; waitedMs: number; band: number; waiting: number }
  | { status: 'matching'; kind: string }
  | { status: 'matched'; kind: string; table: string; seat: number };

export interface QueueOptions {
  /** Leaves the queue (and rejects `queue()` with QUEUE_LEFT) when aborted. */
  signal?: AbortSignal;
  /** Each status while waiting. */
  onStatus?: (status: QueueStatus) => void;
}

/** A rating in one kind (`GET /api/leaderboards/:kind`, and a profile's `ratings`). */
export interface Rating {
  kind: string;
  mu: number;
  sigma: number;
  /** Shown and ranked by: openskill's ordinal, mu - 3 sigma. */
  rating: number;
  games: number;
  dan: number;
  danName: string;
  danPoints: number;
}

export interface LeaderboardEntry extends Rating {
  rank: number;
  name: string;
}

/** Where a tournament's player plays next (`nextTable`): the seated round's table, and its game once made. */
export interface NextTable {
  round: number;
  table: number;
  seat: number;
  hanchan: string | null;
  /** The table to join (`join(game)`: the account is seated at its own seat); null until the round starts. */
  game: string | null;
  status: 'seated' | 'playing';
}

/** A bot's API key as `keys` lists it: never the key itself. */
export interface ApiKeyInfo {
  id: string;
  /** The key's first characters (`jtk_` and 6 more), to tell keys apart. */
  prefix: string;
  created: string;
  lastUsed: string | null;
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

/** The server's answer to an applied action. Refusals reject with a JantakuError instead. */
export type ActionReply =
  | { status: 'accepted'; actions: number }
  | { status: 'fault'; actions: number; rule: string; penalty: Penalty; reason: string };

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
