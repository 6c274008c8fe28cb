import { Client, type Room } from '@colyseus/sdk';
import type { Command, LegalAction, Seat, Standing } from '@jantaku/shared/game/types';
import { MjaiTranslator, mjaiReplyToCommand, type AskKind, type MjaiMessage, type RedFives } from '@jantaku/shared/logs/mjai';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { prescribedCommand } from '@jantaku/shared/referee/timePrescribed';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { MjaiProcess, type MjaiFraming } from './process';
import { snapshotOf, StateEventDeriver, type Snapshot } from './stateEvents';

/**
 * The mjai bridge: an external bot speaking mjai over stdin/stdout sits at a Jantaku table.
 * The events its seat receives become mjai messages; when the seat must act, the bot's reply to
 * the message that asked becomes a Command, sent as it is (the referee judges it: a false `hora`
 * is a false win, a tile not held is a tile not held). Written against the raw @colyseus/sdk
 * client; it needs only joinById/create, `room.request('action', …)`, `events` and the state.
 */

export interface MjaiBridgeOptions {
  /** Server websocket URL, e.g. ws://localhost:2567. */
  url: string;
  /** Join this table (room id)… */
  table?: string;
  /** …or create one with these options (the seat options may be in it too). */
  create?: Record<string, unknown>;
  seat?: number;
  /** The bot: program and arguments. */
  command: string;
  args?: string[];
  framing?: MjaiFraming;
  /**
   * Where the seat's events come from: the server's `events` message (default), or the
   * differences of successive states (`state`: for a server that sends no events).
   */
  source?: 'events' | 'state';
  /** Ruleset overrides of the table (for red fives); the ruleset name is read from the state. */
  overrides?: Record<string, unknown>;
  /** Log every batch of events and the messages made of it. */
  trace?: boolean;
  /** Diagnostics (one line each); default: nothing. */
  log?: (line: string) => void;
  /** Every mjai message sent to the bot, in order. */
  onSent?: (messages: MjaiMessage[]) => void;
  /** Every declaration sent for the bot, with the server's answer. */
  onOutcome?: (o: MjaiOutcome) => void;
  /** Called once seated. */
  onSeated?: (info: { roomId: string; seat: Seat }) => void;
}

/** The server's answer to a declaration. */
export type ServerAnswer =
  | { status: 'accepted' }
  | { status: 'fault'; rule: string; penalty: unknown; reason: string }
  | { status: 'refused'; code: string; reason: string; rule?: string };

export interface MjaiOutcome {
  /** The bot's reply (for a riichi, the `dahai` after its `reach`), or null when the bridge acted for it. */
  reply: unknown;
  command: Command;
  answer: ServerAnswer;
  /** Sent by the bridge, not the bot: what the clock would send after a refused or cancelled declaration. */
  fallback?: boolean;
  /** The bot's reply to a message that asked nothing of it (line framing), declared all the same. */
  unasked?: boolean;
}

export interface MjaiBridgeResult {
  roomId: string;
  seat: Seat;
  standings: Standing[] | null;
  outcomes: MjaiOutcome[];
  /** The bot's exit code. */
  exitCode: number | null;
}

function answerOf(e: unknown): ServerAnswer {
  const reason = (e as { reason?: unknown }).reason;
  if (reason && typeof reason === 'object' && 'code' in reason) {
    const r = reason as { code: string; reason: string; rule?: string };
    return { status: 'refused', code: r.code, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}) };
  }
  throw e;
}

/** Seats the bot, plays the game through it, and resolves when the game is over. */
export async function runMjaiBridge(o: MjaiBridgeOptions): Promise<MjaiBridgeResult> {
  const log = o.log ?? (() => {});
  const client = new Client(o.url);
  const seatOpt = o.seat !== undefined ? { seat: o.seat } : {};
  const room: Room<TableState> = o.table
    ? await client.joinById<TableState>(o.table, seatOpt)
    : await client.create<TableState>('table', { ...(o.create ?? {}), ...seatOpt });
  const bot = new MjaiProcess(o.command, o.args ?? [], o.framing ?? 'line', log);
  const bridge = new Bridge(room, bot, o, log);
  try {
    const standings = await bridge.run();
    await bot.close();
    return { roomId: room.roomId, seat: bridge.seat, standings, outcomes: bridge.outcomes, exitCode: await bot.exit };
  } finally {
    await bot.close(500);
    if (room.connection.isOpen) await room.leave().catch(() => {});
  }
}

/** How long a seat that must act may wait unasked before the bridge acts for it. */
const STALL_MS = 3000;

class Bridge {
  seat!: Seat;
  readonly outcomes: MjaiOutcome[] = [];
  private tr!: MjaiTranslator;
  private red!: RedFives;
  private deriver!: StateEventDeriver;
  private readonly source: 'events' | 'state';
  /** Work is done one batch at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private done!: (s: Standing[] | null) => void;
  private fail!: (e: unknown) => void;
  private finished = false;
  private drawSentAt = -1;
  private booted = false;
  private initialDone = false;
  private skipEvents = false;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private busy = 0;

  constructor(private readonly room: Room<TableState>, private readonly bot: MjaiProcess, private readonly o: MjaiBridgeOptions, private readonly log: (line: string) => void) {
    this.source = o.source ?? 'events';
  }

  run(): Promise<Standing[] | null> {
    const result = new Promise<Standing[] | null>((resolve, reject) => {
      this.done = resolve;
      this.fail = reject;
    });
    this.room.onMessage('events', (events: RefereeEvent[]) => this.onEvents(events));
    this.room.onMessage('*', () => {});
    this.room.onStateChange(() => this.onState());
    this.room.onLeave((code) => {
      if (!this.finished) this.fail(new Error(`left the table (code ${code}) before the game ended`));
    });
    void this.bot.exit.then(() => {
      if (!this.finished) this.fail(new Error('the mjai bot exited before the game ended'));
    });
    this.onState();
    return result;
  }

  private enqueue(work: () => Promise<void>): void {
    this.busy++;
    this.chain = this.chain
      .then(work)
      .catch((e) => {
        this.finished = true;
        if (this.watchdog) clearTimeout(this.watchdog);
        this.fail(e);
      })
      .finally(() => this.busy--);
  }

  /** The seat is known once our private part of the state is in our view. */
  private boot(state: TableState): boolean {
    if (this.booted) return true;
    const seat = Array.from(state.seats ?? []).findIndex((s) => s.own !== undefined);
    if (seat < 0 || !state.ruleset) return false;
    this.seat = seat as Seat;
    this.red = makeRuleset(state.ruleset, this.o.overrides ?? {}).redFives;
    this.tr = new MjaiTranslator({ viewer: this.seat, redFives: this.red });
    this.deriver = new StateEventDeriver(this.seat);
    this.booted = true;
    this.o.onSeated?.({ roomId: this.room.roomId, seat: this.seat });
    this.log(`seated at ${this.room.roomId} as seat ${this.seat} (${state.ruleset})`);
    return true;
  }

  private onState(): void {
    const state = this.room.state;
    if (!state || !this.boot(state) || this.finished) return;
    // `events` right after the state the bot's first hand was taken from are that state's.
    this.skipEvents = false;
    const snap = snapshotOf(state, this.seat);
    if (!this.initialDone && state.phase === 'gameOver') {
      this.finished = true;
      this.done(state.standings ? (JSON.parse(state.standings) as Standing[]) : null);
      return;
    }
    if (!this.initialDone) {
      if (!state.started) return;
      this.initialDone = true;
      const derived = this.deriver.next(snap);
      // The first deal happens when the table is made, so nobody is sent its events: it is taken
      // from the state, with the first discard if there is one (bots may act while we join).
      // Seated later in a hand, the bot gets the hand as it is now (its own tiles; the rest is not
      // replayed: the state does not say which tiles were drawn when).
      const fresh = snap.seats.every((x) => x.melds.length === 0) && snap.seats.reduce((n, x) => n + x.discards.length, 0) <= 1;
      this.enqueue(() => this.handle(fresh ? derived : lateStart(derived, snap, this.seat)));
      this.skipEvents = this.source === 'events';
    } else if (this.source === 'state') {
      const derived = this.deriver.next(snap);
      if (derived.length) this.enqueue(() => this.handle(derived));
    }
    const legal = snap.legalActions;
    // Rulesets where players draw for themselves: the draw is the bridge's, mjai has no word for it.
    if (legal.length === 1 && legal[0].type === 'draw' && this.drawSentAt !== state.actions) {
      this.drawSentAt = state.actions;
      this.enqueue(() => this.declare(null, { type: 'draw' }));
    }
    this.watch(state.actions, legal.length > 0);
  }

  /**
   * A seat with legal actions that nothing asked the bot about (a window the events did not
   * show): after a quiet while, the bridge acts as the clock would rather than hold the table.
   */
  private watch(actions: number, mustAct: boolean): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    if (!mustAct) return;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.finished || this.busy > 0 || this.room.state.actions !== actions) return;
      const legal = this.legalNow();
      if (legal.length === 0) return;
      this.log('the seat must act and the bot was not asked: acting as the clock would');
      const own = this.room.state.seats[this.seat].own!;
      this.enqueue(() => this.declare(null, prescribedCommand(legal, own.drawn >= 0 ? own.drawn : null), true));
    }, STALL_MS);
  }

  private onEvents(events: RefereeEvent[]): void {
    if (this.source === 'state' || !this.booted || !this.initialDone) return;
    // Sent while we were joining (or with the patch the first hand came from): already in that state.
    if (this.skipEvents) return;
    this.enqueue(() => this.handle(events));
  }

  /** One batch: its messages to the bot, the bot's answer to the one that asked, to the server. */
  private async handle(events: RefereeEvent[]): Promise<void> {
    if (this.finished) return;
    const { messages, ask, askKind } = this.tr.translate(events);
    this.o.onSent?.(messages);
    if (this.o.trace) this.log(`events ${events.map((e) => e.type).join(',')} -> ${messages.map((m) => JSON.stringify(m)).join(' ')}${ask !== null ? ` (ask ${askKind} at ${ask})` : ''}`);
    const end = events.find((e) => e.type === 'gameEnded');
    if (end) {
      await this.bot.flush(messages).catch(() => {});
      this.finished = true;
      if (this.watchdog) clearTimeout(this.watchdog);
      this.done(end.standings);
      return;
    }
    const { reply, unasked } = await this.bot.exchange(messages, ask);
    // A reply nothing asked for is a declaration too (out of turn, or to nothing): the server judges it.
    for (const u of unasked) {
      const ctx: AskKind = (u.to.type === 'dahai' || u.to.type === 'kakan') && u.to.actor !== this.seat ? 'claim' : 'turn';
      const r = mjaiReplyToCommand(u.reply, { ask: ctx, hand: this.tr.hand, drawn: this.tr.drawn, redFives: this.red, followUp: false });
      if ('command' in r) await this.declare(u.reply, r.command, false, false);
    }
    if (ask !== null && askKind !== null) await this.answer(reply, askKind);
  }

  private async answer(reply: unknown, askKind: AskKind): Promise<void> {
    const ctx = { ask: askKind, hand: this.tr.hand, drawn: this.tr.drawn, redFives: this.red };
    const r = mjaiReplyToCommand(reply, ctx);
    if ('followUp' in r) {
      // mjai's riichi: `reach`, then the discard asked by the seat's own `reach` message.
      this.tr.noteReachSent();
      const reach: MjaiMessage = { ...r.followUp, actor: this.seat };
      this.o.onSent?.([reach]);
      const { reply: discard } = await this.bot.exchange([reach], 0);
      const rr = mjaiReplyToCommand(discard, { ...ctx, ask: 'riichi' });
      return this.declare(discard, 'command' in rr ? rr.command : { type: 'riichi', tile: -1 });
    }
    return this.declare(reply, r.command);
  }

  /** Sends a declaration; when it was refused or cancelled and the seat must still act, acts as the clock would. */
  private async declare(reply: unknown, command: Command, fallback = false, asked = true): Promise<void> {
    const state = this.room.state;
    const hands = state.hands;
    // The table's action count once this declaration is judged: unchanged by a refusal.
    let after = state.actions;
    let answer: ServerAnswer;
    try {
      const res = (await this.room.request('action', command)) as { status: string; actions: number; rule?: string; penalty?: unknown; reason?: string };
      answer = res.status === 'fault' ? { status: 'fault', rule: res.rule!, penalty: res.penalty, reason: res.reason ?? '' } : { status: 'accepted' };
      after = res.actions;
    } catch (e) {
      answer = answerOf(e);
    }
    const outcome: MjaiOutcome = { reply, command, answer, ...(fallback ? { fallback } : {}), ...(asked ? {} : { unasked: true }) };
    this.outcomes.push(outcome);
    this.o.onOutcome?.(outcome);
    if (answer.status !== 'accepted') this.log(`${JSON.stringify(reply)} -> ${JSON.stringify(command)}: ${JSON.stringify(answer)}`);
    if (answer.status === 'accepted' || fallback || !asked) return;
    // The reply has been judged. If nothing has happened since (the state may already show the
    // next hand) and the seat still owes an action (a refusal, a cancelled fault), act for it.
    if (state.hands !== hands || state.actions !== after) return;
    const legal = this.legalNow();
    if (legal.length === 0) return;
    const own = state.seats[this.seat].own!;
    await this.declare(null, prescribedCommand(legal, own.drawn >= 0 ? own.drawn : null), true);
  }

  private legalNow(): LegalAction[] {
    const own = this.room.state.seats[this.seat]?.own;
    return own ? (JSON.parse(own.legalActions || '[]') as LegalAction[]) : [];
  }
}

/** The hand a seat taken during play starts from: the deal as its tiles are now, and its drawn tile. */
function lateStart(derived: RefereeEvent[], snap: Snapshot, seat: Seat): RefereeEvent[] {
  const start = derived.find((e) => e.type === 'handStarted');
  if (!start || snap.lastResult) return derived.filter((e) => e.type === 'gameEnded');
  const tiles = (snap.hand ?? []).filter((t) => t !== snap.drawn);
  const out: RefereeEvent[] = [start, { to: seat, type: 'dealt', seat, tiles }];
  if (snap.drawn != null) out.push({ to: seat, type: 'drew', seat, tile: snap.drawn, rinshan: false });
  return out;
}
