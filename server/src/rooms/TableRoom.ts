import { randomUUID } from 'node:crypto';
import { generateId, Room, SchemaSerializer, ServerError, type AuthContext, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { MessageContext } from '@colyseus/shared-types';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { Referee, type Judged, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { prescribedCommand } from '@jantaku/shared/referee/time';
import type { TableState } from '@jantaku/shared/schema/table';
import { committedHand, WallCommitments } from '../fairness';
import { events as log } from '../log';
import type { CommandResult, Metrics } from '../metrics';
import type { GameStore } from '../store/index';
import { groupCommitOf, type CommitJob } from '../store/groupCommit';
import { DEFAULT_LIMITS, type Limits } from '../limits';
import type { TableQuota } from '../quota';
import type { Capacity } from '../capacity';
import { stampOrigin, takeOrigin, type ClientAuth, type Origin } from './admission';
import { TableClock } from './clock';
import { CommentaryFeed } from './commentary';
import { ClaimPace } from './claimPace';
import { ResultPause } from './resultPause';
import { BOTS, DEFAULT_CLOSE_EMPTY_SECONDS, isPlainObject, parseTableOptions, type TableSettings } from './options';
import { newTableState, project, SEATS } from './projection';
import { dropViewQueueAfterFullState } from './fullState';
import { checkPatchInternals, nothingToPatch } from './idlePatch';
import { Budgets, type MessageBudget } from './rateLimit';
import type { TableEvents } from './events';
import { answerService, takeService, type ServiceReply, type ServiceTable } from './service';
import { Corked } from './cork';
import { answer, checkAction, isCommentator, seatingOf, seatOf, type ActionError, type ActionReply, type JoinOptions, type Seating } from './protocol';
import { SEAT_REASSIGNED, TableSeats } from './seats';
import { GameRecord, loadGame, recordNewGame, ROOM_GAME, storedSettings } from './persistence';
import { Timers, type TableTimer } from './timers';
import { listingOf } from './listing';
import { sendEvents } from './fanout';
import { admit } from './joining';
import { reportEvents } from './report';
import { TableSerializer } from './serializer';
import { sizeStateBuffers } from './stateBuffer';

export { parseTableOptions, type TableOptions } from './options';
export { MAX_ACTION_BYTES, type ActionError, type ActionReply, type JoinOptions, type SeatGrant } from './protocol';
export { SEAT_REASSIGNED, SEAT_TAKEN_OVER } from './seats';
export { STORE_RETRY_MS } from './persistence';
export type { Commentary } from './commentary';

// Every room's two schema encode buffers: 8 KB each, not 16 (stateBuffer.ts).
sizeStateBuffers();

/** What a table applied this turn and sends once it is recorded. */
interface Unsent {
  /** Commands to count (state.actions) and their results (metrics). */
  actions: number;
  results: CommandResult[];
  /** Their events, sent after the patch; then `whole`, sent in full. */
  events: RefereeEvent[];
  whole: RefereeEvent[];
  /** The requests judged meanwhile: each answered once the commit is known (true: recorded). */
  replies: ((recorded: boolean) => void)[];
}

/** An action refused because the table cannot record it (stopped, waiting for its disk, or its commit refused). */
const CANNOT_RECORD: ActionError = { code: 'UNAVAILABLE', reason: 'the table cannot record its game' };
const RATE_LIMITED: ActionError = { code: 'RATE_LIMITED', reason: 'too many refused messages: slow down' };
/** A claim answer held for the window's minimum (claimPace.ts) whose window closed meanwhile. */
const STALE_CLAIM: ActionError = { code: 'NOTHING_TO_RESPOND', reason: 'the claim window closed' };
/** `applied`'s defaults, made once (it runs for every action). */
const NO_CLOCK_STEP: { readonly clock: readonly Judged[] } = { clock: [] };
const NO_EVENTS: readonly RefereeEvent[] = [];

/** Before its game begins, how long a dropped player's seat waits for it at most (s). */
export const PRE_START_RECONNECT_SECONDS = 10;

/** Internal create option: rebuild the stored game `recover` (only with this process's key). */
const RECOVERY_KEY = randomUUID();
export function recoveryOptions(gameId: string): Record<string, string> {
  return { recover: gameId, recoveryKey: RECOVERY_KEY };
}

/**
 * A table: one refereed game. State goes out only through the schema projection (`project`,
 * from `viewFor`); each seated client's StateView holds its own seat, so its concealed hand,
 * draw and legal actions reach it alone. Events go to each client filtered by audience. Every
 * action is a request answered with accepted, fault (rule, penalty) or an error code; nothing a
 * client sends drops its connection (but a websocket frame over 4 KiB, or one that is not valid
 * Colyseus protocol: Colyseus closes those itself).
 *
 * The room is the Colyseus glue: its lifecycle, the messages, and the order of every change:
 * apply, record (persistence.ts), project, send. The seats are seats.ts's, the timers timers.ts's,
 * the clocks clock.ts's, the commentators' feed commentary.ts's, the events' audiences fanout.ts's.
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
  private readonly timers = new Timers<TableTimer>();
  /** What of the game is in the store; a failed store stops the table, a refusing disk pauses it. */
  private readonly gameRecord = new GameRecord(this, this.timers, {
    stopped: (disconnect) => {
      this.stopTimers();
      if (disconnect) void this.disconnect();
    },
    resumed: (downMs) => this.storeBack(downMs),
  });
  private readonly seats = new TableSeats(
    this,
    () => {
      this.updateListing();
      this.broadcastPatch();
    },
    () => this.schedule(),
  );
  /** Whose matchmaking request created this table (counted in its address's quota). */
  private origin: Origin | null = null;
  /** Rebuilt from the store after a restart. */
  private recovered = false;
  private legal: LegalAction[][] = [[], [], [], []];
  /** The game moved since `legal` was worked out (it is projected once the move is recorded). */
  private legalStale = false;
  /** What this turn applied, waiting for its group commit to be sent (`applied`, `sendApplied`). */
  private unsent: Unsent | null = null;
  /** The room is gone: a commit that lands after it sends and plans nothing. */
  private disposed = false;
  private corked = new Corked();
  private budgets = new Budgets(() => (this.constructor as typeof TableRoom).limits);
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
      log.tableRecovered(this.roomId, this.referee.logLength);
    } else {
      // Refused before its game is built (a wall, a deal, a state): cheap under overload.
      this.capacity?.checkTable();
      this.create(o, service);
      const { rules, bots } = this.settings;
      log.tableCreated(this.roomId, { ruleset: rules.name, foulPolicy: rules.foulPolicy, bots: [...bots], private: this.settings.private });
    }
    this.autoDispose = false; // an unfinished game goes on (and is played out) with nobody connected
    if (this.settings.private) void this.setPrivate(true);
    this.refresh();
    dropViewQueueAfterFullState(this);
    checkPatchInternals(this);
    // Patches go out right after each applied action; the timer only catches anything else.
    this.setPatchRate(1000);
    this.updateListing();
    this.onMessage('action', (client: Client, message: unknown, ctx: MessageContext) => this.onAction(client, message, ctx));
    this.onMessage('ready', (client: Client) => {
      const seat = seatOf(client);
      if (!this.budget(client).take() || seat === null || this.referee.game.phase !== 'handEnded') return;
      if (this.resultPause.markReady(this.referee.game.hands.length, seat)) this.schedule();
    });
    this.onMessage('holdResults', (client: Client, hold: unknown) => {
      const seat = seatOf(client);
      if (seat !== null) this.resultPause.hold(seat, hold === true);
    });
    // Any other message type: answered, never a disconnect.
    this.onMessage('*', (client: Client, type: string | number) => {
      if (!this.budget(client).take()) return;
      client.send('error', { code: 'UNKNOWN_MESSAGE', reason: `no message "${String(type)}": send "action"` } satisfies ActionError);
    });
    const delay = this.settings.commentatorDelayMs;
    const inHand = this.referee.game.hands.length > 0 && this.referee.game.phase !== 'handEnded' && this.referee.game.phase !== 'gameOver';
    if (delay !== null) this.feed = new CommentaryFeed(delay, (batches) => this.clients.filter(isCommentator).forEach((c) => c.send('commentary', batches)), inHand);
    this.maybeStart();
    // In case its creator never gets in (not before its seat reservation has expired), or nobody comes back after a restart.
    this.closeIfAbandoned(this.recovered ? 0 : Math.max(this.seatReservationTimeout, this.settings.service?.joinSeconds ?? 0));
    // A service table's players have this long to come; then it plays without those who did not.
    const join = this.settings.service?.joinSeconds;
    if (join !== undefined && !this.state.started) this.timers.set('join', join * 1000, () => this.joinDeadline());
  }

  /** A new table from the create options (and a service's request: its seats belong to accounts). */
  private create(options: unknown, service: TableSettings['service']): void {
    const o = { ...parseTableOptions(options), service };
    this.settings = o;
    this.referee = new Referee({ rules: o.rules, seed: o.seed, ...ROOM_GAME });
    this.seatClock = new TableClock(o.rules.timeControl, Date.now());
    this.state = newTableState(o.rules, o.name);
    for (const s of o.bots) this.seats.markBot(s);
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
    if (store)
      recordNewGame(store, this.roomId, o, () => {
        if (this.origin) this.quota?.release(this.origin.address, this.roomId);
        this.capacity?.closeTable(this.roomId);
      });
  }

  /** The stored game `id`, rebuilt from its log after a restart: its players may take their seats back with their tokens. */
  private restore(id: string): void {
    const store = this.store;
    if (!store) throw new ServerError(500, 'no store to recover from');
    const { settings, referee, inputs, clockStart } = loadGame(store, id);
    this.settings = settings;
    this.referee = referee;
    this.recovered = true;
    this.roomId = id;
    // A game already under way: counted, never refused.
    this.capacity?.admitTable(id, true);
    this.gameRecord.recovered(referee.logLength, inputs.length);
    // The clocks are rebuilt from their stored inputs (the time the server was down is nobody's).
    this.seatClock = TableClock.restore(settings.rules.timeControl, clockStart, referee, inputs);
    this.state = newTableState(settings.rules, settings.name);
    for (const s of this.settings.bots) this.seats.markBot(s);
    this.seats.restore(store.seatClaims(id), this.settings.reconnectSeconds);
    // A service table's seat nobody had taken: still its account's, played as absent meanwhile.
    if (this.settings.service) this.seats.restoreNoShows(this.settings.bots);
    // Just replayed from the store: the whole log is there.
    this.state.actions = this.referee.log.filter((e) => e.seat !== -1).length;
  }

  override onJoin(client: Client, options?: JoinOptions): void {
    client.view = new StateView();
    const seating = admit({ settings: this.settings, seats: this.seats, clients: this.clients, feed: this.feed, origin: this.origin }, client, options);
    if (!('seat' in seating)) {
      log.playerJoined(this.roomId, 'commentator' in seating ? 'commentator' : 'spectator');
      return this.updateListing();
    }
    // `client` now plays the seat: it sees the seat's private part, and the seat is no longer played for it. A new
    // connection at the seat holds results only if it asks (`holdResults`): a former device's wish goes with it.
    if (this.seats.seated(seating.seat, client)) this.resultPause.hold(seating.seat, false);
    this.schedule();
    log.playerJoined(this.roomId, seating.seat, this.seats.nameOf(seating.seat));
    this.maybeStart();
  }

  override onDrop(client: Client): void {
    const seat = seatOf(client);
    if (seat === null || !this.seats.holds(seat, client)) return;
    // The seat waits for its player; meanwhile its clock runs (and plays for it when it expires).
    // Not awaited: Colyseus calls onLeave only if the window closes without a reconnection.
    this.seats.dropped(seat);
    log.playerLeft(this.roomId, seat, 'dropped');
    // Before play there is nothing to keep for long: a short window, then the seat is free again.
    const seconds = this.state.started ? this.settings.reconnectSeconds : Math.min(this.settings.reconnectSeconds, PRE_START_RECONNECT_SECONDS);
    this.allowReconnection(client, seconds).catch(() => {
      // Window over: onLeave follows.
    });
  }

  override onReconnect(client: Client): void {
    const seat = seatOf(client);
    if (seat === null || !this.seats.reconnected(seat, client)) return;
    log.playerJoined(this.roomId, seat);
    this.schedule();
    this.maybeStart();
  }

  override onLeave(client: Client): void {
    const seat = seatOf(client);
    if (seat === null) {
      log.playerLeft(this.roomId, isCommentator(client) ? 'commentator' : 'spectator', 'left');
      this.updateListing();
      return this.closeIfAbandoned();
    }
    if (!this.seats.left(seat, client)) return;
    log.playerLeft(this.roomId, seat, 'left');
    if (this.state.started) this.seats.windowClosed(seat);
    else {
      // Free again before play (seats.ts), with a fresh budget for its next player.
      this.budgets.forgetSeat(seat);
      this.seats.release(seat);
    }
    this.closeIfAbandoned();
  }

  /**
   * A table left empty before its game began closes after `closeEmptySeconds`, unless someone
   * joins meanwhile (a started game is played out, and recovered after a restart).
   */
  private closeIfAbandoned(atLeastSeconds = 0): void {
    if (this.state.started || this.clients.length > 0) return;
    this.timers.set('empty', Math.max(atLeastSeconds, this.settings.closeEmptySeconds ?? DEFAULT_CLOSE_EMPTY_SECONDS) * 1000, () => {
      if (this.state.started || this.clients.length > 0) return;
      // A game that never began leaves no record.
      try {
        if (this.store?.isOpen) this.store.discardGame(this.roomId);
      } catch (e) {
        log.storeFailed(this.roomId, e); // the record stays (a game that never began): the table goes all the same
      }
      this.tableEvents?.emit('abandoned', this.roomId);
      void this.disconnect();
    });
  }

  /** Nothing applied waits for its commit: the state shows the whole game (until then it shows the game as last recorded). */
  get settled(): boolean {
    return this.unsent === null;
  }

  /** The disk refuses this table's writes for now: it waits (persistence.ts). */
  get waitingForStore(): boolean {
    return this.gameRecord.waiting;
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
   * The disk takes writes again after refusing them for `downMs`. That time is nobody's (as the
   * time a restarted server was down): the clocks are rebuilt from their inputs with their start
   * moved on by it, so whoever was thinking has the time it had when the table stopped.
   */
  private storeBack(downMs: number): void {
    if (downMs > 0 && this.seatClock.inputsLength > 0) {
      const inputs = this.gameRecord.clockInputs();
      if (!inputs) return;
      this.seatClock = TableClock.restore(this.settings.rules.timeControl, this.seatClock.start + downMs, this.referee, inputs);
      this.refresh();
      this.broadcastPatch();
    }
    this.gameRecord.finishIfOver();
    // Play had begun but the clocks' start was undone: start them now.
    if (this.state.started && this.seatClock.inputsLength === 0 && this.settings.rules.timeControl.kind !== 'none')
      this.applied([], this.seatClock.begin(this.referee, Date.now()));
    else this.schedule();
  }

  /** Colyseus makes a SchemaSerializer when the state is set: the table's sends its patches without objects that outlive them (serializer.ts). */
  override setSerializer(serializer: Parameters<Room<{ state: TableState }>['setSerializer']>[0]): void {
    super.setSerializer(serializer instanceof SchemaSerializer && !(serializer instanceof TableSerializer) ? new TableSerializer() : serializer);
  }

  /** Colyseus's patch timer at a table where nothing changed since the last patch: nothing to send (idlePatch.ts). */
  override broadcastPatch(): boolean {
    if (!nothingToPatch(this)) return super.broadcastPatch();
    this.clock.tick();
    return false;
  }

  private stopTimers(): void {
    this.timers.clearAll();
    this.seats.stop();
    this.feed?.stop();
    this.pace?.stop();
  }

  override onDispose(): void {
    this.disposed = true;
    this.stopTimers();
    if (this.origin) this.quota?.release(this.origin.address, this.roomId);
    this.capacity?.closeTable(this.roomId);
  }

  /**
   * A service table's time to come is over: if one of its players came (and is still seated), the
   * seats nobody holds are played as absent and the game starts; their accounts may still take
   * them. Nobody at all: the table closes as abandoned (closeIfAbandoned).
   */
  private joinDeadline(): void {
    if (this.state.started || !this.seats.hasClaims()) return;
    this.seats.markNoShows(this.settings.bots);
    this.maybeStart();
  }

  /**
   * Play begins once every seat not a bot's has its player at the table (a recovered table's
   * game had begun: it goes on once its seats are claimed, their players away).
   */
  private maybeStart(): void {
    if (this.state.started || SEATS.some((s) => this.seats.awaited(s, this.settings.bots, this.recovered))) return;
    this.state.started = true;
    this.updateListing();
    const step = this.seatClock.begin(this.referee, Date.now());
    this.applied([], step, true, this.firstDeal);
    this.firstDeal = [];
  }

  private budget(client: Client): MessageBudget {
    return this.budgets.of(client, seatOf(client));
  }

  private onAction(client: Client, message: unknown, ctx: MessageContext): unknown {
    // A claim answer before the window's minimum waits for it (claimPace.ts); if the window is gone by then, the answer is stale.
    const seat = seatOf(client);
    const wait = seat !== null && this.pace ? this.pace.holdFor(this.referee.game, seat, Date.now()) : 0;
    if (wait > 0)
      return this.pace!.defer(
        wait,
        () => this.referee.game,
        () => this.onAction(client, message, ctx),
        () => answer(client, ctx, STALE_CLAIM),
      );
    const started = performance.now();
    const budget = this.budget(client);
    const reply: ActionReply | ActionError = budget.take() ? this.judgeAction(client, message) : RATE_LIMITED;
    const unsent = this.unsent;
    if (!unsent) return this.answerAction(client, ctx, budget, started, reply);
    // Judged on what this turn applied: the reply goes once that is recorded, with its patch (or, if the disk refused it, as UNAVAILABLE).
    return new Promise((resolve) => unsent.replies.push((recorded) => resolve(this.answerAction(client, ctx, budget, started, recorded ? reply : CANNOT_RECORD))));
  }

  /** Answers an action request: an applied one gives its message back to the budget and is timed (from `started`, performance.now()), a refused one is counted. */
  private answerAction(client: Client, ctx: MessageContext, budget: MessageBudget, started: number, r: ActionReply | ActionError): unknown {
    if ('status' in r) {
      budget.refund();
      this.metrics?.actionTime((performance.now() - started) / 1000);
    } else this.metrics?.command('refused');
    return answer(client, ctx, r);
  }

  private judgeAction(client: Client, message: unknown): ActionReply | ActionError {
    const checked = checkAction(seatingOf(client), message);
    if ('code' in checked) return checked;
    if (!this.state.started) return { code: 'NOT_STARTED', reason: 'waiting for players' };
    if (this.gameRecord.stopped) return CANNOT_RECORD;
    const { judged: r, ...step } = this.seatClock.command(this.referee, checked.seat, checked.command, Date.now());
    if (!r.ok) {
      if (step.clock.length > 0) this.applied([], step);
      return { code: r.refusal.code, reason: r.refusal.reason, ...(r.refusal.rule ? { rule: r.refusal.rule } : {}) };
    }
    if (!this.applied([r], step)) return CANNOT_RECORD;
    const actions = this.state.actions + (this.unsent?.actions ?? 0);
    if (r.fault) return { status: 'fault', actions, rule: r.fault.rule, penalty: r.fault.penalty, reason: r.fault.reason };
    return { status: 'accepted', actions };
  }

  /**
   * After applied commands (`counted`, and the clock's own in `step`): they are recorded with
   * everything else this turn of the event loop applied, in one commit (store/groupCommit.ts),
   * and only then projected and sent (`sendApplied`). `whole`: events to send after them in full
   * (the first deal's). False: nothing can be recorded now (the table stops).
   */
  private applied(counted: Judged[], step: { readonly clock: readonly Judged[] } = NO_CLOCK_STEP, counts = true, whole: readonly RefereeEvent[] = NO_EVENTS): boolean {
    if (!this.gameRecord.open()) return false;
    const queued = this.unsent !== null;
    const u = (this.unsent ??= { actions: 0, results: [], events: [], whole: [], replies: [] });
    for (const r of step.clock) this.pend(u, r, true);
    for (const r of counted) this.pend(u, r, counts);
    for (const e of whole) u.whole.push(e);
    this.legalStale = true;
    const store = this.store;
    if (!store) this.sendApplied();
    else if (!queued) groupCommitOf(store).add(this.commitJob);
    return true;
  }

  /** Adds an applied command's events (and, if `counts`, the command itself) to what waits for the commit. */
  private pend(u: Unsent, r: Judged, counts: boolean): void {
    if (!r.ok) return;
    if (counts) {
      u.actions++;
      u.results.push(r.fault ? 'fault' : 'accepted');
    }
    for (const e of r.events) u.events.push(e);
  }

  /** The commit of what this table applied in a turn (`applied`, once a turn): this table's part of its group (store/groupCommit.ts). */
  private readonly commitJob: CommitJob = {
    rows: () => this.gameRecord.rows(),
    write: () => this.gameRecord.write(),
    done: (error) => this.committed(error),
  };

  /** The group commit holding this turn's writes ended: recorded (`error` undefined), they are sent; else the table waits or stops (persistence.ts). */
  private committed(error: unknown): void {
    if (error === undefined) {
      this.gameRecord.written();
      if (this.disposed) this.unsent = null;
      return this.sendApplied();
    }
    this.gameRecord.notWritten(error);
    this.legalStale = true;
    const refused = this.unsent;
    this.unsent = null;
    // The first deal follows from the stored seed alone: it goes all the same, as the table waits.
    if (refused?.whole.length) this.sendEvents(refused.whole);
    for (const reply of refused?.replies ?? []) reply(false);
  }

  /**
   * What was applied is recorded: count it, re-project, send the patch and the events at once,
   * answer the requests waiting for it, re-arm the clock, plan what comes next.
   */
  private sendApplied(): void {
    const u = this.unsent;
    this.unsent = null;
    if (!u) return;
    this.state.actions += u.actions;
    for (const result of u.results) this.metrics?.command(result);
    reportEvents(this.roomId, u.events, this.referee.game.hands.length, this.metrics, this.tableEvents);
    const hands = this.state.hands;
    this.refresh();
    // The patch, the events and the requests' replies leave together (cork.ts).
    this.corked.hold(this.clients);
    this.broadcastPatch();
    // Right after the patch: the events the state it set shows go as a number (protocol/events.ts).
    this.sendEvents(u.events, true);
    this.sendEvents(u.whole);
    if (this.state.hands !== hands) this.updateListing();
    if (this.referee.game.phase === 'gameOver') this.gameOver();
    this.schedule();
    for (const reply of u.replies) reply(true);
    // The replies are written when Colyseus settles their promises (microtasks): the sockets let go after that.
    this.corked.releaseAfterReplies();
  }

  /** Each seat's legal actions in the game as it is (worked out again if it moved since the last projection). */
  private legalNow(): LegalAction[][] {
    if (this.legalStale) {
      this.legal = SEATS.map((s) => this.referee.game.legalActions(s));
      this.legalStale = false;
    }
    return this.legal;
  }

  /** Re-arms the clock's timer at its next deadline. */
  private armClock(): void {
    this.timers.clear('clock');
    const d = this.state.started && !this.gameRecord.stopped ? this.seatClock.deadline() : null;
    if (!d) return;
    this.timers.set('clock', Math.max(0, d.at - Date.now()), () => this.applied([], this.seatClock.tick(this.referee, Date.now())));
  }

  private refresh(): void {
    const game = this.referee.game;
    this.commitments ??= new WallCommitments(game.seed, game.wallAlgorithm);
    const commitment = this.commitments.of(committedHand(game));
    this.legal = project(this.state, game);
    this.legalStale = false;
    // The hands dealt: derived here alone (a new, restored or rolled-back game shows it at its next projection).
    if (this.state.hands !== game.hands.length) this.state.hands = game.hands.length;
    this.seatClock.project(this.state.seats, Date.now(), this.state);
    if (commitment !== this.state.wallCommitment) {
      // The next hand's commitment goes out with the end of this one: before its deal, in the state and the listing.
      this.state.wallCommitment = commitment;
      this.updateListing();
    }
  }

  /**
   * Each client gets the events it may see (fanout.ts); commentators get every event, once its
   * hand has ended and `commentatorDelayMs` has passed (commentary.ts).
   */
  private sendEvents(events: RefereeEvent[], afterPatch = false): void {
    if (events.length === 0) return;
    sendEvents(this.clients, events, afterPatch ? this.state : undefined);
    this.feed?.push(events);
  }

  /** The lobby's listing of this table (public facts only). */
  private updateListing(): void {
    const watchers = this.clients.filter((c) => seatOf(c) === null).length;
    void this.setMetadata(listingOf(this.settings, this.referee.game, this.state, this.seats, watchers));
  }

  private gameOver(): void {
    this.updateListing();
    // Finished: the room goes once its last client has left.
    this.autoDispose = true;
    if (this.clients.length === 0) void this.disconnect();
  }

  /** Plans the next automatic step: the next deal after a pause, or a bot's (or an absent seat's) move. */
  private schedule(): void {
    this.timers.clear('next');
    if (!this.state.started || this.gameRecord.stopped) return;
    this.armClock();
    const game = this.referee.game;
    this.pace ??= ClaimPace.forTable(this.settings);
    this.pace.observe(game, Date.now(), (seats) => this.passForClock(seats));
    if (game.phase === 'gameOver') return;
    if (game.phase === 'handEnded') {
      if (this.settings.service?.endAfterHand) return this.timers.set('next', 0, () => this.endNow());
      const wait = this.resultPause.delay(game.hands.length, this.seats.players(), this.settings.handPauseMs, Date.now());
      return this.timers.set('next', wait, () => this.deal());
    }
    const seat = this.seatToPlay(this.legalNow());
    if (seat === undefined) return;
    this.timers.set('next', Math.max(this.settings.botDelayMs, this.pace.holdFor(game, seat, Date.now())), () => this.autoPlay(seat));
  }

  /** The first seat with something to do that the table plays itself (a bot's, an absent player's, a resigned one's), if any. */
  private seatToPlay(legal: LegalAction[][]): Seat | undefined {
    for (const seat of SEATS) {
      if (legal[seat].length === 0) continue;
      const presence = this.seats.presence(seat);
      if (presence === 'bot' || presence === 'absent' || this.seatClock.resigned(seat)) return seat;
    }
    return undefined;
  }

  /** A claim window's bound passed (a table without a clock): the seats still asked pass, logged as the clock's. */
  private passForClock(seats: Seat[]): void {
    if (this.gameRecord.stopped) return;
    const at = this.seatClock.at(Date.now());
    this.applied(seats.map((s) => this.referee.apply(s, { type: 'pass' }, 'clock', at)));
  }

  private deal(): void {
    const { judged: r, ...step } = this.seatClock.nextHand(this.referee, Date.now());
    if (r.ok) this.applied([r], step, false);
  }

  /**
   * A service's request (rooms/service.ts checks it), called through `matchMaker.remoteRoomCall`
   * from whichever process the service runs in.
   */
  serviceCall(request: unknown): ServiceReply {
    const game = this.referee.game;
    // Recorded first: what the store could not record is not done.
    const save = (service: ServiceTable) => {
      this.store?.setOptions(this.roomId, storedSettings({ ...this.settings, service }));
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
        // Played as absent until its new account takes it; its score goes on.
        const old = this.seats.reassign(s);
        if (old) {
          old.userData = { spectator: true } satisfies Seating;
          old.leave(SEAT_REASSIGNED, 'SEAT_REASSIGNED: the organiser gave this seat to another account');
        }
      },
    });
  }

  /** The game ends between hands, as its service asked (Referee.endNow). */
  private endNow(): void {
    const r = this.referee.endNow();
    if (r.ok) this.applied([r], undefined, false);
  }

  /** A bot acts from its own projection; an absent seat is played by the table's `absent` policy. */
  private autoPlay(seat: Seat): void {
    const legal = this.legalNow()[seat];
    if (legal.length === 0) return this.schedule();
    const started = performance.now();
    const presence = this.seats.presence(seat);
    const asBot = presence === 'bot' || (presence === 'absent' && this.settings.absent === 'bot');
    const prescribed = (): Command => prescribedCommand(legal, this.referee.game.seats[seat].drawn);
    const command = asBot ? BOTS[this.settings.botName](viewFor(this.referee.game, seat, legal), legal) : prescribed();
    let { judged: r, ...step } = this.seatClock.command(this.referee, seat, command, Date.now());
    if (!r.ok && asBot) ({ judged: r, ...step } = this.seatClock.command(this.referee, seat, prescribed(), Date.now()));
    if (r.ok || step.clock.length > 0) this.applied([r], step);
    else this.schedule();
    this.metrics?.actionTime((performance.now() - started) / 1000);
  }
}
