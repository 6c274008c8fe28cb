import { generateId, Room, ServerError, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { MessageContext } from '@colyseus/shared-types';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import type { Bot } from '@jantaku/shared/bots/types';
import type { LegalAction, Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { Referee, type Judged } from '@jantaku/shared/referee/referee';
import { makeRuleset, RulesetError, type Ruleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import type { GameStore, StoredSeat } from '../store/index';
import { newTableState, project, SEATS } from './projection';

/** Options to create a table. Unknown or ill-typed options are refused with the option's name. */
export interface TableOptions {
  /** A shipped ruleset name (default `tenhou`). */
  ruleset?: string;
  /** Overrides validated onto the shipped ruleset by `makeRuleset`. */
  overrides?: Record<string, unknown>;
  /** Seed of the walls (default: random). */
  seed?: string;
  /** Seats played by built-in bots: a count (the last seats) or the seat numbers. Default 0. */
  bots?: number | number[];
  /** The bots' strategy (default `efficiency`). */
  bot?: 'efficiency' | 'tsumogiri';
  /** Delay before a bot (or an absent seat) acts, ms (default 300). */
  botDelayMs?: number;
  /** Pause between the end of a hand and the next deal, ms (default 3000). */
  handPauseMs?: number;
}

/** Options to join: a seat (a chosen one or the first free), or a spectator's place. */
export interface JoinOptions {
  seat?: number;
  spectator?: boolean;
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

type Seating = { seat: Seat } | { spectator: true };

/** Largest accepted action message (bytes of its JSON). */
export const MAX_ACTION_BYTES = 512;

const BOTS: Record<string, Bot> = { efficiency: efficiencyBot, tsumogiri: tsumogiriBot };

function fail(field: string, reason: string): never {
  throw new ServerError(400, `invalid table option ${field}: ${reason}`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isSeat = (v: unknown): v is Seat => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 3;

/** Validates the create options; throws a ServerError naming the field at fault. */
export function parseTableOptions(raw: unknown): {
  rules: Ruleset;
  seed: string;
  bots: Set<Seat>;
  bot: Bot;
  botName: string;
  botDelayMs: number;
  handPauseMs: number;
} {
  const o = raw === undefined || raw === null ? {} : raw;
  if (!isPlainObject(o)) fail('(root)', 'options must be an object');
  // `seat` and `spectator` are the creator's join options (Colyseus passes one object to both).
  const known = ['ruleset', 'overrides', 'seed', 'bots', 'bot', 'botDelayMs', 'handPauseMs', 'seat', 'spectator'];
  for (const k of Object.keys(o)) if (!known.includes(k)) fail(k, 'unknown option');
  const name = o.ruleset ?? 'tenhou';
  if (typeof name !== 'string') fail('ruleset', 'must be a ruleset name');
  if (o.overrides !== undefined && !isPlainObject(o.overrides)) fail('overrides', 'must be an object of settings');
  let rules: Ruleset;
  try {
    rules = makeRuleset(name, (o.overrides ?? {}) as Record<string, unknown>);
  } catch (e) {
    if (e instanceof RulesetError) {
      const i = e.issues[0];
      const field = i.field === 'name' ? 'ruleset' : `overrides.${i.field}`;
      fail(field, e.issues.map((x) => `${x.field}: ${x.reason}`).join('; '));
    }
    throw e;
  }
  if (o.seed !== undefined && (typeof o.seed !== 'string' || o.seed.length === 0 || o.seed.length > 200)) fail('seed', 'must be a string of 1..200 characters');
  const seed = (o.seed as string | undefined) ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const bots = new Set<Seat>();
  if (typeof o.bots === 'number') {
    if (!Number.isInteger(o.bots) || o.bots < 0 || o.bots > 4) fail('bots', 'must be 0..4 or a list of seats');
    for (let i = 4 - o.bots; i < 4; i++) bots.add(i as Seat);
  } else if (Array.isArray(o.bots)) {
    for (const s of o.bots) {
      if (!isSeat(s) || bots.has(s)) fail('bots', 'seats must be distinct integers 0..3');
      bots.add(s);
    }
  } else if (o.bots !== undefined) fail('bots', 'must be 0..4 or a list of seats');
  const botName = o.bot ?? 'efficiency';
  if (typeof botName !== 'string' || !Object.hasOwn(BOTS, botName)) fail('bot', `must be one of ${Object.keys(BOTS).join(', ')}`);
  const ms = (k: 'botDelayMs' | 'handPauseMs', dflt: number): number => {
    const v = o[k] ?? dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 60_000) fail(k, 'must be an integer 0..60000');
    return v;
  };
  return { rules, seed, bots, bot: BOTS[botName], botName, botDelayMs: ms('botDelayMs', 300), handPauseMs: ms('handPauseMs', 3000) };
}

/**
 * A table: one refereed game. State goes out only through the schema projection (`project`,
 * from `viewFor`); each seated client's StateView holds its own seat, so its concealed hand,
 * draw and legal actions reach it alone. Every action is a request answered with accepted,
 * fault (rule, penalty) or an error code; nothing a client sends drops its connection.
 */
export class TableRoom extends Room<{ state: TableState }> {
  /**
   * Where games are recorded (set by `createServer` on the room class it registers); null: not
   * recorded. The room's id is the game's id in the store.
   */
  static store: GameStore | null = null;
  referee!: Referee;
  /** How many entries of the referee's log are in the store; whether its result is. */
  private persisted = 0;
  private finished = false;
  private bots = new Set<Seat>();
  private bot: Bot = efficiencyBot;
  private botDelayMs = 300;
  private handPauseMs = 3000;
  /** Seats with a client now, and seats ever taken by a player. */
  private occupied = new Map<Seat, string>();
  private claimed = new Set<Seat>();
  private legal: LegalAction[][] = [[], [], [], []];
  private timer: ReturnType<typeof setTimeout> | null = null;

  override onCreate(options: unknown): void {
    const o = parseTableOptions(options);
    this.bots = o.bots;
    this.bot = o.bot;
    this.botDelayMs = o.botDelayMs;
    this.handPauseMs = o.handPauseMs;
    this.referee = new Referee({ rules: o.rules, seed: o.seed });
    const store = this.store;
    if (store) {
      // The room's id is the game's id: a new one if an older game already has it.
      while (store.getGame(this.roomId)) this.roomId = generateId();
      const seats: StoredSeat[] = SEATS.map((s) => (this.bots.has(s) ? { kind: 'bot', bot: o.botName } : { kind: 'empty' }));
      store.createGame({
        id: this.roomId,
        rules: o.rules,
        seed: o.seed,
        seats,
        options: { bots: [...this.bots], bot: o.botName, botDelayMs: o.botDelayMs, handPauseMs: o.handPauseMs },
      });
    }
    this.state = newTableState(o.rules.name);
    for (const s of this.bots) this.state.seats[s].bot = true;
    this.state.hands = 1;
    this.refresh();
    // Patches go out right after each applied action; the timer only catches anything else.
    this.setPatchRate(1000);
    this.setMetadata({ ruleset: o.rules.name, bots: [...this.bots] });
    this.onMessage('action', (client: Client, message: unknown, ctx: MessageContext) => this.onAction(client, message, ctx));
    // Any other message type: answered, never a disconnect.
    this.onMessage('*', (client: Client, type: string | number) => {
      client.send('error', { code: 'UNKNOWN_MESSAGE', reason: `no message "${String(type)}": send "action"` } satisfies ActionError);
    });
    this.maybeStart();
  }

  override onJoin(client: Client, options?: JoinOptions): void {
    const o: Record<string, unknown> = isPlainObject(options) ? options : {};
    client.view = new StateView();
    if (o.spectator === true) {
      client.userData = { spectator: true } satisfies Seating;
      return;
    }
    let seat: Seat | undefined;
    if (o.seat !== undefined) {
      if (!isSeat(o.seat)) throw new ServerError(400, 'seat must be 0..3');
      if (this.bots.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is played by a bot`);
      if (this.occupied.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is taken`);
      seat = o.seat;
    } else seat = SEATS.find((s) => !this.bots.has(s) && !this.occupied.has(s));
    if (seat === undefined) throw new ServerError(409, 'no free seat: join as a spectator');
    client.userData = { seat } satisfies Seating;
    this.occupied.set(seat, client.sessionId);
    this.claimed.add(seat);
    this.state.seats[seat].connected = true;
    client.view.add(this.state.seats[seat]);
    this.maybeStart();
    this.broadcastPatch();
  }

  override onLeave(client: Client): void {
    const seating = client.userData as Seating | undefined;
    if (!seating || !('seat' in seating) || this.occupied.get(seating.seat) !== client.sessionId) return;
    this.occupied.delete(seating.seat);
    this.state.seats[seating.seat].connected = false;
    this.broadcastPatch();
    // An empty seat is played out by the clock (prescribed commands) until reconnection exists.
    this.schedule();
  }

  /** The store games are recorded in (the room class's), or null. */
  get store(): GameStore | null {
    return (this.constructor as typeof TableRoom).store;
  }

  /**
   * Writes the referee's new log entries (and, at the end, the result) to the store. Called
   * after every applied command and before its patch goes out: what a client sees is recorded.
   * A store that fails stops the table: nothing more is applied or broadcast (false).
   */
  private persist(): boolean {
    const store = this.store;
    if (this.storeFailed) return false;
    if (!store || this.finished) return true;
    const log = this.referee.log;
    try {
      store.transaction(() => {
        for (; this.persisted < log.length; this.persisted++) store.append(this.roomId, log[this.persisted]);
      });
      const game = this.referee.game;
      if (game.phase === 'gameOver') {
        store.finish(this.roomId, { standings: game.standings, scores: game.scores, faults: this.referee.faults });
        this.finished = true;
      }
      return true;
    } catch (e) {
      this.storeFailed = true;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      console.error(`table ${this.roomId}: the store failed, the table stops`, e);
      void this.disconnect();
      return false;
    }
  }

  private storeFailed = false;

  override onDispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Bots start once every seat not theirs has had a player. */
  private maybeStart(): void {
    if (this.state.started || SEATS.some((s) => !this.bots.has(s) && !this.claimed.has(s))) return;
    this.state.started = true;
    this.schedule();
  }

  private onAction(client: Client, message: unknown, ctx: MessageContext): unknown {
    const reply = this.judgeAction(client, message);
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
      size = JSON.stringify(message).length;
    } catch {
      return { code: 'BAD_COMMAND', reason: 'the action is not plain data' };
    }
    if (size > MAX_ACTION_BYTES) return { code: 'TOO_LARGE', reason: `an action is at most ${MAX_ACTION_BYTES} bytes` };
    const { seat: claimedSeat, ...command } = message;
    if (claimedSeat !== undefined && claimedSeat !== seating.seat) return { code: 'NOT_YOUR_SEAT', reason: `this client plays seat ${seating.seat}` };
    if (!this.state.started) return { code: 'NOT_STARTED', reason: 'waiting for players' };
    if (this.storeFailed) return { code: 'UNAVAILABLE', reason: 'the table cannot record its game' };
    const r = this.referee.apply(seating.seat, command, undefined, Date.now());
    if (!r.ok) return { code: r.refusal.code, reason: r.refusal.reason, ...(r.refusal.rule ? { rule: r.refusal.rule } : {}) };
    if (!this.applied(r)) return { code: 'UNAVAILABLE', reason: 'the table cannot record its game' };
    const actions = this.state.actions;
    if (r.fault) return { status: 'fault', actions, rule: r.fault.rule, penalty: r.fault.penalty, reason: r.fault.reason };
    return { status: 'accepted', actions };
  }

  /** After an applied command: re-project, send the patch at once, plan what comes next. */
  private applied(r: Judged): boolean {
    if (!r.ok || !this.persist()) return false;
    this.state.actions++;
    this.refresh();
    this.broadcastPatch();
    this.schedule();
    return true;
  }

  private refresh(): void {
    this.legal = project(this.state, this.referee.game);
  }

  /** Plans the next automatic step: the next deal after a pause, or a bot's (or an empty seat's) move. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.state.started) return;
    const game = this.referee.game;
    if (game.phase === 'gameOver') return;
    if (game.phase === 'handEnded') {
      this.timer = setTimeout(() => this.deal(), this.handPauseMs);
      return;
    }
    const seat = SEATS.find((s) => this.legal[s].length > 0 && (this.bots.has(s) || !this.occupied.has(s)));
    if (seat === undefined) return;
    this.timer = setTimeout(() => this.autoPlay(seat), this.botDelayMs);
  }

  private deal(): void {
    this.timer = null;
    const r = this.referee.nextHand();
    if (!r.ok || !this.persist()) return;
    this.state.hands++;
    this.refresh();
    this.broadcastPatch();
    this.schedule();
  }

  /** A bot acts from its own projection; an empty seat plays the prescribed command. */
  private autoPlay(seat: Seat): void {
    this.timer = null;
    const legal = this.legal[seat];
    if (legal.length === 0) return this.schedule();
    let r: Judged;
    if (this.bots.has(seat)) {
      const game = this.referee.game;
      r = this.referee.apply(seat, this.bot(viewFor(game, seat, legal), legal), undefined, Date.now());
      if (!r.ok) r = this.referee.expire(seat);
    } else r = this.referee.expire(seat);
    if (r.ok) this.applied(r);
    else this.schedule();
  }
}
