import { CloseCode, type Room } from '@colyseus/sdk';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import type { TableView } from '@jantaku/shared/game/views';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { uraIndicatorsOf, type TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { EVENTS, eventsFromWire } from '@jantaku/shared/protocol/events';
import { handOfOwn, legalFromWire } from '@jantaku/shared/protocol/legal';
import { replyFromWire } from '@jantaku/shared/api/table';
import type { TileId } from '@jantaku/shared/tiles/index';
import { Emitter } from './emitter';
import { JantakuError, toJantakuError } from './errors';
import type { ActionReply, Commentary, HandEnded, ReconnectOptions, TableEvents } from './types';

export type TableRoom = Room<any, TableState>;

/** How a Table gets a new room when Colyseus's own reconnection could not bring it back. */
export type Rejoin = (table: Table) => Promise<TableRoom>;

/** How this client is at the table. */
export type Role = 'player' | 'spectator' | 'commentator';

export interface TableInit {
  /** A player's seat may still be unknown until the state arrives. */
  role: Role;
  reconnect: Required<ReconnectOptions> | false;
  requestTimeoutMs: number;
  rejoin: Rejoin;
}

const isSeat = (v: unknown): v is Seat => v === 0 || v === 1 || v === 2 || v === 3;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One table as this client sees it: the decoded state, this seat's hand and legal actions,
 * typed events, typed actions. Survives dropped connections: Colyseus's reconnection first
 * (same session, within the server's window), then a fresh join with the seat token.
 */
export class Table {
  private tableId: string | null;
  /** This client's seat; null for a spectator (or before the server said which seat). */
  seat: Seat | null = null;
  /** The seat token the server sent (keep it to take the seat back later); null until then. */
  token: string | null = null;
  /** A private table's invite code (sent to its players; given by whoever watches with it): pass it on to invite someone. */
  invite: string | null = null;
  private inviteWaiters: ((code: string) => void)[] = [];
  /** 'player' (a seat), 'spectator' (public state and events) or 'commentator' (every event, delayed). */
  readonly role: Role;
  private currentRoom: TableRoom;
  private readonly events = new Emitter<TableEvents>();
  private readonly init: TableInit;
  private leaving = false;
  private left = false;
  private reconnecting = false;
  private handSeen = -1;
  private gameSeen = false;
  /** The decoded `own.legal`, kept while its text and the hand it refers to stay the same. */
  private legalCache: { key: string; legal: LegalAction[] } = { key: '', legal: [] };
  /** Messages that came while joining, for listeners added once the join resolved; null after. */
  private held: (() => void)[] | null = [];

  /** @internal Made by JantakuClient; the room is wired before it connects (no message lost). */
  constructor(id: string | null, init: TableInit) {
    this.tableId = id;
    this.role = init.role;
    this.init = init;
    this.currentRoom = undefined as unknown as TableRoom;
  }

  private setInvite(code: string): void {
    this.invite = code;
    for (const w of this.inviteWaiters.splice(0)) w(code);
  }

  /** @internal Resolves with the invite code once the server has sent it (it may follow the first state), or null after `ms`. */
  whenInvite(ms: number): Promise<string | null> {
    if (this.invite !== null) return Promise.resolve(this.invite);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), ms);
      this.inviteWaiters.push((code) => (clearTimeout(t), resolve(code)));
    });
  }

  /** @internal Wires a room that has not connected yet (first join, or a rejoin). */
  attach(room: TableRoom): void {
    this.currentRoom = room;
    if (this.init.reconnect) {
      // Colyseus reconnects by itself on an abnormal close; tune it, and let it try from the start.
      room.reconnection.minUptime = 0;
      room.reconnection.maxRetries = this.init.reconnect.retries;
      room.reconnection.delay = this.init.reconnect.minDelayMs;
      room.reconnection.minDelay = this.init.reconnect.minDelayMs;
      room.reconnection.maxDelay = this.init.reconnect.maxDelayMs;
    } else room.reconnection.enabled = false;
    room.onStateChange((state) => this.onState(state));
    room.onMessage('seat', (m: { seat?: unknown; token?: unknown; invite?: unknown }) => {
      if (!isSeat(m?.seat)) return;
      this.seat = m.seat;
      if (typeof m.token === 'string') this.token = m.token;
      if (typeof m.invite === 'string') this.setInvite(m.invite);
      const seat = { seat: m.seat, token: this.token ?? '' };
      this.emitLater(() => this.events.emit('seat', seat));
    });
    // A private table's code, for its creator when it watches (players get it with their seat).
    room.onMessage('invite', (m: { code?: unknown }) => {
      if (typeof m?.code === 'string') this.setInvite(m.code);
    });
    // The batch's patch is applied first: the events that repeat the state are read from it.
    room.onMessage(EVENTS, (list: unknown) => this.deliver(eventsFromWire(list, room.state)));
    // A commentator's feed: every event (hidden ones too), in batches stamped with the server's time.
    room.onMessage('commentary', (m: Commentary | Commentary[]) => {
      for (const batch of Array.isArray(m) ? m : [m]) {
        if (!batch || !Array.isArray(batch.events)) continue;
        this.emitLater(() => this.events.emit('commentary', batch));
        this.deliver(batch.events);
      }
    });
    room.onMessage('error', (m: { code?: unknown; reason?: unknown }) => {
      const error = { code: String(m?.code ?? 'ERROR'), reason: String(m?.reason ?? '') };
      this.emitLater(() => this.events.emit('error', error));
    });
    // Answers to plain sends; requests get theirs directly. Registered so nothing is reported as unhandled.
    room.onMessage('actionResult', () => {});
    room.onMessage('*', () => {});
    room.onDrop((code, reason) => {
      this.reconnecting = true;
      this.events.emit('reconnecting', { code, ...(reason ? { reason } : {}), via: 'colyseus', attempt: 1 });
    });
    room.onReconnect(() => {
      if (this.leaving) return void room.leave(true).catch(() => {});
      this.reconnecting = false;
      this.events.emit('reconnected', { via: 'colyseus' });
    });
    room.onLeave((code, reason) => {
      if (room !== this.currentRoom) return;
      void this.onLeave(code, reason);
    });
  }

  /** Whether this client only watches (a spectator or a commentator). */
  get spectator(): boolean {
    return this.role !== 'player';
  }

  /** The table's id (the Colyseus room id, also the game's id in the server's store). */
  get id(): string {
    if (this.tableId === null && this.currentRoom?.roomId) this.tableId = this.currentRoom.roomId;
    return this.tableId ?? '';
  }

  /** The underlying Colyseus room (replaced after a rejoin with the token): for advanced uses. */
  get room(): TableRoom {
    return this.currentRoom;
  }

  /** The decoded state (live: it changes as patches arrive). */
  get state(): TableState {
    return this.currentRoom.state;
  }

  /** The engine's view of the table from this seat (or a spectator's), with its legal actions. */
  view(): TableView & { legalActions: LegalAction[] } {
    return tableViewOf(this.state, this.seat ?? 'spectator');
  }

  /** What this seat may do now ([] for a spectator or when it is not to act). */
  get legal(): LegalAction[] {
    const own = this.own();
    if (!own || own.legal === '') return [];
    const hand = handOfOwn(own);
    const key = `${own.legal}|${hand.join(',')}`;
    if (key !== this.legalCache.key) this.legalCache = { key, legal: legalFromWire(own.legal, hand) };
    return this.legalCache.legal;
  }

  /** This seat's concealed tiles, sorted (the drawn one included); [] for a spectator. */
  get hand(): TileId[] {
    const own = this.own();
    return own ? handOfOwn(own) : [];
  }

  /** The tile drawn this turn, or null. */
  get drawn(): TileId | null {
    const d = this.own()?.drawn;
    return d === undefined || d < 0 ? null : d;
  }

  /** Whether the connection is up (false while reconnecting and after leaving). */
  get connected(): boolean {
    return !this.left && !this.reconnecting;
  }

  on<K extends keyof TableEvents>(type: K, cb: TableEvents[K]): () => void {
    return this.events.on(type, cb);
  }

  off<K extends keyof TableEvents>(type: K, cb: TableEvents[K]): void {
    this.events.off(type, cb);
  }

  discard(tile: TileId): Promise<ActionReply> {
    return this.act({ type: 'discard', tile });
  }

  riichi(tile: TileId): Promise<ActionReply> {
    return this.act({ type: 'riichi', tile });
  }

  chii(tiles: [TileId, TileId]): Promise<ActionReply> {
    return this.act({ type: 'chii', tiles });
  }

  pon(tiles: [TileId, TileId]): Promise<ActionReply> {
    return this.act({ type: 'pon', tiles });
  }

  /**
   * A kan. No argument or three tiles: daiminkan of the discard. One tile: shouminkan if this
   * seat has a pon of its kind, ankan otherwise.
   */
  kan(tiles?: TileId | [TileId, TileId, TileId]): Promise<ActionReply> {
    if (tiles === undefined) return this.act({ type: 'daiminkan' });
    if (Array.isArray(tiles)) return this.act({ type: 'daiminkan', tiles });
    const kind = tiles >> 2;
    const melds = this.seat === null ? [] : Array.from(this.state.seats[this.seat]?.melds ?? []);
    const pon = melds.some((m) => m.type === 'pon' && Array.from(m.tiles).some((t) => t >> 2 === kind));
    return this.act({ type: pon ? 'shouminkan' : 'ankan', tile: tiles });
  }

  ron(options: { reveal?: boolean } = {}): Promise<ActionReply> {
    return this.act({ type: 'ron', ...(options.reveal !== undefined ? { reveal: options.reveal } : {}) });
  }

  tsumo(options: { reveal?: boolean } = {}): Promise<ActionReply> {
    return this.act({ type: 'tsumo', ...(options.reveal !== undefined ? { reveal: options.reveal } : {}) });
  }

  pass(): Promise<ActionReply> {
    return this.act({ type: 'pass' });
  }

  kyuushu(): Promise<ActionReply> {
    return this.act({ type: 'kyuushu' });
  }

  draw(): Promise<ActionReply> {
    return this.act({ type: 'draw' });
  }

  /**
   * Asks the server to keep each hand's result up for this seat until `ready()` (bounded by the
   * server's RESULT_WAIT_MS, 60 s). For clients that show results to a person; bots need not.
   */
  holdResults(on: boolean): void {
    if (this.left || this.seat === null) return;
    this.currentRoom.send('holdResults', on);
  }

  /** This seat has seen the hand's result: the next deal may come (see `holdResults`). */
  ready(): void {
    if (this.left || this.seat === null) return;
    this.currentRoom.send('ready');
  }

  /** Any command; resolves with the server's reply, rejects with a JantakuError. */
  async act(command: Command): Promise<ActionReply> {
    if (this.left) throw new JantakuError('LEFT', 'this table was left');
    if (this.reconnecting) throw new JantakuError('DISCONNECTED', 'reconnecting: try again once reconnected');
    try {
      return replyFromWire(await this.currentRoom.request('action', command, { timeout: this.init.requestTimeoutMs }));
    } catch (e) {
      throw toJantakuError(e);
    }
  }

  /** Leaves the table (the seat stays yours to rejoin with the token while the server allows). */
  async leave(): Promise<void> {
    if (this.left) return;
    this.leaving = true;
    const room = this.currentRoom;
    if (this.reconnecting) {
      // Stops Colyseus's retries: its next attempt gives up instead.
      room.reconnection.maxRetries = 0;
    } else {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        room.leave(true).catch(() => {}),
        new Promise<void>((r) => (timer = setTimeout(r, 3000))),
      ]);
      clearTimeout(timer);
    }
    this.finish(CloseCode.CONSENTED, 'left');
  }

  private deliver(list: RefereeEvent[]): void {
    if (!Array.isArray(list)) return;
    for (const e of list) {
      this.emitLater(() => {
        this.events.emit('event', e);
        if (e.type === 'fault') this.events.emit('fault', e);
      });
    }
  }

  /** Emits now, or, while the join is in progress, right after it resolved (so `on(...)` after `await` hears it). */
  private emitLater(emit: () => void): void {
    if (this.held) this.held.push(emit);
    else emit();
  }

  /** @internal The join resolved: deliver what came meanwhile, on the next task. */
  release(): void {
    setTimeout(() => {
      const held = this.held ?? [];
      this.held = null;
      for (const emit of held) emit();
    }, 0);
  }

  private own() {
    return this.seat === null ? undefined : this.currentRoom.state?.seats?.[this.seat]?.own;
  }

  private onState(state: TableState): void {
    if (!state?.seats?.length) return;
    // Before the server names our seat, it is the one whose private part we can see.
    if (this.seat === null && this.role === 'player') {
      const i = Array.from(state.seats).findIndex((s) => s.own !== undefined);
      if (isSeat(i)) this.seat = i;
    }
    // The token is also in the seat's private state: the `seat` message may have been missed.
    const token = this.own()?.token;
    if (token && this.token === null) this.token = token;
    const first = this.handSeen < 0;
    if (state.lastResult && state.hands !== this.handSeen) {
      this.handSeen = state.hands;
      // A result already shown when we arrived is history, not news.
      if (!first) {
        this.events.emit('handEnded', {
          hand: state.hands,
          result: JSON.parse(state.lastResult),
          scores: Array.from(state.seats, (s) => s.score),
          uraIndicators: Array.from(uraIndicatorsOf(state)),
        } satisfies HandEnded);
      }
    } else if (first) this.handSeen = 0;
    this.events.emit('change', state);
    if (state.phase === 'gameOver' && state.standings && !this.gameSeen) {
      this.gameSeen = true;
      this.events.emit('gameEnded', { standings: JSON.parse(state.standings) });
    }
  }

  private async onLeave(code: number, reason?: string): Promise<void> {
    const over = this.currentRoom.state?.phase === 'gameOver';
    // 4101 (SEAT_TAKEN_OVER): the account took this seat from another device; rejoining would only take it back.
    // 4102 (SEAT_REASSIGNED): the table's organiser gave the seat to another account.
    if (this.leaving || this.left || code === CloseCode.CONSENTED || code === 4101 || code === 4102 || over || !this.init.reconnect) {
      this.finish(code, reason);
      return;
    }
    // Colyseus could not bring the session back (or the server went away): join again as this seat.
    this.reconnecting = true;
    const { retries, minDelayMs, maxDelayMs } = this.init.reconnect;
    for (let attempt = 1; attempt <= retries && !this.leaving; attempt++) {
      this.events.emit('reconnecting', { code, ...(reason ? { reason } : {}), via: 'token', attempt });
      try {
        await this.init.rejoin(this);
        if (this.leaving) {
          await this.currentRoom.leave(true).catch(() => {});
          break;
        }
        this.reconnecting = false;
        this.events.emit('reconnected', { via: 'token' });
        return;
      } catch (e) {
        const err = toJantakuError(e);
        // A seat the server says is not ours (taken, bad token) will not come back by waiting.
        if (err.status === 400 || err.status === 401 || err.status === 403) {
          this.finish(code, err.reason);
          return;
        }
      }
      await sleep(Math.min(maxDelayMs, minDelayMs * 2 ** attempt));
    }
    this.finish(code, reason);
  }

  private finish(code: number, reason?: string): void {
    if (this.left) return;
    this.left = true;
    this.reconnecting = false;
    this.events.emit('leave', { code, ...(reason ? { reason } : {}) });
  }
}
