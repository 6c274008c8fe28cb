import type { Seat } from '../game/types';
import { TimeControlSchema, wsomCountedMs, wsomHandPoints, wsomTurnPoints, type TimeControl, type WsomTime } from './timeControl';

export {
  BankTimeSchema,
  NO_TIME,
  NoTimeSchema,
  ONLINE_BANK,
  TimeControlSchema,
  WSOM_TIME,
  WsomTimeSchema,
  wsomCountedMs,
  wsomHandPoints,
  wsomTurnPoints,
  type BankTime,
  type NoTime,
  type TimeControl,
  type WsomTime,
} from './timeControl';
export { prescribedCommand } from './timePrescribed';

/**
 * The seats' clocks (docs/REFEREE.md §3.8) as a pure, deterministic state machine. It has no
 * clock of its own: it is told what happened and when (`at`, integer ms since the game began,
 * never decreasing), and answers what to charge and when the room must next wake up.
 *
 * Notifications, as the referee derives them from the log:
 * - `handStarted(at)` at the deal (a redeal included);
 * - `turnStarted(seat, at, 'turn')` when the seat's draw is dealt, when its claim is executed,
 *   when its kan replacement is dealt (WSOM-TIME-TURN-SPAN, D23);
 *   `turnStarted(seat, at, 'claim')` for each seat offered a claim window;
 * - `acted(seat, at)` for every command of the seat (a kan ends the turn, the replacement starts
 *   a new one); `windowClosed(at)` when a claim window resolves; `handEnded(at)`;
 * - `expire(at)` when the room's timer fires.
 *
 * Every notification at `at` first fires the deadlines strictly before `at` (so a late timer
 * cannot change the charges); `expire(at)` fires those at `at` too. A seat acting at the very
 * instant of its deadline acts in time.
 */

/** The WSOM time rule IDs the clock charges. */
export type TimeRuleId = 'WSOM-TIME-TURN' | 'WSOM-TIME-HAND' | 'WSOM-TIME-RESIGN';

/** What the clock charges or reports, in the order it happens. */
export type Charge =
  /**
   * WSOM time penalty points. `countedMs`: the turn's counted time (TURN) or the seat's counted
   * total in this hand (HAND).
   */
  | { type: 'penalty'; seat: Seat; at: number; rule: 'WSOM-TIME-TURN' | 'WSOM-TIME-HAND'; points: number; countedMs: number }
  /** WSOM-TIME-RESIGN: the seat's time points in this hand passed `resignAbove` at `at`. */
  | { type: 'resign'; seat: Seat; at: number; rule: 'WSOM-TIME-RESIGN'; handPoints: number }
  /** Bank style: `usedMs` taken from the seat's bank at the end of a decision; `leftMs` remain. */
  | { type: 'bank'; seat: Seat; at: number; usedMs: number; leftMs: number }
  /** A deadline passed: the room sends the prescribed command for `seat` at `at`. */
  | { type: 'expired'; seat: Seat; at: number; reason: 'turn' | 'claim' };

/** The next instant the room must wake up, and why. */
export interface Deadline {
  seat: Seat;
  at: number;
  /**
   * `claim`: the claim window's time is up (send `pass`); `turn`: the bank is spent (send the
   * prescribed command); `resign`: the seat passes `resignAbove` now (send `resign`, then the
   * prescribed command). A resigned seat's decision has its deadline at its start, with the
   * decision's kind: it is auto-played at once.
   */
  reason: 'turn' | 'claim' | 'resign';
}

export type TimingKind = 'turn' | 'claim';

/** The notifications as data, for logs and replays. */
export type ClockInput =
  | { type: 'handStarted'; at: number }
  | { type: 'turnStarted'; seat: Seat; at: number; kind: TimingKind }
  | { type: 'acted'; seat: Seat; at: number }
  | { type: 'windowClosed'; at: number }
  | { type: 'handEnded'; at: number }
  | { type: 'expire'; at: number };

/** One seat's clock as it stands (for views and tests). */
export interface SeatClockView {
  /** WSOM: counted ms of the seat's finished turns in this hand. */
  handUsedMs: number;
  /** WSOM: time penalty points charged to the seat in this hand (turn + hand). */
  handPoints: number;
  /** Bank style: ms left in the bank (0 for other kinds). */
  bankMs: number;
  /** WSOM-TIME-RESIGN: auto-played for the rest of the game. */
  resigned: boolean;
  /** The decision being timed, if any. */
  running: { kind: TimingKind; since: number } | null;
}

const SEATS: readonly Seat[] = [0, 1, 2, 3];

export class SeatClocks {
  readonly control: TimeControl;
  private last = 0;
  private handStart: number | null = null;
  private readonly running: ({ kind: TimingKind; since: number } | null)[] = [null, null, null, null];
  private readonly handUsed = [0, 0, 0, 0];
  private readonly handPts = [0, 0, 0, 0];
  /** WSOM hand penalty already charged this hand (the hand penalty is charged as it grows). */
  private readonly handCharged = [0, 0, 0, 0];
  private readonly bank: number[];
  private readonly resigned = [false, false, false, false];

  constructor(control: TimeControl) {
    this.control = Object.freeze(TimeControlSchema.parse(control));
    const bankMs = this.control.kind === 'bank' ? this.control.bankMs : 0;
    this.bank = [bankMs, bankMs, bankMs, bankMs];
  }

  /** Runs `inputs` on fresh clocks: the same inputs always give the same clocks and charges. */
  static replay(control: TimeControl, inputs: readonly ClockInput[]): { clocks: SeatClocks; charges: Charge[] } {
    const clocks = new SeatClocks(control);
    const charges = inputs.flatMap((i) => clocks.apply(i));
    return { clocks, charges };
  }

  /** One notification as data (the reducer form of the methods below). */
  apply(input: ClockInput): Charge[] {
    switch (input.type) {
      case 'handStarted':
        return this.handStarted(input.at);
      case 'turnStarted':
        return this.turnStarted(input.seat, input.at, input.kind);
      case 'acted':
        return this.acted(input.seat, input.at);
      case 'windowClosed':
        return this.windowClosed(input.at);
      case 'handEnded':
        return this.handEnded(input.at);
      case 'expire':
        return this.expire(input.at);
    }
  }

  /** A hand was dealt at `at`: per-hand counts start again (and the bank, with `bankScope: 'hand'`). */
  handStarted(at: number): Charge[] {
    const out = this.advance(at, false);
    for (const s of SEATS) {
      this.running[s] = null;
      this.handUsed[s] = 0;
      this.handPts[s] = 0;
      this.handCharged[s] = 0;
      if (this.control.kind === 'bank' && this.control.bankScope === 'hand') this.bank[s] = this.control.bankMs;
    }
    this.handStart = at;
    return out;
  }

  /**
   * `seat` starts a decision at `at`: its turn (`'turn'`) or its answer to a claim window
   * (`'claim'`). A decision still running for the seat ends here first, as if it acted.
   */
  turnStarted(seat: Seat, at: number, kind: TimingKind): Charge[] {
    checkSeat(seat);
    if (this.handStart === null) throw new RangeError('turnStarted before any handStarted');
    const out = this.advance(at, false);
    if (this.running[seat]) out.push(...this.finish(seat, at));
    this.running[seat] = { kind, since: at };
    return out;
  }

  /** `seat` acted at `at` (any command, the clock's own included): its decision ends and is charged. */
  acted(seat: Seat, at: number): Charge[] {
    checkSeat(seat);
    const out = this.advance(at, false);
    if (this.running[seat]) out.push(...this.finish(seat, at));
    return out;
  }

  /** The claim window was resolved at `at`: the seats still timed in it stop, uncharged. */
  windowClosed(at: number): Charge[] {
    const out = this.advance(at, false);
    for (const s of SEATS) if (this.running[s]?.kind === 'claim') this.running[s] = null;
    return out;
  }

  /** The hand ended at `at`: every decision still timed stops, uncharged. */
  handEnded(at: number): Charge[] {
    const out = this.advance(at, false);
    for (const s of SEATS) this.running[s] = null;
    return out;
  }

  /** The room's timer fired at `at`: every deadline at or before `at` fires, in order. */
  expire(at: number): Charge[] {
    return this.advance(at, true);
  }

  /** The next instant the room must wake up (the earliest deadline, lowest seat first on a tie). */
  deadline(): Deadline | null {
    let best: Deadline | null = null;
    for (const s of SEATS) {
      const d = this.deadlineOf(s);
      if (d && (best === null || d.at < best.at)) best = d;
    }
    return best;
  }

  /** One seat's clock. */
  view(seat: Seat): SeatClockView {
    checkSeat(seat);
    const r = this.running[seat];
    return {
      handUsedMs: this.handUsed[seat],
      handPoints: this.handPts[seat],
      bankMs: this.bank[seat],
      resigned: this.resigned[seat],
      running: r ? { ...r } : null,
    };
  }

  // ---------------------------------------------------------------- internals

  private deadlineOf(seat: Seat): Deadline | null {
    const r = this.running[seat];
    if (!r) return null;
    const tc = this.control;
    if (tc.kind === 'none') return null;
    if (this.resigned[seat]) return { seat, at: r.since, reason: r.kind };
    if (r.kind === 'claim') return { seat, at: r.since + tc.claimMs, reason: 'claim' };
    if (tc.kind === 'bank') return { seat, at: r.since + tc.baseMs + this.bank[seat], reason: 'turn' };
    const at = this.resignInstant(tc, seat, r.since);
    return at === null ? null : { seat, at, reason: 'resign' };
  }

  /**
   * WSOM-TIME-RESIGN: the first ms at which the seat's time points in this hand, counting its
   * turn as if it ended then, would be more than `resignAbove`. The points only grow with the
   * counted time, so a binary search over it finds the instant.
   */
  private resignInstant(tc: WsomTime, seat: Seat, since: number): number | null {
    if (tc.pointsPerUnit === 0) return null;
    const total = (c: number) => this.handPts[seat] + wsomTurnPoints(tc, c) + wsomHandPoints(tc, this.handUsed[seat] + c) - this.handCharged[seat];
    // The turn penalty alone is over the limit here.
    let hi = tc.turnMs + tc.unitMs * (Math.floor(tc.resignAbove / tc.pointsPerUnit) + 1);
    let lo = 0;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (total(mid) > tc.resignAbove) hi = mid;
      else lo = mid + 1;
    }
    return Math.max(since, this.handStart! + tc.graceMs) + lo;
  }

  /** Fires deadlines before `at` (or at it, when `inclusive`), then moves the notion of now. */
  private advance(at: number, inclusive: boolean): Charge[] {
    if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`a clock instant is an integer number of ms since the game began, not ${at}`);
    if (at < this.last) throw new RangeError(`clock instants never go back: ${at} after ${this.last}`);
    const out: Charge[] = [];
    for (;;) {
      const d = this.deadline();
      if (!d || d.at > at || (d.at === at && !inclusive)) break;
      out.push(...this.fire(d));
    }
    this.last = at;
    return out;
  }

  private fire(d: Deadline): Charge[] {
    if (d.reason === 'resign') return this.finish(d.seat, d.at); // charges the turn, then resigns
    const out = this.finish(d.seat, d.at); // bank style: the bank's last ms
    out.push({ type: 'expired', seat: d.seat, at: d.at, reason: d.reason });
    return out;
  }

  /** The seat's decision ends at `end`: charge it. */
  private finish(seat: Seat, end: number): Charge[] {
    const r = this.running[seat]!;
    this.running[seat] = null;
    const tc = this.control;
    if (r.kind === 'claim' || this.resigned[seat] || tc.kind === 'none') return [];
    if (tc.kind === 'bank') {
      const used = Math.min(this.bank[seat], Math.max(0, end - r.since - tc.baseMs));
      if (used === 0) return [];
      this.bank[seat] -= used;
      return [{ type: 'bank', seat, at: end, usedMs: used, leftMs: this.bank[seat] }];
    }
    const out: Charge[] = [];
    const counted = wsomCountedMs(tc, this.handStart!, r.since, end);
    const turn = wsomTurnPoints(tc, counted);
    this.handUsed[seat] += counted;
    const handTotal = wsomHandPoints(tc, this.handUsed[seat]);
    const hand = handTotal - this.handCharged[seat];
    this.handCharged[seat] = handTotal;
    this.handPts[seat] += turn + hand;
    if (turn > 0) out.push({ type: 'penalty', seat, at: end, rule: 'WSOM-TIME-TURN', points: turn, countedMs: counted });
    if (hand > 0) out.push({ type: 'penalty', seat, at: end, rule: 'WSOM-TIME-HAND', points: hand, countedMs: this.handUsed[seat] });
    if (this.handPts[seat] > tc.resignAbove) {
      this.resigned[seat] = true;
      out.push({ type: 'resign', seat, at: end, rule: 'WSOM-TIME-RESIGN', handPoints: this.handPts[seat] });
    }
    return out;
  }
}

function checkSeat(seat: number): asserts seat is Seat {
  if (seat !== 0 && seat !== 1 && seat !== 2 && seat !== 3) throw new RangeError(`not a seat: ${seat}`);
}
