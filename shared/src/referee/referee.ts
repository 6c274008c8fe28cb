import { Game, type GameOptions, type TableCommand } from '../game/game';
import type { Command, GameEvent, HandResult, Refusal, Seat } from '../game/types';
import { parseCommand } from '../protocol/commands';
import { deferredRule, judge, type Effect, type Verdict } from './judge';
import type { Penalty } from './penalty';
import { prescribedCommand } from './timePrescribed';
import { entryOf } from './catalogue';
import { isRuleId, type RuleId } from './ids';
import { normaliseTiles } from './normalise';
import { callTiles, choosePenaltyTiles, namedTiles, wronglyExposed } from './penaltyTiles';
import type { TileId } from '../tiles';
import { dropHead } from '../tail';

/** The penalty a manual fault applies, or why it cannot be given. */
function manualPenalty(f: ManualFault): Penalty | string {
  if (!Number.isInteger(f.seat) || f.seat < 0 || f.seat > 3) return 'no such seat';
  if (!isRuleId(f.rule)) return `unknown rule ${f.rule}`;
  const own = entryOf(f.rule).penalty;
  if (own === null) return `${f.rule} is not a fault`;
  if (own.kind === 'discretion') {
    if (!f.penalty) return `${f.rule} leaves the penalty to the referee: choose one`;
    const range = own.range;
    if (f.penalty.kind !== 'none' && range && !range.includes(f.penalty.kind as never)) return `${f.rule} allows only ${range.join(', ')} (or nothing)`;
    return f.penalty;
  }
  // A rate (WSOM-TIME-TURN/-HAND: 5 per started 15 s) is given as the amount counted (the clock's charge).
  if (own.kind === 'points' && own.per && f.penalty?.kind === 'points' && !f.penalty.per && Number.isSafeInteger(f.penalty.points) && f.penalty.points > 0) return f.penalty;
  if (f.penalty && JSON.stringify(f.penalty) !== JSON.stringify(own)) return `${f.rule} carries its own penalty (${own.kind})`;
  return own;
}

/** A fault as announced to the table: who, which rule, what penalty, and a one-line reason. */
export interface FaultEvent {
  to: 'all';
  type: 'fault';
  seat: Seat;
  rule: string;
  penalty: Penalty;
  effect: Effect | 'manual';
  reason: string;
}

/** A chombo called at the same moment as a win is cancelled (WRC-CHOMBO-WIN-SAME-TIME). */
export interface FaultCancelledEvent {
  to: 'all';
  type: 'faultCancelled';
  seat: Seat;
  rule: string;
  because: string;
}

export type RefereeEvent = GameEvent | FaultEvent | FaultCancelledEvent;

export interface FaultRecord {
  seat: Seat;
  rule: string;
  penalty: Penalty;
  reason: string;
  /** Index of the hand in `game.hands`. */
  hand: number;
  cancelled?: boolean;
}

/**
 * A referee's own decision: a fault only a person can see (a phone, a knocked-over wall…),
 * cited by its rule ID. Without `penalty` the rule's own penalty applies; where the rule leaves
 * it to the referee (`discretion`), `penalty` is required and must be of a kind in its range.
 */
export interface ManualFault {
  type: 'manualFault';
  seat: Seat;
  rule: string;
  penalty?: Penalty;
  note?: string;
}

/** The canonical record of a refereed game: every message judged, in order. */
export type RefereeLogEntry =
  | { seat: Seat; command: Command | { type: 'retractRiichi' }; by?: 'clock'; at?: number }
  | { seat: -1; command: TableCommand }
  | { seat: -2; command: ManualFault };

export type Judged =
  | { ok: true; events: RefereeEvent[]; fault?: FaultRecord }
  | { ok: false; refusal: Refusal & { rule?: string } };

/** `{ type: 'retractRiichi' }`: the referee's own message, not an engine command (RUS-DEAD-G). */
const isRetract = (m: unknown): boolean => !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'retractRiichi';

/**
 * The referee: every message a seat sends is judged as legal (applied), a fault its ruleset's
 * rulebook names (penalised under 'penalise', refused with the rule's ID under 'prevent'), or a
 * protocol error (refused, nothing changes). Deterministic: replaying `log` rebuilds the game,
 * the faults and the ledger exactly.
 */
export class Referee {
  readonly game: Game;
  /**
   * Every entry from `logStart` on: the whole log, unless its owner let the older entries go
   * (`forgetLog`: a room, whose store keeps them). `logLength` counts them all.
   */
  readonly log: RefereeLogEntry[] = [];
  private forgotten = 0;
  readonly faults: FaultRecord[] = [];
  /** Russian warnings this game, by seat (RUS-WARN-SECOND-IS-DEAD). */
  readonly warnings = [0, 0, 0, 0];
  /** When each seat declared riichi this hand (ms, the room's clock), for RUS-DEAD-G. */
  private riichiAt: (number | null)[] = [null, null, null, null];
  /** Chombos called inside an open claim window wait for it: a win there cancels them. */
  private pending: FaultRecord[] = [];
  /** Faults found at the end of a hand, announced with its result. */
  private endFaults: FaultEvent[] = [];
  /**
   * Seats whose invalid call may still be corrected in the open window, with the call's type:
   * WRC-F-INVALID-GROUP, or WSOM-CLAIM-FIXED-AT-ONCE with the tiles named so far (`named`).
   */
  private correcting = new Map<Seat, { call: Command['type']; named?: TileId[] }>();

  constructor(opts: GameOptions) {
    this.game = new Game({
      ...opts,
      // `log` is the referee's record; the game keeps no second one.
      log: false,
      fullClaimWindows: opts.rules.foulPolicy === 'penalise',
      endJudge: (g, result) => this.judgeEnd(g, result),
    });
  }

  static replay(opts: GameOptions, log: readonly RefereeLogEntry[]): Referee {
    const ref = new Referee(opts);
    for (const entry of log) ref.step(entry);
    return ref;
  }

  /** One entry of a log, as it was judged: a seat's message, the table's own step, or a referee's decision. */
  step(entry: RefereeLogEntry): Judged {
    if (entry.seat === -1) return entry.command.type === 'endGame' ? this.endNow() : this.nextHand();
    if (entry.seat === -2) return this.manual(entry.command);
    return this.apply(entry.seat, entry.command, entry.by, entry.at);
  }

  get rules() {
    return this.game.rules;
  }

  /** The index of `log[0]` in the whole log: the entries `forgetLog` let go. */
  get logStart(): number {
    return this.forgotten;
  }

  /** The whole log's length, forgotten entries included. */
  get logLength(): number {
    return this.forgotten + this.log.length;
  }

  /**
   * Lets go of the entries before index `upTo` of the whole log: a room's store keeps every entry,
   * and a hanchan's log is some 600 entries, 70 KB, held for the length of the game otherwise.
   */
  forgetLog(upTo: number): void {
    this.forgotten = dropHead(this.log, this.forgotten, upTo);
  }

  /** Chombos called in the open claim window, given when it closes unless a win cancels them (see queries.ts). */
  get pendingChombos(): readonly FaultRecord[] {
    return this.pending;
  }

  /** Judges one message from `seat` (anything a client could send). */
  apply(seat: Seat, message: unknown, by?: 'clock', at?: number): Judged {
    if (!Number.isInteger(seat) || seat < 0 || seat > 3) return { ok: false, refusal: { code: 'BAD_COMMAND', reason: 'no such seat' } };
    if (isRetract(message)) return this.retractRiichi(seat, at);
    const parsed = parseCommand(message);
    if (!parsed.ok) return { ok: false, refusal: { code: 'BAD_COMMAND', reason: parsed.reason } };
    return this.applyCommand(seat, parsed.command, by, at);
  }

  /** Judges a command already parsed (`parseCommand`) from `seat`: as `apply`, without parsing it again. */
  applyCommand(seat: Seat, parsed: Command, by?: 'clock', at?: number): Judged {
    if (!Number.isInteger(seat) || seat < 0 || seat > 3) return { ok: false, refusal: { code: 'BAD_COMMAND', reason: 'no such seat' } };
    const command = normaliseTiles(this.game, seat, parsed);
    const refusal = this.game.check(seat, command);
    if (!refusal) {
      this.record(seat, command, by, at);
      const correction = this.endCorrection(seat, command);
      const r = this.game.apply(seat, command);
      if (command.type === 'riichi') this.riichiAt[seat] = at ?? null;
      const events: RefereeEvent[] = r.ok ? r.value : [];
      if (!correction) return { ok: true, events: this.settle(events) };
      return { ok: true, events: this.settle([...correction.events, ...events]), ...(correction.fault ? { fault: correction.fault } : {}) };
    }
    const verdict = judge(this.game, seat, command, refusal);
    if (!verdict) return { ok: false, refusal };
    if (this.rules.foulPolicy === 'prevent') return { ok: false, refusal: { code: refusal.code, rule: verdict.rule, reason: `${verdict.rule}: ${verdict.reason}` } };
    this.record(seat, command, by, at);
    if (verdict.deferred && command.type === 'riichi') this.riichiAt[seat] = at ?? null;
    return this.penalise(seat, command, refusal, verdict);
  }

  /** The command the ruleset prescribes when `seat`'s time runs out (pass, or the drawn tile). */
  expire(seat: Seat): Judged {
    const legal = this.game.legalActions(seat);
    if (legal.length === 0) return { ok: false, refusal: { code: 'NOTHING_TO_RESPOND', reason: 'the seat has nothing to do' } };
    return this.apply(seat, prescribedCommand(legal, this.game.seats[seat].drawn), 'clock');
  }

  nextHand(): Judged {
    const r = this.game.nextHand();
    if (!r.ok) return r;
    this.log.push({ seat: -1, command: { type: 'nextHand' } });
    this.riichiAt = [null, null, null, null];
    this.pending = [];
    return { ok: true, events: r.value };
  }

  /** Ends the game between hands with the scores as they stand (Game.endNow: a tournament's time limit). */
  endNow(): Judged {
    const r = this.game.endNow();
    if (!r.ok) return r;
    this.log.push({ seat: -1, command: { type: 'endGame' } });
    return { ok: true, events: r.value };
  }

  /** A fault a referee saw and records by hand, with the rulebook's penalty or the one chosen in its range. */
  manual(f: ManualFault): Judged {
    if (this.game.phase === 'gameOver') return { ok: false, refusal: { code: 'GAME_OVER', reason: 'the game is over' } };
    const penalty = manualPenalty(f);
    if (typeof penalty === 'string') return { ok: false, refusal: { code: 'BAD_COMMAND', reason: penalty } };
    if (penalty.kind === 'chombo' && this.game.phase === 'handEnded') return { ok: false, refusal: { code: 'HAND_OVER', reason: 'a chombo needs a hand in play; between hands give penalty points' } };
    this.log.push({ seat: -2, command: f });
    const fault: FaultRecord = { seat: f.seat, rule: f.rule, penalty, reason: f.note ?? entryOf(f.rule as RuleId).reason, hand: this.game.hands.length - 1 };
    this.faults.push(fault);
    const events: RefereeEvent[] = [{ to: 'all', type: 'fault', seat: f.seat, rule: f.rule, penalty, effect: 'manual', reason: fault.reason }];
    events.push(...this.punish(fault, false));
    return { ok: true, events: this.settle(events), fault };
  }

  private record(seat: Seat, command: Command | { type: 'retractRiichi' }, by?: 'clock', at?: number): void {
    this.log.push({ seat, command, ...(by ? { by } : {}), ...(at !== undefined ? { at } : {}) });
  }

  /**
   * RUS-DEAD-G: a riichi said to be a mistake within the ruleset's limit (3 s in the Russian
   * rules) is withdrawn at the cost of a dead hand; its stick is not returned. `at` is the
   * room's clock in ms, as logged with every command.
   */
  private retractRiichi(seat: Seat, at?: number): Judged {
    const limit = this.rules.riichiRetractMs;
    const since = this.riichiAt[seat];
    if (limit === null) return { ok: false, refusal: { code: 'BAD_COMMAND', reason: 'this ruleset has no withdrawing of riichi' } };
    if (!this.game.inHand || this.game.seats[seat].riichi === 'none' || since === null || at === undefined || at - since > limit)
      return { ok: false, refusal: { code: 'BAD_COMMAND', reason: `a riichi can be withdrawn only within ${limit} ms of declaring it` } };
    this.record(seat, { type: 'retractRiichi' }, undefined, at);
    const fault: FaultRecord = { seat, rule: 'RUS-DEAD-G', penalty: { kind: 'deadHand' }, reason: 'riichi withdrawn as a mistake: dead hand, the stick is not returned', hand: this.game.hands.length - 1 };
    this.faults.push(fault);
    this.game.withdrawRiichi(seat);
    const events: RefereeEvent[] = [{ to: 'all', type: 'fault', seat, rule: fault.rule, penalty: fault.penalty, effect: 'apply', reason: fault.reason }, ...this.game.markDead(seat, fault.rule)];
    return { ok: true, events: this.settle(events), fault };
  }

  private penalise(seat: Seat, command: Command, refusal: Refusal, verdict: Verdict): Judged {
    const fault: FaultRecord = { seat, rule: verdict.rule, penalty: verdict.penalty, reason: verdict.reason, hand: this.game.hands.length - 1 };
    const events: RefereeEvent[] = [];
    if (verdict.deferred) {
      // Looks legal now (a noten riichi is a riichi to the table); judged when the hand ends.
      const r = this.game.apply(seat, command, { allow: [refusal.code] });
      return { ok: true, events: this.settle(r.ok ? r.value : []) };
    }
    const named = verdict.named ?? namedTiles(command);
    if (verdict.effect === 'stay' && verdict.rule === 'WSOM-CLAIM-FIXED-AT-ONCE') {
      // A second wrong set in the same window: every tile named so far may become a penalty tile.
      const before = this.correcting.get(seat)?.named ?? [];
      this.correcting.set(seat, { call: command.type, named: [...before, ...named.filter((t) => !before.includes(t))] });
    } else if (verdict.effect === 'stay') this.correcting.set(seat, { call: command.type });
    else {
      // Any other faulty answer withdraws an invalid group still open to correction.
      const withdrawn = this.endCorrection(seat, { type: 'pass' });
      if (withdrawn) events.push(...withdrawn.events);
    }
    this.faults.push(fault);
    events.push({ to: 'all', type: 'fault', seat, rule: verdict.rule, penalty: verdict.penalty, effect: verdict.effect, reason: verdict.reason });
    const inWindow = this.game.phase === 'claims';
    events.push(...this.punish(fault, inWindow, named));
    if (this.game.inHand) events.push(...this.carryOut(seat, command, refusal, verdict.effect));
    return { ok: true, events: this.settle(events), fault };
  }

  /** Applies a penalty through the engine's primitives. A chombo in an open window waits for it. */
  private punish(fault: FaultRecord, inWindow: boolean, named: readonly TileId[] = []): RefereeEvent[] {
    const { seat, rule, penalty } = fault;
    switch (penalty.kind) {
      case 'deadHand':
        // A WSOM short hand loses only the right to win; every other dead hand its claims and kans too.
        return this.game.markDead(seat, rule, rule === 'WSOM-SHORT' ? 'noWin' : 'full');
      case 'penaltyTiles': {
        // WSOM-CLAIM-FIXED-AT-ONCE's tiles are known only when the seat has fixed (or dropped) its call.
        if (penalty.tiles === 'wronglyExposed' || !this.game.inHand) return [];
        const s = this.game.seats[seat];
        return this.game.exposePenaltyTiles(seat, choosePenaltyTiles(s, named, penalty.tiles === 'allConcealed' ? 'all' : penalty.tiles), rule);
      }
      case 'points':
        return this.game.penalize(seat, rule, penalty.points);
      case 'warning': {
        this.warnings[seat]++;
        if (this.warnings[seat] < 2) return [];
        // Announced with the offence it repeats (§3.6).
        const reason = `a second warning is a dead hand: ${fault.reason}`;
        this.faults.push({ seat, rule: 'RUS-WARN-SECOND-IS-DEAD', penalty: { kind: 'deadHand' }, reason, hand: fault.hand });
        return [{ to: 'all', type: 'fault', seat, rule: 'RUS-WARN-SECOND-IS-DEAD', penalty: { kind: 'deadHand' }, effect: 'apply', reason }, ...this.game.markDead(seat, 'RUS-WARN-SECOND-IS-DEAD')];
      }
      case 'redeal': {
        const r = this.game.redealHand();
        return r.ok ? r.value : [];
      }
      case 'chombo':
        if (inWindow) {
          this.pending.push(fault);
          return [];
        }
        {
          const r = this.game.chombo(seat, rule);
          return r.ok ? r.value : [];
        }
      default:
        return [];
    }
  }

  private carryOut(seat: Seat, command: Command, refusal: Refusal, effect: Effect): GameEvent[] {
    const g = this.game;
    switch (effect) {
      case 'apply': {
        const r = g.apply(seat, command, { allow: [refusal.code] });
        return r.ok ? r.value : [];
      }
      case 'pass': {
        const r = g.passFor(seat);
        return r.ok ? r.value : [];
      }
      case 'discardInstead': {
        const r = g.apply(seat, { type: 'discard', tile: (command as { tile: number }).tile });
        return r.ok ? r.value : [];
      }
      case 'replace': {
        const r = g.changeResponse(seat, command);
        return r.ok ? r.value : [];
      }
      default:
        return [];
    }
  }

  /**
   * The seat answers the window after an invalid group (WRC-F-INVALID-GROUP, D5): a valid call of
   * the same kind is its correction, anything else (a pass, another call, the clock) withdraws it.
   * Under WSOM-CLAIM-FIXED-AT-ONCE any valid answer ends it: the tiles it named that are not in
   * the set finally made become penalty tiles (all of them it still holds when no set is made).
   */
  private endCorrection(seat: Seat, answer: Command): { fault?: FaultRecord; events: RefereeEvent[] } | null {
    const open = this.game.phase === 'claims' ? this.correcting.get(seat) : undefined;
    if (open === undefined) return null;
    this.correcting.delete(seat);
    if (open.named) {
      const made = answer.type === 'chii' || answer.type === 'pon' || answer.type === 'daiminkan' ? callTiles(this.game, seat, answer) : [];
      const wrong = wronglyExposed(this.game.seats[seat], open.named, made);
      return { events: this.game.exposePenaltyTiles(seat, wrong, 'WSOM-CLAIM-FIXED-AT-ONCE') };
    }
    const call = open.call;
    const corrected = answer.type === call;
    const rule = corrected ? 'WRC-F-INVALID-GROUP-CORRECT' : 'WRC-F-FALSE-CALL-MELD';
    const reason = corrected ? `the invalid ${call} was corrected in the same window` : `the invalid ${call} was not corrected: withdrawn`;
    const fault: FaultRecord = { seat, rule, penalty: { kind: 'none' }, reason, hand: this.game.hands.length - 1 };
    this.faults.push(fault);
    return { fault, events: [{ to: 'all', type: 'fault', seat, rule, penalty: { kind: 'none' }, effect: corrected ? 'apply' : 'pass', reason }] };
  }

  /** After each step: a window that closed without a win turns its pending chombos into a chombo. */
  private settle(events: RefereeEvent[]): RefereeEvent[] {
    const g = this.game;
    // Only when there is something to clear: V8's Map clear makes a new table, which this long-lived map would keep until the next action.
    if (g.phase !== 'claims' && this.correcting.size > 0) this.correcting.clear();
    if (this.pending.length && g.phase !== 'claims') {
      const pending = this.pending;
      this.pending = [];
      if (g.inHand) {
        const r = g.chombos(pending.map((p) => ({ seat: p.seat, rule: p.rule })));
        if (r.ok) events.push(...r.value);
      }
    }
    if (this.endFaults.length) {
      // Faults judged at the end of the hand are announced before its result.
      const at = events.findIndex((e) => e.type === 'handEnded');
      events.splice(at < 0 ? events.length : at, 0, ...this.endFaults);
      this.endFaults = [];
    }
    return events;
  }

  /**
   * The end of a hand, before anything is paid: deferred faults (noten riichi, an invalid kan in
   * riichi) and chombos called in the last window. A win cancels a chombo called at the same
   * time; a chombo at a draw replaces the draw's payments (WRC-CHOMBO-DRAW-SAME-TIME).
   */
  private judgeEnd(g: Game, result: HandResult): { seat: Seat; rule: string }[] {
    const book = g.rules.rulebook;
    const out: FaultRecord[] = [];
    const hand = g.hands.length - 1;
    const chombo = (seat: Seat, rule: string, reason: string) => out.push({ seat, rule, penalty: { kind: 'chombo' }, reason, hand });
    let called: FaultRecord[] = [];
    if (result.kind === 'win') {
      for (const p of this.pending) {
        // Recorded when it was declared: now marked cancelled, not recorded twice.
        p.cancelled = true;
        if (!this.faults.includes(p)) this.faults.push(p);
        this.endFaults.push({ to: 'all', type: 'fault', seat: p.seat, rule: book === 'ema12' ? 'EMA12-CHOMBO-REDEAL' : 'WRC-CHOMBO-WIN-SAME-TIME', penalty: { kind: 'none' }, effect: 'cancel', reason: `the chombo (${p.rule}) is cancelled by the win at the same time` });
      }
      this.pending = [];
      // The offender's own win does not stand on an invalid kan in riichi (WRC-F-RIICHI-WHEN-JUDGED).
      for (const w of result.wins) {
        if (g.seats[w.winner].badKan && book !== 'russian') chombo(w.winner, deferredRule(book, 'badKan')!, 'a concealed kan in riichi changed the waits');
      }
    } else if (result.kind === 'draw') {
      // Chombos called in the last window stand at a draw; they were announced when called.
      called = this.pending;
      this.pending = [];
      const exhaustive = result.draw === 'exhaustive' || result.draw === 'nagashiMangan';
      // WRC judges only at an exhaustive draw (WRC-F-RIICHI-WHEN-JUDGED); EMA and the Russian rules at any draw.
      if (exhaustive || book !== 'wrc') {
        for (const seat of [0, 1, 2, 3] as Seat[]) {
          const s = g.seats[seat];
          if (s.notenRiichi) chombo(seat, deferredRule(book, 'notenRiichi')!, 'riichi was declared on a hand that was not tenpai');
          else if (s.badKan && book !== 'russian') chombo(seat, deferredRule(book, 'badKan')!, 'a concealed kan in riichi changed the waits');
        }
      }
    }
    for (const f of out) {
      this.faults.push(f);
      this.endFaults.push({ to: 'all', type: 'fault', seat: f.seat, rule: f.rule, penalty: f.penalty, effect: 'apply', reason: f.reason });
    }
    return [...called, ...out].map((f) => ({ seat: f.seat, rule: f.rule }));
  }
}
