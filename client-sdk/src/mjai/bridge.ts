import { Client, type Room } from '@colyseus/sdk';
import type { Command, LegalAction, Seat, Standing } from '@jantaku/shared/game/types';
import { MjaiTranslator, mjaiReplyToCommand, type AskKind, type MjaiMessage, type RedFives } from '@jantaku/shared/logs/mjai';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { prescribedCommand } from '@jantaku/shared/referee/timePrescribed';
import { makeRuleset, parseRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import { EVENTS, eventsFromWire } from '@jantaku/shared/protocol/events';
import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import type { TableState } from '@jantaku/shared/schema/table';
import { replyFromWire } from '@jantaku/shared/api/table';
import { answerDeadline, answerTime, DEFAULT_ANSWER_MS, describe, invalidAnswer, START_ANSWER_MS } from './answers';
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
  /**
   * `auto` (default): the bot is started as given and sent `start_game` as one line (gimite's
   * framing); if it exits before answering (an mjai.app bot started without its seat argument
   * does), it is started again as mjai.app runs it, with `batch` framing.
   */
  framing?: MjaiFraming | 'auto';
  /** The player's name at the table. */
  name?: string;
  /** How long the bot may take to answer at a table without a clock (ms; default DEFAULT_ANSWER_MS). */
  answerMs?: number;
  /**
   * Where the seat's events come from: the server's `events` message (default), or the
   * differences of successive states (`state`: for a server that sends no events).
   */
  source?: 'events' | 'state';
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
  /** Sent by the bridge, not the bot: the prescribed command after a late, invalid, refused or cancelled answer. */
  fallback?: boolean;
  /** Why the bridge sent the prescribed command instead of the bot's answer. */
  because?: 'late' | 'invalid' | 'refused' | 'unasked';
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
  /** The framing the bot was spoken to in (`auto` settles on one). */
  framing: MjaiFraming;
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
  let room: Room<TableState>;
  try {
    room = o.table
      ? await client.joinById<TableState>(o.table, { ...seatOpt, ...(o.name !== undefined ? { name: o.name } : {}) })
      : await client.create<TableState>('table', { ...(o.create ?? {}), ...seatOpt, ...(o.name !== undefined ? { playerName: o.name } : {}) });
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new Error(`cannot ${o.table ? `join table ${o.table}` : 'create the table'}: ${(e as Error).message}${typeof code === 'number' ? ` (${code})` : ''}`, { cause: e });
  }
  const bridge = new Bridge(room, o, log);
  try {
    const standings = await bridge.run();
    // No bot when the game was over before we sat down.
    const bot = bridge.bot;
    await bot?.close();
    const framing = bot?.framing ?? (o.framing === 'batch' ? 'batch' : 'line');
    return { roomId: room.roomId, seat: bridge.seat, standings, outcomes: bridge.outcomes, exitCode: bot ? await bot.exit : null, framing };
  } finally {
    await bridge.bot?.close(500);
    // A consented leave: the seat is played out by the table's `absent` policy, not left waiting for us.
    if (room.connection.isOpen) await room.leave(true).catch(() => {});
  }
}

/** The table's rules: from the state's `rules` (the resolved ruleset), or a shipped ruleset's name (older servers). */
export function tableRules(state: Pick<TableState, 'rules' | 'ruleset'>): Ruleset {
  if (state.rules) return parseRuleset(JSON.parse(state.rules));
  return makeRuleset(state.ruleset);
}

/** A seat's name for mjai's `start_game.names`: the player's, else `bot<seat>` or `player<seat>`. */
export function seatName(seat: { name: string; bot: boolean }, i: number): string {
  return seat.name || `${seat.bot ? 'bot' : 'player'}${i}`;
}

/** How long a seat that must act may wait unasked before the bridge acts for it. */
const STALL_MS = 3000;

class Bridge {
  seat!: Seat;
  bot: MjaiProcess | null = null;
  readonly outcomes: MjaiOutcome[] = [];
  private tr!: MjaiTranslator;
  private rules!: Ruleset;
  private red!: RedFives;
  private deriver!: StateEventDeriver;
  private readonly source: 'events' | 'state';
  /** Work is done one batch at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private done!: (s: Standing[] | null) => void;
  private reject!: (e: unknown) => void;
  private finished = false;
  private drawSentAt = -1;
  private booted = false;
  private initialDone = false;
  private skipEvents = false;
  /** No exchange with the bot yet: the first may take START_ANSWER_MS. */
  private first = true;
  /** `start_game` went to the bot already (the auto framing's probe). */
  private startSent = false;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private busy = 0;

  constructor(private readonly room: Room<TableState>, private readonly o: MjaiBridgeOptions, private readonly log: (line: string) => void) {
    this.source = o.source ?? 'events';
  }

  run(): Promise<Standing[] | null> {
    const result = new Promise<Standing[] | null>((resolve, reject) => {
      this.done = resolve;
      this.reject = reject;
    });
    this.room.onMessage(EVENTS, (events: unknown) => this.guard(() => this.onEvents(eventsFromWire(events, this.room.state))));
    this.room.onMessage('*', () => {});
    this.room.onStateChange(() => this.guard(() => this.onState()));
    this.room.onLeave((code) => {
      if (!this.finished) this.fail(new Error(`left the table (code ${code}) before the game ended`));
    });
    this.guard(() => this.onState());
    return result;
  }

  /** Ends the run with `e` (once). */
  private fail(e: unknown): void {
    if (this.finished) return;
    this.finished = true;
    if (this.watchdog) clearTimeout(this.watchdog);
    this.reject(e);
  }

  /** Runs a handler of the room's callbacks: what it throws ends the run, never the process. */
  private guard(f: () => void): void {
    try {
      f();
    } catch (e) {
      this.fail(e);
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.busy++;
    this.chain = this.chain
      .then(() => (this.finished ? undefined : work()))
      .catch((e) => this.fail(e))
      .finally(() => this.busy--);
  }

  /** The seat is known once our private part of the state is in our view; the rules come with the state. */
  private boot(state: TableState): boolean {
    if (this.booted) return true;
    const seat = Array.from(state.seats ?? []).findIndex((s) => s.own !== undefined);
    if (seat < 0 || !state.ruleset) return false;
    this.seat = seat as Seat;
    this.rules = tableRules(state);
    this.red = this.rules.redFives;
    this.deriver = new StateEventDeriver(this.seat);
    this.booted = true;
    this.o.onSeated?.({ roomId: this.room.roomId, seat: this.seat });
    this.log(`table ${this.room.roomId}, seat ${this.seat} (${state.ruleset}: ${this.rules.length}, time control ${this.rules.timeControl.kind}, fouls ${this.rules.foulPolicy})`);
    return true;
  }

  /** Starts the bot (auto framing: as gimite's players, else as mjai.app's) and sends it `start_game`. */
  private async startBot(): Promise<void> {
    const framing = this.o.framing ?? 'auto';
    const names = Array.from(this.room.state.seats, (s, i) => seatName(s, i));
    this.tr = new MjaiTranslator({ viewer: this.seat, redFives: this.red, names });
    const start: MjaiMessage = { type: 'start_game', id: this.seat, names };
    const spawn = (f: MjaiFraming) => {
      const args = f === 'batch' ? [...(this.o.args ?? []), String(this.seat)] : (this.o.args ?? []);
      const bot = new MjaiProcess(this.o.command, args, f, this.log);
      this.bot = bot;
      void bot.exit.then(() => {
        if (this.bot === bot && !this.finished) this.fail(bot.gone ?? new Error('the mjai bot exited before the game ended'));
      });
      return bot;
    };
    if (framing !== 'auto') {
      spawn(framing);
      return;
    }
    const probe = spawn('line');
    this.bot = null; // its exit during the probe is not the end
    if (await probe.probe(start, Date.now() + START_ANSWER_MS)) {
      this.bot = probe;
      if (probe.gone) throw probe.gone;
      this.o.onSent?.([start]);
      this.startSent = true;
      this.first = false;
      return;
    }
    // A program that cannot be started is not a question of framing.
    if (probe.gone && !probe.answered && (await probe.exit) === null) throw probe.gone;
    this.log(`the bot exited on its first message in line framing (gimite's): starting it as mjai.app does, with its seat as last argument and batch framing`);
    spawn('batch');
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
      this.enqueue(() => this.startBot());
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
      if (this.legalNow().length === 0) return;
      this.enqueue(() => this.prescribe('unasked', 'the seat must act and the bot was not asked'));
    }, STALL_MS);
  }

  private onEvents(events: RefereeEvent[]): void {
    if (this.source === 'state' || !this.booted || !this.initialDone) return;
    // Sent while we were joining (or with the patch the first hand came from): already in that state.
    if (this.skipEvents) return;
    this.enqueue(() => this.handle(events));
  }

  /** When the answer to an ask of `kind` made now is due (epoch ms). */
  private deadline(kind: AskKind | null): number {
    const untimed = this.o.answerMs ?? DEFAULT_ANSWER_MS;
    const now = Date.now();
    if (this.first) return now + Math.max(untimed, START_ANSWER_MS);
    if (kind === null) return now + untimed;
    const bank = this.room.state.seats[this.seat]?.bankMs ?? 0;
    return answerDeadline(now, answerTime(this.rules.timeControl, kind, bank, untimed));
  }

  /** One batch: its messages to the bot, the bot's answer to the one that asked, to the server. */
  private async handle(events: RefereeEvent[]): Promise<void> {
    const bot = this.bot!;
    const translated = this.tr.translate(events);
    let { messages, ask } = translated;
    const { askKind } = translated;
    if (this.startSent && messages[0]?.type === 'start_game') {
      messages = messages.slice(1);
      if (ask !== null) ask--;
      this.startSent = false;
    }
    this.o.onSent?.(messages);
    if (this.o.trace) this.log(`events ${events.map((e) => e.type).join(',')} -> ${messages.map((m) => JSON.stringify(m)).join(' ')}${ask !== null ? ` (ask ${askKind} at ${ask})` : ''}`);
    const end = events.find((e) => e.type === 'gameEnded');
    if (end) {
      await bot.flush(messages, Date.now() + 1000).catch(() => {});
      this.finished = true;
      if (this.watchdog) clearTimeout(this.watchdog);
      this.done(end.standings);
      return;
    }
    const askedAt = Date.now();
    const deadline = this.deadline(askKind);
    this.first = false;
    const { reply, late, unasked } = await bot.exchange(messages, ask, deadline);
    // A reply nothing asked for is a declaration too (out of turn, or to nothing): the server judges it.
    for (const u of unasked) {
      const ctx: AskKind = (u.to.type === 'dahai' || u.to.type === 'kakan') && u.to.actor !== this.seat ? 'claim' : 'turn';
      const bad = invalidAnswer(u.reply, ctx, this.seat);
      if (bad) {
        this.log(`seat ${this.seat}: invalid answer ${clip(u.reply)} to ${u.to.type} (nothing was asked): ${bad}; dropped`);
        continue;
      }
      const r = mjaiReplyToCommand(u.reply, { ask: ctx, hand: this.tr.hand, drawn: this.tr.drawn, redFives: this.red, followUp: false });
      if ('command' in r) await this.declare(u.reply, r.command, { asked: false });
    }
    if (ask === null || askKind === null) return;
    if (late) return this.prescribe('late', `no answer within ${deadline - askedAt} ms to its ${ASKED[askKind]}`);
    await this.answer(reply, askKind, deadline);
  }

  private async answer(reply: unknown, askKind: AskKind, deadline: number): Promise<void> {
    const invalid = invalidAnswer(reply, askKind, this.seat);
    if (invalid) return this.prescribe('invalid', `invalid answer ${clip(reply)} to its ${ASKED[askKind]}: ${invalid}`, reply);
    const ctx = { ask: askKind, hand: this.tr.hand, drawn: this.tr.drawn, redFives: this.red };
    const r = mjaiReplyToCommand(reply, ctx);
    if ('followUp' in r) {
      // mjai's riichi: `reach`, then the discard asked by the seat's own `reach` message (within the same decision's time).
      this.tr.noteReachSent();
      const reach: MjaiMessage = { ...r.followUp, actor: this.seat };
      this.o.onSent?.([reach]);
      const { reply: discard, late } = await this.bot!.exchange([reach], 0, deadline);
      if (late) return this.prescribe('late', `no answer in time to its ${ASKED.riichi}`);
      const bad = invalidAnswer(discard, 'riichi', this.seat);
      if (bad) return this.prescribe('invalid', `invalid answer ${clip(discard)} to its ${ASKED.riichi}: ${bad}`, discard);
      const rr = mjaiReplyToCommand(discard, { ...ctx, ask: 'riichi' });
      return this.declare(discard, 'command' in rr ? rr.command : { type: 'riichi', tile: -1 });
    }
    return this.declare(reply, r.command);
  }

  /** The ruleset's prescribed command for the seat (pass, or the drawn tile discarded), said on stderr in one line. */
  private async prescribe(because: NonNullable<MjaiOutcome['because']>, why: string, reply: unknown = null): Promise<void> {
    const legal = this.legalNow();
    const own = this.room.state.seats[this.seat].own!;
    if (legal.length === 0) {
      this.log(`seat ${this.seat}: ${why}; the table's clock has already acted for it`);
      return;
    }
    const command = prescribedCommand(legal, own.drawn >= 0 ? own.drawn : null);
    this.log(`seat ${this.seat}: ${why}: the bridge ${describe(command, this.red)} for it`);
    await this.declare(reply, command, { fallback: true, because });
  }

  /** Sends a declaration; when it was refused or cancelled and the seat must still act, plays the prescribed command. */
  private async declare(reply: unknown, command: Command, how: { fallback?: boolean; because?: MjaiOutcome['because']; asked?: boolean } = {}): Promise<void> {
    const { fallback = false, asked = true } = how;
    const state = this.room.state;
    const hands = state.hands;
    // The table's action count once this declaration is judged: unchanged by a refusal.
    let after = state.actions;
    let answer: ServerAnswer;
    try {
      const res = replyFromWire(await this.room.request('action', command));
      answer = res.status === 'fault' ? { status: 'fault', rule: res.rule, penalty: res.penalty, reason: res.reason } : { status: 'accepted' };
      after = res.actions;
    } catch (e) {
      answer = answerOf(e);
    }
    const outcome: MjaiOutcome = { reply, command, answer, ...(fallback ? { fallback, because: how.because } : {}), ...(asked ? {} : { unasked: true }) };
    this.outcomes.push(outcome);
    this.o.onOutcome?.(outcome);
    if (answer.status === 'accepted' || !asked) return;
    if (fallback) {
      this.log(`seat ${this.seat}: the prescribed ${JSON.stringify(command)} was not taken: ${JSON.stringify(answer)}`);
      return;
    }
    // The reply has been judged. If nothing has happened since (the state may already show the
    // next hand) and the seat still owes an action (a refusal, a cancelled fault), act for it.
    const said = answer.status === 'fault' ? `fault ${answer.rule}` : `refused ${answer.code}`;
    if (state.hands !== hands || state.actions !== after || this.legalNow().length === 0) {
      this.log(`seat ${this.seat}: ${clip(reply)} -> ${JSON.stringify(command)}: ${said}`);
      return;
    }
    await this.prescribe('refused', `${clip(reply)} -> ${JSON.stringify(command)}: ${said}`);
  }

  private legalNow(): LegalAction[] {
    const own = this.room.state.seats[this.seat]?.own;
    return legalOfOwn(own);
  }
}

/** What the bot was asked, in the bridge's stderr lines. */
const ASKED: Record<AskKind, string> = { turn: 'tsumo', afterCall: 'call (a discard)', claim: 'claim window', riichi: 'reach (a discard)' };

/** A reply as one short line of stderr. */
function clip(reply: unknown): string {
  const r = reply as { type?: unknown; raw?: unknown } | null;
  const s = r && r.type === 'mjai:unreadable' ? String(r.raw) : JSON.stringify(reply) ?? String(reply);
  const line = s.replace(/[\r\n]+/g, ' ');
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
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
