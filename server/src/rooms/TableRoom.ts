import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { generateId, getMessageBytes, Protocol, Room, ServerError, type AuthContext, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { MessageContext } from '@colyseus/shared-types';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { eventsToWire } from '@jantaku/shared/protocol/events';
import { Referee, type Judged, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { prescribedCommand } from '@jantaku/shared/referee/time';
import type { TableState } from '@jantaku/shared/schema/table';
import { cleanText } from '@jantaku/shared/text';
import { committedHand, WallCommitments } from '../fairness';
import { events as log } from '../log';
import type { Metrics } from '../metrics';
import { recoverGame, StoreUnavailableError, type GameStore, type StoredSeat } from '../store/index';
import { DEFAULT_LIMITS, type Limits } from '../limits';
import type { TableQuota } from '../quota';
import type { Capacity } from '../capacity';
import { isInviteCode, originOf, stampOrigin, takeOrigin, type ClientAuth, type Origin } from './admission';
import { TableClock, type ClockStep } from './clock';
import { CommentaryFeed } from './commentary';
import { ClaimPace } from './claimPace';
import { ResultPause } from './resultPause';
import { BOTS, DEFAULT_CLOSE_EMPTY_SECONDS, isPlainObject, isSeat, parseTableOptions, playerName, type StoredSettings, type TableSettings } from './options';
import { newTableState, project, SEATS } from './projection';
import { dropViewQueueAfterFullState } from './fullState';
import { MessageBudget } from './rateLimit';
import type { TableEvents } from './events';
import { answerService, takeService, type ServiceReply, type ServiceTable } from './service';
import { Corked } from './cork';

export { parseTableOptions, type TableOptions } from './options';

/** Options to join: a seat (a chosen one or the first free, or one's own back with its token), or a place to watch. */
export interface JoinOptions {
  seat?: number;
  /** The seat token the server sent in its `seat` message: takes the seat back (after a drop or a restart). */
  token?: string;
  /** The player's name (`playerName` in a create call, where `name` is the table's). */
  name?: string;
  playerName?: string;
  spectator?: boolean;
  /** Every hand, `commentatorDelayMs` late and once it has ended (tables that allow it; not from a player's address). */
  commentator?: boolean;
  /** A private table's invite code: needed to sit (but to take one's seat back with its token) or to watch. */
  code?: string;
}

/** The answer to an `action` request that was applied. Errors are rejections with an `ActionError`. */
export type ActionReply =
  | { status: 'accepted'; actions: number }
  | { status: 'fault'; actions: number; rule: string; penalty: unknown; reason: string };

/** Why an action was refused: nothing changed. `rule` names a rule when `prevent` refused a fault. */
export interface ActionError {
  code: string;
  reason: string;
  rule?: string;
}

/** The `seat` message: the seat a client now plays and the token that takes it back. */
export interface SeatGrant {
  seat: Seat;
  token: string;
  /** At a private table: its invite code, to pass on to whoever should join. */
  invite?: string;
}

export type { Commentary } from './commentary';

type Seating = { seat: Seat } | { spectator: true } | { commentator: true };

/** Largest accepted action message (bytes of its JSON). Larger websocket frames (over 4 KiB) close the connection. */
export const MAX_ACTION_BYTES = 512;

/** Before its game begins, how long a dropped player's seat waits for it at most (s). */
export const PRE_START_RECONNECT_SECONDS = 10;

/** While the disk refuses writes, how often a table tries the store again (ms). */
export const STORE_RETRY_MS = 1000;

/** What a client is told when the store cannot record (a create or join answered 503 with it). */
const UNAVAILABLE = 'UNAVAILABLE: the server cannot record games now (its disk is full or read-only): try again later';

/** Internal create option: rebuild the stored game `recover` (only with this process's key). */
const RECOVERY_KEY = randomUUID();
export function recoveryOptions(gameId: string): Record<string, string> {
  return { recover: gameId, recoveryKey: RECOVERY_KEY };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The address a client's seat reservation came from (admission.ts); undefined for the server's own clients. */
const addressOf = (client: Client | undefined): string | undefined => (client?.auth as ClientAuth | undefined)?.address;

/** Who sits at a seat now. */
type Presence = 'empty' | 'player' | 'away' | 'absent' | 'bot';

/** The close code of a connection whose account took its seat from another device (the SDK does not rejoin). */
export const SEAT_TAKEN_OVER = 4101; // not 4001: that is Colyseus's SERVER_SHUTDOWN, after which the SDK must rejoin
/** The close code of a connection whose seat the table's service gave to another account (the SDK does not rejoin). */
export const SEAT_REASSIGNED = 4102;

/**
 * A table: one refereed game. State goes out only through the schema projection (`project`,
 * from `viewFor`); each seated client's StateView holds its own seat, so its concealed hand,
 * draw and legal actions reach it alone. Events go to each client filtered by audience. Every
 * action is a request answered with accepted, fault (rule, penalty) or an error code; nothing a
 * client sends drops its connection (but a websocket frame over 4 KiB, or one that is not valid
 * Colyseus protocol: Colyseus closes those itself).
 */
export class TableRoom extends Room<{ state: TableState }> {
  /**
   * Where games are recorded (set by `createServer` on the room class it registers); null: not
   * recorded. The room's id is the game's id in the store.
   */
  static store: GameStore | null = null;
  /** The server's metrics (set by `createServer` like `store`); null: not counted. */
  static metrics: Metrics | null = null;
  /** Tables per address (set by `createServer` like `store`); null: no limit. */
  static quota: TableQuota | null = null;
  /** This process's capacity (set by `createServer` like `store`); null: no limit. */
  static capacity: Capacity | null = null;
  /** Where the table says what the services around it consume (events.ts); none in bare tests. */
  static events: TableEvents | null = null;
  /** The server's limits (set by `createServer` like `store`): the message budgets' here. */
  static limits: Pick<Limits, 'messageBurst' | 'messagesPerSecond'> = DEFAULT_LIMITS;

  /** At matchmaking, before any room is created or joined: see admission.ts. */
  static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<ClientAuth> {
    return stampOrigin(options, context);
  }
  referee!: Referee;
  seatClock!: TableClock;
  settings!: TableSettings;
  /** How many entries of the referee's log are in the store; whether its result is. */
  private persisted = 0;
  /** Clock inputs already in the store. */
  private persistedInputs = 0;
  private finished = false;
  /** The store failed for good (not the disk): the table stops. */
  private storeFailed = false;
  /** The disk refuses writes for now: the table waits for it (`waitForStore`). */
  private storeDown = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Since when the disk has refused writes (the clocks do not count that time). */
  private downSince: number | null = null;
  private sitting: Presence[] = ['empty', 'empty', 'empty', 'empty'];
  /** The session holding each seat (connected, or inside its reconnection window). */
  private holder = new Map<Seat, Client>();
  /** Token hash and name of each seat a player has taken, and the address it was taken (or last taken back) from. */
  private claims = new Map<Seat, { tokenHash: string; name: string; address?: string; account?: string }>();
  /** Whose matchmaking request created this table (counted in its address's quota). */
  private origin: Origin | null = null;
  /** Rebuilt from the store after a restart. */
  private recovered = false;
  /** A recovered table's seats waiting for their players, until the window closes. */
  private awayTimers = new Map<Seat, ReturnType<typeof setTimeout>>();
  private legal: LegalAction[][] = [[], [], [], []];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private clockTimer: ReturnType<typeof setTimeout> | null = null;
  private emptyTimer: ReturnType<typeof setTimeout> | null = null;
  private joinTimer: ReturnType<typeof setTimeout> | null = null;
  /** A service table's seats whose player did not come in time: played as absent, and the game goes on without them. */
  private noShows = new Set<Seat>();
  private corked = new Corked();
  private budgets = new WeakMap<Client, MessageBudget>();
  private seatBudgets: (MessageBudget | undefined)[] = [];
  /** Every event for the commentators, released once its hand has ended and its delay passed; null: no commentator view. */
  private feed: CommentaryFeed | null = null;
  /** The first hand's deal events, sent when play begins. */
  private firstDeal: RefereeEvent[] = [];
  private commitments: WallCommitments | null = null;
  /** Claim windows held to a fixed minimum and bounded without a clock (claimPace.ts). */
  private pace: ClaimPace | null = null;
  /** The next deal waits for the players to dismiss the result (resultPause.ts). */
  private resultPause = new ResultPause();

  override onCreate(options: unknown): void {
    const o = isPlainObject(options) ? options : {};
    this.origin = takeOrigin(o);
    const service = takeService(o);
    if (typeof o.recover === 'string' && o.recoveryKey === RECOVERY_KEY) {
      this.restore(o.recover);
      log.tableRecovered(this.roomId, this.referee.log.length);
    } else {
      this.create(o, service);
      const { rules, bots } = this.settings;
      log.tableCreated(this.roomId, { ruleset: rules.name, foulPolicy: rules.foulPolicy, bots: [...bots], private: this.settings.private });
    }
    this.autoDispose = false; // an unfinished game goes on (and is played out) with nobody connected
    if (this.settings.private) void this.setPrivate(true);
    this.refresh();
    dropViewQueueAfterFullState(this);
    // Patches go out right after each applied action; the timer only catches anything else.
    this.setPatchRate(1000);
    this.updateListing();
    this.onMessage('action', (client: Client, message: unknown, ctx: MessageContext) => this.onAction(client, message, ctx));
    this.onMessage('ready', (client: Client) => {
      const seating = client.userData as Seating | undefined;
      if (!this.budget(client).take() || !seating || !('seat' in seating) || this.referee.game.phase !== 'handEnded') return;
      if (this.resultPause.markReady(this.referee.game.hands.length, seating.seat)) this.schedule();
    });
    this.onMessage('holdResults', (client: Client, hold: unknown) => {
      const seating = client.userData as Seating | undefined;
      if (seating && 'seat' in seating) this.resultPause.hold(seating.seat, hold === true);
    });
    // Any other message type: answered, never a disconnect.
    this.onMessage('*', (client: Client, type: string | number) => {
      if (!this.budget(client).take()) return;
      client.send('error', { code: 'UNKNOWN_MESSAGE', reason: `no message "${String(type)}": send "action"` } satisfies ActionError);
    });
    const delay = this.settings.commentatorDelayMs;
    const inHand = this.referee.game.hands.length > 0 && this.referee.game.phase !== 'handEnded' && this.referee.game.phase !== 'gameOver';
    if (delay !== null) this.feed = new CommentaryFeed(delay, (batches) => this.commentators().forEach((c) => c.send('commentary', batches)), inHand);
    this.maybeStart();
    // In case its creator never gets in (not before its seat reservation has expired), or nobody comes back after a restart.
    this.closeIfAbandoned(this.recovered ? 0 : Math.max(this.seatReservationTimeout, this.settings.service?.joinSeconds ?? 0));
    // A service table's players have this long to come; then it plays without those who did not.
    const join = this.settings.service?.joinSeconds;
    if (join !== undefined && !this.state.started) this.joinTimer = setTimeout(() => this.joinDeadline(), join * 1000);
  }

  /** A new table from the create options (and a service's request: its seats belong to accounts). */
  private create(options: unknown, service: TableSettings['service']): void {
    const o = { ...parseTableOptions(options), service };
    this.settings = o;
    this.referee = new Referee({ rules: o.rules, seed: o.seed });
    this.seatClock = new TableClock(o.rules.timeControl, Date.now());
    this.state = newTableState(o.rules, o.name);
    for (const s of o.bots) this.markBot(s);
    this.state.hands = 1;
    this.firstDeal = this.referee.game.takeEvents();
    const store = this.store;
    // The room's id is the game's id: a new one if an older game already has it.
    while (store?.getGame(this.roomId)) this.roomId = generateId();
    // Counted from here to onDispose; a table refused here never existed.
    this.capacity?.admitTable(this.roomId);
    try {
      if (this.origin) this.quota?.admit(this.origin.address, this.roomId);
    } catch (e) {
      this.capacity?.closeTable(this.roomId);
      throw e;
    }
    if (!store) return;
    const seats: StoredSeat[] = SEATS.map((s) => (o.bots.has(s) ? { kind: 'bot', bot: o.botName } : { kind: 'empty' }));
    const { rules: _r, seed: _s, bots, ...rest } = o;
    const stored: StoredSettings = { ...rest, bots: [...bots] };
    try {
      store.createGame({ id: this.roomId, rules: o.rules, seed: o.seed, seats, options: stored });
    } catch (e) {
      if (this.origin) this.quota?.release(this.origin.address, this.roomId);
      this.capacity?.closeTable(this.roomId);
      if (e instanceof StoreUnavailableError) throw new ServerError(503, UNAVAILABLE);
      throw e;
    }
  }

  private markBot(seat: Seat): void {
    this.sitting[seat] = 'bot';
    this.state.seats[seat].bot = true;
    this.state.seats[seat].presence = 'bot';
  }

  /** The stored game `id`, rebuilt from its log after a restart: its players may take their seats back with their tokens. */
  private restore(id: string): void {
    const store = this.store;
    if (!store) throw new ServerError(500, 'no store to recover from');
    const record = store.getGame(id);
    if (!record || record.status !== 'open') throw new ServerError(404, `no unfinished game ${id}`);
    const stored = record.options as unknown as StoredSettings;
    // inviteCode and service: absent from games stored before they existed.
    this.settings = { ...stored, inviteCode: stored.inviteCode ?? null, service: stored.service ?? null, rules: record.rules, seed: record.seed, bots: new Set(stored.bots) };
    this.referee = recoverGame(store, id);
    this.recovered = true;
    this.persisted = this.referee.log.length;
    this.roomId = id;
    // A game already under way: counted, never refused.
    this.capacity?.admitTable(id, true);
    // The clocks are rebuilt from their stored inputs. Their instants are ms since the clock's
    // start: the new start puts the last one just before now (the time the server was down is nobody's).
    const inputs = store.clockInputs(id);
    this.persistedInputs = inputs.length;
    const lastAt = Math.max(
      inputs.reduce((m, i) => Math.max(m, i.at), 0),
      this.referee.log.reduce((m, e) => Math.max(m, 'at' in e && typeof e.at === 'number' ? e.at : 0), 0),
    );
    this.seatClock = TableClock.restore(record.rules.timeControl, Date.now() - lastAt - 1, this.referee, inputs);
    this.state = newTableState(record.rules, this.settings.name);
    for (const s of this.settings.bots) this.markBot(s);
    for (const c of store.seatClaims(id)) {
      const seat = c.seat as Seat;
      const name = cleanText(c.name); // a name stored before names were cleaned
      this.claims.set(seat, { tokenHash: c.tokenHash, name, ...(c.account !== undefined ? { account: c.account } : {}) });
      this.capacity?.takeSeat(id, true);
      this.state.seats[seat].name = name;
      // Taken before the restart: the seat waits for its player as after a drop.
      this.sitting[seat] = 'away';
      this.state.seats[seat].presence = 'away';
      this.awayTimers.set(seat, setTimeout(() => this.windowClosed(seat), this.settings.reconnectSeconds * 1000));
    }
    // A service table's seat nobody had taken: still its account's, played as absent meanwhile.
    if (this.settings.service)
      for (const s of SEATS)
        if (!this.settings.bots.has(s) && !this.claims.has(s)) {
          this.noShows.add(s);
          this.sitting[s] = 'absent';
          this.state.seats[s].presence = 'absent';
        }
    const log = this.referee.log;
    this.state.hands = this.referee.game.hands.length;
    this.state.actions = log.filter((e) => e.seat !== -1).length;
  }

  override onJoin(client: Client, options?: JoinOptions): void {
    const o: Record<string, unknown> = isPlainObject(options) ? options : {};
    client.view = new StateView();
    const origin = originOf(o);
    // The creator's own create call; a server-side create (no origin) falls back on its options.
    const creating = origin ? origin.request === this.origin?.request : this.clients.length <= 1 && ('ruleset' in o || 'bots' in o || 'seed' in o || 'overrides' in o);
    // A private table: its code, but for its creator and for a player taking its seat back (the token is the proof).
    const code = this.settings.inviteCode;
    // A logged-in player's own seat here (bound to its account when taken): its session is the proof.
    const account = (client.auth as ClientAuth | undefined)?.account;
    // At a service table, also the seat reserved for its account (service.ts).
    const reserved = this.settings.service?.seats;
    const mine = account ? SEATS.find((s) => this.claims.get(s)?.account === account.id || reserved?.[s] === account.id) : undefined;
    if (code !== null && !creating && o.token === undefined && mine === undefined && !isInviteCode(code, o.code))
      throw new ServerError(403, 'INVITE_REQUIRED: this table is private: join or watch it with its invite code');
    const address = addressOf(client);
    if (o.commentator === true) {
      if (this.settings.commentatorDelayMs === null) throw new ServerError(403, 'this table has no commentator view');
      // Nobody at the table sees its hands: not a player, nor anyone from a player's address.
      if (address !== undefined && SEATS.some((s) => this.claims.get(s)?.address === address))
        throw new ServerError(403, 'OWN_TABLE: a player of this table (or anyone from its address) cannot open its commentator view');
      client.userData = { commentator: true } satisfies Seating;
      if (creating && code !== null) client.send('invite', { code });
      const due = this.feed?.backlog() ?? [];
      if (due.length > 0) client.send('commentary', due);
      log.playerJoined(this.roomId, 'commentator');
      return this.updateListing();
    }
    if (o.spectator === true) {
      client.userData = { spectator: true } satisfies Seating;
      // The creator of a private table who watches it: its code, to pass on (players get it with their seat).
      if (creating && code !== null) client.send('invite', { code });
      log.playerJoined(this.roomId, 'spectator');
      return this.updateListing();
    }
    if (address !== undefined && this.commentators().some((c) => addressOf(c) === address))
      throw new ServerError(403, 'COMMENTATING: this address has the commentator view of this table open: leave it to take a seat');
    // In a create call `name` is the table's title and `playerName` the creator's name.
    const rawName = o.playerName ?? (creating ? undefined : o.name);
    // Cleaned (controls, bidi and invisible characters out), or the join refused with BAD_NAME.
    const name = rawName === undefined || rawName === '' ? '' : playerName(rawName);
    let seat: Seat | undefined;
    if (o.token !== undefined) {
      if (!isSeat(o.seat) || typeof o.token !== 'string') throw new ServerError(400, 'a token is given with its seat (0..3)');
      const claim = this.claims.get(o.seat);
      if (!claim || claim.tokenHash !== sha256(o.token)) throw new ServerError(403, `not the token of seat ${o.seat}`);
      seat = o.seat;
      const old = this.holder.get(seat);
      if (old && old !== client) old.leave(4000); // a stale connection of the same player
    } else if (mine !== undefined && (o.seat === undefined || o.seat === mine)) {
      seat = mine;
      const old = this.holder.get(seat);
      if (old && old !== client) old.leave(SEAT_TAKEN_OVER, 'SEAT_TAKEN_OVER: this account took its seat from another device'); // not to come back by itself
    } else if (o.seat !== undefined) {
      if (!isSeat(o.seat)) throw new ServerError(400, 'seat must be 0..3');
      if (this.settings.bots.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is played by a bot`);
      if (reserved?.[o.seat]) throw new ServerError(403, `SEAT_RESERVED: seat ${o.seat} belongs to another account`);
      if (this.claims.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is taken (its player rejoins with the seat token)`);
      seat = o.seat;
    } else seat = SEATS.find((s) => !this.settings.bots.has(s) && !this.claims.has(s) && !reserved?.[s]);
    if (seat === undefined && reserved?.some((a) => a !== null))
      throw new ServerError(403, 'SEAT_RESERVED: the seats of this table belong to its players: join as a spectator');
    if (seat === undefined) throw new ServerError(409, 'no free seat: join as a spectator');
    client.userData = { seat } satisfies Seating;
    if (!this.claims.has(seat)) {
      const token = randomBytes(24).toString('base64url');
      // A logged-in player sits under its account's name.
      const claim = { tokenHash: sha256(token), name: account && !account.guest ? account.name : name, ...(account ? { account: account.id } : {}) };
      // A new seat needs room on this server (SERVER_FULL closes the connection with the reason).
      this.capacity?.takeSeat(this.roomId);
      // Recorded first: a seat the disk could not record is not taken.
      try {
        this.store?.claimSeat(this.roomId, { seat, ...claim });
      } catch (e) {
        this.capacity?.releaseSeat(this.roomId);
        if (e instanceof StoreUnavailableError) throw new ServerError(503, UNAVAILABLE);
        throw e;
      }
      this.claims.set(seat, { ...claim, address });
      this.state.seats[seat].name = claim.name;
      this.state.seats[seat].own.token = token;
    } else {
      if (typeof o.token === 'string') this.state.seats[seat].own.token = o.token;
      this.claims.get(seat)!.address = address;
    }
    // Also in the seat's private state (`own.token`), which a client has as soon as it joins.
    const grant: SeatGrant = { seat, token: this.state.seats[seat].own.token, ...(code !== null ? { invite: code } : {}) };
    client.send('seat', grant);
    this.seatTaken(seat, client);
    log.playerJoined(this.roomId, seat, this.claims.get(seat)?.name);
    this.maybeStart();
  }

  /** `client` now plays `seat`: it sees the seat's private part, and the seat is no longer played for it. */
  private seatTaken(seat: Seat, client: Client): void {
    // A new connection at the seat holds results only if it asks (`holdResults`): a former device's wish goes with it.
    if (this.holder.get(seat) !== client) this.resultPause.hold(seat, false);
    this.holder.set(seat, client);
    const t = this.awayTimers.get(seat);
    if (t) clearTimeout(t);
    this.awayTimers.delete(seat);
    client.view!.add(this.state.seats[seat]);
    this.setPresence(seat, 'player');
    this.schedule();
  }

  override onDrop(client: Client): void {
    const seat = this.seatOf(client);
    if (seat === null || this.holder.get(seat) !== client) return;
    // The seat waits for its player; meanwhile its clock runs (and plays for it when it expires).
    // Not awaited: Colyseus calls onLeave only if the window closes without a reconnection.
    this.setPresence(seat, 'away');
    log.playerLeft(this.roomId, seat, 'dropped');
    // Before play there is nothing to keep for long: a short window, then the seat is free again.
    const seconds = this.state.started ? this.settings.reconnectSeconds : Math.min(this.settings.reconnectSeconds, PRE_START_RECONNECT_SECONDS);
    this.allowReconnection(client, seconds).catch(() => {
      // Window over: onLeave follows.
    });
  }

  override onReconnect(client: Client): void {
    const seat = this.seatOf(client);
    // The reconnected session is a new Client object with the same session id.
    if (seat === null || this.holder.get(seat)?.sessionId !== client.sessionId) return;
    this.holder.set(seat, client);
    this.setPresence(seat, 'player');
    log.playerJoined(this.roomId, seat);
    this.schedule();
    this.maybeStart();
  }

  override onLeave(client: Client): void {
    const seat = this.seatOf(client);
    if (seat === null) {
      log.playerLeft(this.roomId, 'commentator' in ((client.userData as Seating | undefined) ?? {}) ? 'commentator' : 'spectator', 'left');
      this.updateListing();
      return this.closeIfAbandoned();
    }
    if (this.holder.get(seat) !== client) return;
    this.holder.delete(seat);
    log.playerLeft(this.roomId, seat, 'left');
    if (this.state.started) this.windowClosed(seat);
    else this.releaseSeat(seat);
    this.closeIfAbandoned();
  }

  /**
   * A seat whose player left before the game began is free again (its claim and token are
   * forgotten): nobody can take every seat of a table and leave, to start it with absent seats.
   */
  private releaseSeat(seat: Seat): void {
    try {
      this.store?.releaseSeat(this.roomId, seat);
    } catch (e) {
      log.storeFailed(this.roomId, e); // the stored claim stays; the seat is free in this process all the same
    }
    if (this.claims.delete(seat)) this.capacity?.releaseSeat(this.roomId);
    this.seatBudgets[seat] = undefined;
    const s = this.state.seats[seat];
    s.name = '';
    s.own.token = '';
    this.setPresence(seat, 'empty');
  }

  /**
   * A table left empty before its game began closes after `closeEmptySeconds`, unless someone
   * joins meanwhile (a started game is played out, and recovered after a restart).
   */
  private closeIfAbandoned(atLeastSeconds = 0): void {
    if (this.state.started || this.clients.length > 0) return;
    if (this.emptyTimer) clearTimeout(this.emptyTimer);
    this.emptyTimer = setTimeout(() => {
      this.emptyTimer = null;
      if (this.state.started || this.clients.length > 0) return;
      // A game that never began leaves no record.
      try {
        if (this.store?.isOpen) this.store.discardGame(this.roomId);
      } catch (e) {
        log.storeFailed(this.roomId, e); // the record stays (a game that never began): the table goes all the same
      }
      this.tableEvents?.emit('abandoned', this.roomId);
      void this.disconnect();
    }, Math.max(atLeastSeconds, this.settings.closeEmptySeconds ?? DEFAULT_CLOSE_EMPTY_SECONDS) * 1000);
  }

  /** The seat's player is gone for good (it may still come back with its token): the seat is played out. */
  private windowClosed(seat: Seat): void {
    this.awayTimers.delete(seat);
    if (this.holder.has(seat)) return;
    this.setPresence(seat, 'absent');
    this.schedule();
  }

  private seatOf(client: Client): Seat | null {
    const s = client.userData as Seating | undefined;
    return s && 'seat' in s ? s.seat : null;
  }

  private setPresence(seat: Seat, p: Presence): void {
    this.sitting[seat] = p;
    const s = this.state.seats[seat];
    s.presence = p;
    s.connected = p === 'player';
    this.updateListing();
    this.broadcastPatch();
  }

  /** The disk refuses this table's writes for now: it waits (see `waitForStore`). */
  get waitingForStore(): boolean {
    return this.storeDown;
  }

  /** The store games are recorded in (the room class's), or null. */
  get store(): GameStore | null {
    return (this.constructor as typeof TableRoom).store;
  }

  get metrics(): Metrics | null {
    return (this.constructor as typeof TableRoom).metrics;
  }

  get tableEvents(): TableEvents | null {
    return (this.constructor as typeof TableRoom).events;
  }

  get quota(): TableQuota | null {
    return (this.constructor as typeof TableRoom).quota;
  }

  get capacity(): Capacity | null {
    return (this.constructor as typeof TableRoom).capacity;
  }

  /**
   * Writes the referee's new log entries (and, at the end, the result) to the store. Called
   * after every applied command and before its patch goes out: what a client sees is recorded.
   * False: nothing new is applied or broadcast. A disk that refuses the write (full, read-only)
   * undoes the unrecorded commands and the table waits for the disk (`waitForStore`); any other
   * store failure stops the table.
   */
  private persist(): boolean {
    const store = this.store;
    if (this.storeFailed || this.storeDown) return false;
    if (!store || this.finished) return true;
    if (!store.isOpen) {
      // The server is shutting down: the game stops here and is recovered at the next start.
      this.storeFailed = true;
      this.stopTimers();
      return false;
    }
    const entries = this.referee.log;
    const inputs = this.seatClock.inputs;
    try {
      store.transaction(() => {
        for (let i = this.persisted; i < entries.length; i++) store.append(this.roomId, entries[i]);
        store.appendClockInputs(this.roomId, this.persistedInputs, inputs.slice(this.persistedInputs));
      });
    } catch (e) {
      return this.storeRefused(e, true);
    }
    // Counted once committed: a transaction the disk refused wrote nothing.
    this.persisted = entries.length;
    this.persistedInputs = inputs.length;
    this.finishIfOver();
    return true;
  }

  /** Records the result of a game that is over (retried while the disk refuses it: its log is already stored). */
  private finishIfOver(): void {
    const game = this.referee.game;
    if (this.finished || game.phase !== 'gameOver' || !this.store) return;
    try {
      this.store.finish(this.roomId, { standings: game.standings, scores: game.scores, faults: this.referee.faults });
      this.finished = true;
      this.tableEvents?.emit('finished', this.roomId);
    } catch (e) {
      this.storeRefused(e, false);
    }
  }

  /** A write failed: see `persist`. `undo`: the commands not recorded are taken back. */
  private storeRefused(e: unknown, undo: boolean): false {
    log.storeFailed(this.roomId, e);
    if (!(e instanceof StoreUnavailableError)) {
      this.storeFailed = true;
      this.stopTimers();
      void this.disconnect();
      return false;
    }
    if (undo) this.rollback();
    this.waitForStore();
    return false;
  }

  /**
   * Back to what the store holds: the referee rebuilt from the recorded log, the clocks from the
   * recorded inputs. Nothing of the undone commands was sent (the patch goes out after `persist`).
   */
  private rollback(): void {
    const { rules, seed } = this.settings;
    const { wallAlgorithm } = this.referee.game;
    this.referee = Referee.replay({ rules, seed, wallAlgorithm }, this.referee.log.slice(0, this.persisted));
    this.seatClock = TableClock.restore(rules.timeControl, this.seatClock.start, this.referee, this.seatClock.inputs.slice(0, this.persistedInputs));
    this.state.hands = this.referee.game.hands.length;
  }

  /** The disk refuses writes: actions are answered UNAVAILABLE, nothing plays on its own, and the store is tried again every STORE_RETRY_MS. */
  private waitForStore(): void {
    this.storeDown = true;
    this.downSince ??= Date.now();
    if (this.timer) clearTimeout(this.timer);
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.timer = this.clockTimer = null;
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = null;
      if (this.storeFailed || !this.store?.isOpen) return;
      if (!this.store.probe()) return this.waitForStore();
      this.storeDown = false;
      log.storeRecovered(this.roomId);
      this.resumeClocks();
      this.finishIfOver();
      // Play had begun but the clocks' start was undone: start them now.
      if (this.state.started && this.seatClock.inputs.length === 0 && this.settings.rules.timeControl.kind !== 'none')
        this.applied([], this.seatClock.begin(this.referee, Date.now()));
      else this.schedule();
    }, STORE_RETRY_MS);
  }

  /**
   * The time the disk refused writes is nobody's (as the time a restarted server was down): the
   * clocks are rebuilt from their inputs with their start moved on by it, so whoever was thinking
   * has the time it had when the table stopped.
   */
  private resumeClocks(): void {
    const down = this.downSince === null ? 0 : Date.now() - this.downSince;
    this.downSince = null;
    if (down <= 0 || this.seatClock.inputs.length === 0) return;
    this.seatClock = TableClock.restore(this.settings.rules.timeControl, this.seatClock.start + down, this.referee, this.seatClock.inputs);
    this.refresh();
    this.broadcastPatch();
  }

  private stopTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    if (this.emptyTimer) clearTimeout(this.emptyTimer);
    this.emptyTimer = null;
    if (this.joinTimer) clearTimeout(this.joinTimer);
    this.joinTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const t of this.awayTimers.values()) clearTimeout(t);
    this.awayTimers.clear();
    this.feed?.stop();
    this.pace?.stop();
  }

  override onDispose(): void {
    this.stopTimers();
    if (this.origin) this.quota?.release(this.origin.address, this.roomId);
    this.capacity?.closeTable(this.roomId);
  }

  /**
   * Play begins once every seat not a bot's has its player at the table (a recovered table's
   * game had begun: it goes on once its seats are claimed, their players away).
   */
  /**
   * A service table's time to come is over: if one of its players came (and is still seated), the
   * seats nobody holds are played as absent and the game starts; their accounts may still take
   * them. Nobody at all: the table closes as abandoned (closeIfAbandoned).
   */
  private joinDeadline(): void {
    this.joinTimer = null;
    if (this.state.started || this.claims.size === 0) return;
    for (const s of SEATS) {
      if (this.settings.bots.has(s) || this.sitting[s] === 'player') continue;
      this.noShows.add(s);
      this.setPresence(s, 'absent');
    }
    this.maybeStart();
  }

  private maybeStart(): void {
    const waiting = (s: Seat) =>
      !this.settings.bots.has(s) && !this.noShows.has(s) && (this.recovered ? !this.claims.has(s) : this.sitting[s] !== 'player');
    if (this.state.started || SEATS.some(waiting)) return;
    this.state.started = true;
    this.updateListing();
    const step = this.seatClock.begin(this.referee, Date.now());
    this.applied([], step);
    this.sendEvents(this.firstDeal);
    this.firstDeal = [];
  }

  /** A seat's budget is the seat's (a reconnection or a rejoin gets no fresh burst); others' are per connection. */
  private budget(client: Client): MessageBudget {
    const seat = this.seatOf(client);
    let b = seat !== null ? this.seatBudgets[seat] : this.budgets.get(client);
    if (!b) {
      const { messageBurst, messagesPerSecond } = (this.constructor as typeof TableRoom).limits;
      b = new MessageBudget(messageBurst, messagesPerSecond);
      if (seat !== null) this.seatBudgets[seat] = b;
      else this.budgets.set(client, b);
    }
    return b;
  }

  private onAction(client: Client, message: unknown, ctx: MessageContext): unknown {
    // A claim answer before the window's minimum waits for it (claimPace.ts); if the window is gone by then, the answer is stale.
    const seating = client.userData as Seating | undefined;
    const wait = this.pace && seating && 'seat' in seating ? this.pace.holdFor(this.referee.game, seating.seat, Date.now()) : 0;
    if (wait > 0) {
      const key = this.pace!.current();
      return new Promise((resolve) =>
        setTimeout(() => {
          if (this.pace!.isOpen(this.referee.game, key)) return resolve(this.onAction(client, message, ctx));
          const stale: ActionError = { code: 'NOTHING_TO_RESPOND', reason: 'the claim window closed' };
          if (ctx.id === undefined) return resolve(void client.send('actionResult', stale));
          resolve(ctx.reject(stale));
        }, wait),
      );
    }
    const stop = this.metrics?.startAction();
    const budget = this.budget(client);
    const reply: ActionReply | ActionError = budget.take()
      ? this.judgeAction(client, message)
      : { code: 'RATE_LIMITED', reason: 'too many refused messages: slow down' };
    if ('status' in reply) {
      budget.refund();
      stop?.();
    } else this.metrics?.command('refused');
    if (ctx.id === undefined) {
      // A plain `send`: no reply channel, so the answer goes back as a message.
      client.send('actionResult', reply);
      return undefined;
    }
    if ('code' in reply) return ctx.reject(reply);
    return reply;
  }

  private judgeAction(client: Client, message: unknown): ActionReply | ActionError {
    const seating = client.userData as Seating | undefined;
    if (!seating || !('seat' in seating)) return { code: 'SPECTATOR', reason: 'spectators cannot act' };
    if (!isPlainObject(message)) return { code: 'BAD_COMMAND', reason: 'an action is an object with a "type"' };
    let size: number;
    try {
      size = Buffer.byteLength(JSON.stringify(message));
    } catch {
      return { code: 'BAD_COMMAND', reason: 'the action is not plain data' };
    }
    if (size > MAX_ACTION_BYTES) return { code: 'TOO_LARGE', reason: `an action is at most ${MAX_ACTION_BYTES} bytes` };
    const { seat: claimedSeat, ...command } = message;
    if (claimedSeat !== undefined && claimedSeat !== seating.seat) return { code: 'NOT_YOUR_SEAT', reason: `this client plays seat ${seating.seat}` };
    if (!this.state.started) return { code: 'NOT_STARTED', reason: 'waiting for players' };
    if (this.storeFailed || this.storeDown) return { code: 'UNAVAILABLE', reason: 'the table cannot record its game' };
    const { judged: r, ...step } = this.seatClock.command(this.referee, seating.seat, command, Date.now());
    if (!r.ok) {
      if (step.clock.length > 0) this.applied([], step);
      return { code: r.refusal.code, reason: r.refusal.reason, ...(r.refusal.rule ? { rule: r.refusal.rule } : {}) };
    }
    if (!this.applied([r], step)) return { code: 'UNAVAILABLE', reason: 'the table cannot record its game' };
    const actions = this.state.actions;
    if (r.fault) return { status: 'fault', actions, rule: r.fault.rule, penalty: r.fault.penalty, reason: r.fault.reason };
    return { status: 'accepted', actions };
  }

  /**
   * After applied commands (`counted`, and the clock's own in `step`): record them, re-project,
   * send the patch and the events at once, re-arm the clock, plan what comes next. False: the
   * store failed (the table stops).
   */
  private applied(counted: Judged[], step: ClockStep = { clock: [], charges: [] }, counts = true): boolean {
    if (!this.persist()) return false;
    const done = [...step.clock.filter((r) => r.ok), ...counted.filter((r) => r.ok)];
    const events: RefereeEvent[] = [];
    for (const r of done) {
      if (!r.ok) continue;
      if (counts || !counted.includes(r)) {
        this.state.actions++;
        this.metrics?.command(r.fault ? 'fault' : 'accepted');
      }
      events.push(...r.events);
    }
    for (const e of events) {
      if (e.type === 'fault') {
        this.metrics?.fault(e.rule);
        log.fault(this.roomId, e);
        this.tableEvents?.emit('fault', this.roomId, e, this.referee.game.hands.length - 1);
      } else if (e.type === 'handEnded') log.handEnded(this.roomId, { ...e.result, number: this.referee.game.hands.length, scores: e.scores });
      else if (e.type === 'gameEnded') {
        log.gameEnded(this.roomId, e.standings);
        this.metrics?.gameFinished();
      }
    }
    this.refresh();
    // The patch, the events and the request's reply leave together (cork.ts).
    this.corked.hold(this.clients);
    this.broadcastPatch();
    this.sendEvents(events);
    if (this.referee.game.phase === 'gameOver') this.gameOver();
    this.schedule();
    return true;
  }

  /** Re-arms the clock's timer at its next deadline. */
  private armClock(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const d = this.state.started && !this.storeFailed && !this.storeDown ? this.seatClock.deadline() : null;
    if (!d) return;
    this.clockTimer = setTimeout(() => {
      this.clockTimer = null;
      this.applied([], this.seatClock.tick(this.referee, Date.now()));
    }, Math.max(0, d.at - Date.now()));
  }

  private refresh(): void {
    const game = this.referee.game;
    this.commitments ??= new WallCommitments(game.seed, game.wallAlgorithm);
    const commitment = this.commitments.of(committedHand(game));
    this.legal = project(this.state, game);
    this.seatClock.project(this.state.seats, Date.now(), this.state);
    if (commitment !== this.state.wallCommitment) {
      // The next hand's commitment goes out with the end of this one: before its deal, in the state and the listing.
      this.state.wallCommitment = commitment;
      this.updateListing();
    }
  }

  /**
   * Sends each client the events it may see: a seat those to all and to itself, a spectator those
   * to all; commentators get every event, once its hand has ended and `commentatorDelayMs` has passed.
   */
  private sendEvents(events: RefereeEvent[]): void {
    if (events.length === 0) return;
    const pub = events.filter((e) => e.to === 'all');
    // Encoded once for everyone who sees only the public events; a seat with private ones gets its own frame.
    let pubBytes: Buffer | null = null;
    // The hot events as short tuples (shared/protocol/events.ts): most of a turn's bytes.
    const encode = (list: RefereeEvent[]): Buffer => getMessageBytes.raw(Protocol.ROOM_DATA, 'events', eventsToWire(list));
    for (const client of this.clients) {
      const seating = client.userData as Seating | undefined;
      if (!seating || 'commentator' in seating) continue;
      const mine = 'seat' in seating ? events.filter((e) => e.to === 'all' || e.to === seating.seat) : pub;
      if (mine.length === 0) continue;
      if (mine.length === pub.length) client.enqueueRaw((pubBytes ??= encode(pub)));
      else client.enqueueRaw(encode(mine));
    }
    this.feed?.push(events);
  }

  private commentators(): Client[] {
    return this.clients.filter((c) => 'commentator' in ((c.userData as Seating | undefined) ?? {}));
  }

  /** The lobby's listing of this table (public facts only). */
  private updateListing(): void {
    const game = this.referee.game;
    const tc = this.settings.rules.timeControl;
    const hand = game.hands.length > 0 ? `${'ESWN'[Math.floor(game.round / 4)]}${(game.round % 4) + 1}-${game.honba}` : '';
    const watchers = this.clients.filter((c) => !('seat' in ((c.userData as Seating | undefined) ?? {}))).length;
    void this.setMetadata({
      name: this.settings.name,
      ruleset: this.settings.rules.name,
      foulPolicy: this.settings.rules.foulPolicy,
      timeControl: this.settings.rules.timeControl.kind,
      // What a client names the table by when its creator did not ("WRC 2015 · 5+20 s"): the base ruleset, length, clock in seconds.
      named: this.settings.name !== this.settings.rules.name,
      baseRuleset: this.settings.rules.name.replace(/\+custom$/, ''),
      length: this.settings.rules.length,
      clockSeconds: tc.kind === 'bank' ? [tc.baseMs / 1000, tc.bankMs / 1000] : tc.kind === 'wsom' ? [tc.turnMs / 1000] : [],
      seats: SEATS.map((s) => ({ presence: this.sitting[s], name: this.claims.get(s)?.name ?? '' })),
      free: SEATS.filter((s) => this.sitting[s] === 'empty').length,
      spectators: watchers,
      commentators: this.settings.commentatorDelayMs !== null,
      hand,
      started: this.state.started,
      finished: game.phase === 'gameOver',
      wallCommitment: this.state.wallCommitment,
      chosenSeed: this.settings.chosenSeed === true,
    });
  }

  private gameOver(): void {
    this.updateListing();
    // Finished: the room goes once its last client has left.
    this.autoDispose = true;
    if (this.clients.length === 0) void this.disconnect();
  }

  /** Plans the next automatic step: the next deal after a pause, or a bot's (or an absent seat's) move. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.state.started || this.storeFailed || this.storeDown) return;
    this.armClock();
    const game = this.referee.game;
    this.pace ??= ClaimPace.forTable(this.settings);
    this.pace.observe(game, Date.now(), (seats) => this.passForClock(seats));
    if (game.phase === 'gameOver') return;
    if (game.phase === 'handEnded') {
      if (this.settings.service?.endAfterHand) return void (this.timer = setTimeout(() => this.endNow(), 0));
      const players = SEATS.filter((s) => this.sitting[s] === 'player');
      this.timer = setTimeout(() => this.deal(), this.resultPause.delay(game.hands.length, players, this.settings.handPauseMs, Date.now()));
      return;
    }
    const seat = SEATS.find((s) => this.legal[s].length > 0 && (this.sitting[s] === 'bot' || this.sitting[s] === 'absent' || this.seatClock.resigned(s)));
    if (seat === undefined) return;
    this.timer = setTimeout(() => this.autoPlay(seat), Math.max(this.settings.botDelayMs, this.pace.holdFor(game, seat, Date.now())));
  }

  /** A claim window's bound passed (a table without a clock): the seats still asked pass, logged as the clock's. */
  private passForClock(seats: Seat[]): void {
    if (this.storeFailed || this.storeDown) return;
    const at = this.seatClock.at(Date.now());
    this.applied(seats.map((s) => this.referee.apply(s, { type: 'pass' }, 'clock', at)));
  }

  private deal(): void {
    this.timer = null;
    const { judged: r, ...step } = this.seatClock.nextHand(this.referee, Date.now());
    if (!r.ok) return;
    this.state.hands++;
    this.applied([r], step, false);
    this.updateListing();
  }

  /**
   * A service's request (rooms/service.ts checks it), called through `matchMaker.remoteRoomCall`
   * from whichever process the service runs in.
   */
  serviceCall(request: unknown): ServiceReply {
    const game = this.referee.game;
    // Recorded first: what the store could not record is not done.
    const save = (service: ServiceTable) => {
      const { rules: _r, seed: _s, bots, ...rest } = this.settings;
      this.store?.setOptions(this.roomId, { ...rest, service, bots: [...bots] });
      this.settings.service = service;
    };
    return answerService(request, {
      service: this.settings.service,
      started: this.state.started,
      phase: game.phase,
      hands: game.hands.length,
      save: (service) => {
        save(service);
        this.schedule();
      },
      reseat: (seat, account) => {
        const s = seat as Seat;
        save({ ...this.settings.service!, seats: this.settings.service!.seats.map((a, i) => (i === s ? account : a)) });
        const old = this.holder.get(s);
        this.holder.delete(s);
        if (old) {
          old.userData = { spectator: true } satisfies Seating;
          old.leave(SEAT_REASSIGNED, 'SEAT_REASSIGNED: the organiser gave this seat to another account');
        }
        if (this.claims.has(s)) this.releaseSeat(s);
        // Played as absent until its new account takes it; its score goes on.
        this.noShows.add(s);
        this.setPresence(s, 'absent');
      },
    });
  }

  /** The game ends between hands, as its service asked (Referee.endNow). */
  private endNow(): void {
    this.timer = null;
    const r = this.referee.endNow();
    if (r.ok) this.applied([r], undefined, false);
  }

  /** A bot acts from its own projection; an absent seat is played by the table's `absent` policy. */
  private autoPlay(seat: Seat): void {
    this.timer = null;
    const legal = this.legal[seat];
    if (legal.length === 0) return this.schedule();
    const stop = this.metrics?.startAction();
    const asBot = this.sitting[seat] === 'bot' || (this.sitting[seat] === 'absent' && this.settings.absent === 'bot');
    const prescribed = (): Command => prescribedCommand(legal, this.referee.game.seats[seat].drawn);
    const command = asBot ? BOTS[this.settings.botName](viewFor(this.referee.game, seat, legal), legal) : prescribed();
    let { judged: r, ...step } = this.seatClock.command(this.referee, seat, command, Date.now());
    if (!r.ok && asBot) ({ judged: r, ...step } = this.seatClock.command(this.referee, seat, prescribed(), Date.now()));
    if (r.ok || step.clock.length > 0) this.applied([r], step);
    else this.schedule();
    stop?.();
  }
}
