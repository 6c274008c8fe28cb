import type { Game } from '@jantaku/shared/game/game';
import type { Command, Seat } from '@jantaku/shared/game/types';
import { entryOf } from '@jantaku/shared/referee/catalogue';
import type { RuleId } from '@jantaku/shared/referee/ids';
import type { Judged, Referee } from '@jantaku/shared/referee/referee';
import { parseCommand } from '@jantaku/shared/protocol/commands';
import { prescribedCommand, SeatClocks, type Charge, type ClockInput, type Deadline, type TimeControl, type TimingKind } from '@jantaku/shared/referee/time';
import type { SeatState } from '@jantaku/shared/schema/table';
import { dropHead } from '@jantaku/shared/tail';

/**
 * The seats' clocks at a table (docs/REFEREE.md §3.8): `SeatClocks` fed from the referee's game
 * and turned into referee calls, so every clock decision is in `referee.log` and replays.
 *
 * The room calls, with `now` its epoch-ms clock (never a timer of ours):
 * - `begin(referee, now)` once, when play begins;
 * - `command(referee, seat, message, now)` instead of `referee.apply` for every seat message
 *   (players and bots alike);
 * - `nextHand(referee, now)` instead of `referee.nextHand()`;
 * - `tick(referee, now)` when the timer it set for `deadline().at` fires;
 * and after each of them: persist/broadcast the returned Judged, `project(state.seats, now)`,
 * and re-arm its timer from `deadline()`.
 * The low-level steps (`observe`, `acted`, `expire`, `apply`) are public for other drivers.
 */

/** What the clock did in one step: its judgements (log order) and every charge (bank use included, to report). */
export interface ClockStep {
  clock: Judged[];
  charges: Charge[];
}

/** A seat's decision as the game shows it: its kind and what identifies this one decision. */
interface Decision {
  kind: TimingKind;
  key: string;
}

const SEATS: readonly Seat[] = [0, 1, 2, 3];
/** More rounds than any real cascade (each applies at least one clock command). */
const MAX_SETTLE_ROUNDS = 64;

/**
 * The decision `seat` is in, or null. A turn is named by the step that began it (its draw, its
 * call, its kan replacement; with `clientDraws` the index its draw will take), a claim window
 * by the step count at its opening, both within the hand: a command that leaves the seat where
 * it was (a cancelled fault) keeps the same decision, so its clock keeps running.
 */
export function decisionOf(game: Game, seat: Seat): Decision | null {
  if (!game.inHand || game.legalActions(seat).length === 0) return null;
  const hand = game.hands.length;
  if (game.phase === 'claims') return { kind: 'claim', key: `${hand}:c${game.stepsInHand}` };
  if (game.phase === 'draw') return { kind: 'turn', key: `${hand}:t${game.stepsInHand}` };
  return { kind: 'turn', key: `${hand}:t${game.turnBeganAt(seat)}` };
}

export class TableClock {
  readonly clocks: SeatClocks;
  /**
   * Every notification given to the clocks, in order, from `inputsStart` on: `SeatClocks.replay`
   * rebuilds the clocks from the whole list. A room lets go of those its store holds (`forgetInputs`).
   */
  readonly inputs: ClockInput[] = [];
  private forgottenInputs = 0;
  private readonly enabled: boolean;
  /** The last instant given to the clocks (ms since `start`). */
  private last = 0;
  /** Entries of the referee's log already looked at (its whole log: `Referee.logLength`). */
  private seen = 0;
  /** `game.hands.length` at the last deal seen; whether that hand is still timed. */
  private hand = 0;
  private handOpen = false;
  private handStart = 0;
  /** The decision each seat's clock is timing, as last seen. */
  private readonly decisions: (Decision | null)[] = [null, null, null, null];

  /** `start`: epoch ms when the game began; the clocks count ms since then. */
  constructor(
    control: TimeControl,
    readonly start: number,
  ) {
    this.clocks = new SeatClocks(control);
    this.enabled = this.clocks.control.kind !== 'none';
  }

  /**
   * The clock of a recovered table: `inputs` (all it was told, as stored) rebuild the seats'
   * clocks exactly, `referee` is the game rebuilt from its log. `start` places the old instants
   * on the wall clock: give `now - (the last stored instant) - 1` and the time the server was down is
   * nobody's, while a decision running at the crash keeps the time it had already taken.
   */
  static restore(control: TimeControl, start: number, referee: Referee, inputs: readonly ClockInput[]): TableClock {
    const c = new TableClock(control, start);
    if (!c.enabled || inputs.length === 0) return c;
    for (const input of inputs) {
      c.feed(input);
      if (input.type === 'handStarted') {
        c.handOpen = true;
        c.handStart = input.at;
      } else if (input.type === 'handEnded') c.handOpen = false;
    }
    c.seen = referee.logLength;
    c.hand = referee.game.hands.length;
    for (const s of SEATS) if (c.clocks.view(s).running) c.decisions[s] = decisionOf(referee.game, s);
    return c;
  }

  /** The index of `inputs[0]` in the whole list: the inputs `forgetInputs` let go. */
  get inputsStart(): number {
    return this.forgottenInputs;
  }

  /** The whole list's length, forgotten inputs included. */
  get inputsLength(): number {
    return this.forgottenInputs + this.inputs.length;
  }

  /** Lets go of the inputs before index `upTo` of the whole list (a timed hanchan gives some 1,200, 70 KB). */
  forgetInputs(upTo: number): void {
    this.forgottenInputs = dropHead(this.inputs, this.forgottenInputs, upTo);
  }

  /** The referee's log entries the clocks are done with (`Referee.forgetLog`): all of them when nothing is timed. */
  get logSeen(): number {
    return this.enabled ? this.seen : Infinity;
  }

  /** The last instant given to the clocks (ms since `start`). */
  lastInstant(): number {
    return this.last;
  }

  get control(): TimeControl {
    return this.clocks.control;
  }

  /** `now` as the clocks' instant: whole ms since `start`, never before the last one (a wall clock may step back). */
  at(now: number): number {
    return Math.max(this.last, Math.floor(now - this.start), 0);
  }

  // ---------------------------------------------------------------- what the room calls

  /** Play begins: the first hand's clocks start. */
  begin(referee: Referee, now: number): ClockStep {
    return this.enabled ? this.settle(referee, this.at(now)) : { clock: [], charges: [] };
  }

  /**
   * A seat's message, judged by the referee with the clocks around it: deadlines already passed
   * are carried out first; a legal command ending the seat's turn is charged before it is
   * applied (so the charge is logged even when the command ends the game); then the new
   * decisions start. `judged` is the referee's answer to the message, `clock` the clock's own
   * judgements in log order.
   */
  command(referee: Referee, seat: Seat, message: unknown, now: number): { judged: Judged } & ClockStep {
    if (!this.enabled) return { judged: referee.apply(seat, message, undefined, this.at(now)), clock: [], charges: [] };
    const at = this.at(now);
    // Timers that should have fired before this message: their commands come first.
    const step: ClockStep = at > this.last ? this.settle(referee, at - 1) : { clock: [], charges: [] };
    // Parsed once, for the turn's end and for the referee (a message that is no command: the referee says why).
    const parsed = parseCommand(message);
    if (this.decisions[seat]?.kind === 'turn' && this.clocks.view(seat).running && parsed.ok && endsTurn(referee.game, seat, parsed.command)) {
      this.decisions[seat] = null;
      const charges = this.feed({ type: 'acted', seat, at });
      step.charges.push(...charges);
      step.clock.push(...this.apply(charges, referee));
    }
    const judged = parsed.ok ? referee.applyCommand(seat, parsed.command, undefined, at) : referee.apply(seat, message, undefined, at);
    const after = this.settle(referee, at);
    return { judged, clock: [...step.clock, ...after.clock], charges: [...step.charges, ...after.charges] };
  }

  /** The next deal (`referee.nextHand()`), and its clocks. */
  nextHand(referee: Referee, now: number): { judged: Judged } & ClockStep {
    const at = this.at(now);
    const judged = referee.nextHand();
    return { judged, ...(this.enabled ? this.settle(referee, at) : { clock: [], charges: [] }) };
  }

  /** The room's timer fired: the deadlines up to `now` are carried out. */
  tick(referee: Referee, now: number): ClockStep {
    return this.enabled ? this.settle(referee, this.at(now)) : { clock: [], charges: [] };
  }

  /** The next instant (epoch ms) the room must call `tick`, and why; null: no timer needed. */
  deadline(): { seat: Seat; at: number; reason: Deadline['reason'] } | null {
    const d = this.enabled ? this.clocks.deadline() : null;
    return d ? { seat: d.seat, at: this.start + d.at, reason: d.reason } : null;
  }

  /** WSOM-TIME-RESIGN: the seat is auto-played by the clock for the rest of the game. */
  resigned(seat: Seat): boolean {
    return this.clocks.view(seat).resigned;
  }

  /** Fills the seats' clock fields (`bankMs`, `deadline`, `timePoints`, `resigned`), writing only what changed. */
  project(seats: readonly SeatState[], now: number, table?: { claimDeadline: number }): void {
    const at = Math.max(0, Math.floor(now - this.start));
    const tc = this.clocks.control;
    // A claim clock runs only for the seats offered the window: shown per seat it would tell who can call.
    let claimDeadline = 0;
    for (const s of SEATS) {
      const st = seats[s];
      if (!st) continue;
      const v = this.clocks.view(s);
      const r = v.running;
      let bank = v.bankMs;
      let deadline = 0;
      if (r && tc.kind !== 'none') {
        if (v.resigned) deadline = this.start + r.since;
        else if (r.kind === 'claim') claimDeadline = Math.max(claimDeadline, this.start + r.since + tc.claimMs);
        else if (tc.kind === 'bank') {
          deadline = this.start + r.since + tc.baseMs + v.bankMs;
          bank = Math.max(0, v.bankMs - Math.max(0, at - r.since - tc.baseMs));
        } else deadline = this.start + Math.max(r.since, this.handStart + tc.graceMs) + tc.turnMs;
      }
      if (st.bankMs !== bank) st.bankMs = bank;
      if (st.deadline !== deadline) st.deadline = deadline;
      if (st.timePoints !== v.handPoints) st.timePoints = v.handPoints;
      if (st.resigned !== v.resigned) st.resigned = v.resigned;
    }
    if (table && table.claimDeadline !== claimDeadline) table.claimDeadline = claimDeadline;
  }

  // ---------------------------------------------------------------- the steps

  /**
   * Compares the game with what was last seen and tells the clocks, at `now`: the seats that
   * acted (from the referee's log), a claim window closed, the hand ended, a new deal, the
   * decisions that began. Returns the charges (not yet applied: see `apply`).
   */
  observe(referee: Referee, now: number): Charge[] {
    return this.enabled ? this.sync(referee, this.at(now)) : [];
  }

  /** `seat`'s decision ended at `now` (only for a command the referee accepts). */
  acted(seat: Seat, now: number): Charge[] {
    if (!this.enabled) return [];
    this.decisions[seat] = null;
    return this.feed({ type: 'acted', seat, at: this.at(now) });
  }

  /** The deadlines up to `now` fire. */
  expire(now: number): Charge[] {
    return this.enabled ? this.feed({ type: 'expire', at: this.at(now) }) : [];
  }

  /**
   * Turns charges into referee calls, logged and replayable: time penalty points and the
   * resignation as referee faults (WSOM-TIME-TURN/-HAND with the counted points,
   * WSOM-TIME-RESIGN), an expired decision as the prescribed command `by: 'clock'` at the
   * deadline's instant. Bank use is only shown (`project`). Returns every judgement.
   */
  apply(charges: readonly Charge[], referee: Referee): Judged[] {
    const out: Judged[] = [];
    for (const c of charges) {
      switch (c.type) {
        case 'penalty': {
          const what = c.rule === 'WSOM-TIME-TURN' ? 'this turn' : 'this hand';
          const note = `${entryOf(c.rule as RuleId).reason} (${c.countedMs / 1000} s counted ${what})`;
          out.push(referee.manual({ type: 'manualFault', seat: c.seat, rule: c.rule, penalty: { kind: 'points', points: c.points }, note }));
          break;
        }
        case 'resign':
          out.push(referee.manual({ type: 'manualFault', seat: c.seat, rule: c.rule, note: `${entryOf(c.rule).reason} (${c.handPoints} points)` }));
          break;
        case 'expired': {
          const legal = referee.game.legalActions(c.seat);
          // Stale: the seat's decision is already over (nothing to send).
          if (legal.length === 0) break;
          out.push(referee.apply(c.seat, prescribedCommand(legal, referee.game.seats[c.seat].drawn), 'clock', c.at));
          break;
        }
        case 'bank':
          break;
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- internals

  private feed(input: ClockInput): Charge[] {
    this.inputs.push(input);
    this.last = Math.max(this.last, input.at);
    return this.clocks.apply(input);
  }

  /**
   * Observes, fires the deadlines up to `at` and applies the charges, until nothing more
   * happens: a clock command changes the game (the next decision, a resigned seat's turn
   * played at once).
   */
  private settle(referee: Referee, at: number): ClockStep {
    const out: ClockStep = { clock: [], charges: [] };
    for (let round = 0; round < MAX_SETTLE_ROUNDS; round++) {
      const charges = this.sync(referee, at);
      const d = this.clocks.deadline();
      if (d && d.at <= at) charges.push(...this.feed({ type: 'expire', at }));
      if (charges.length === 0) break;
      out.charges.push(...charges);
      out.clock.push(...this.apply(charges, referee));
    }
    return out;
  }

  private sync(referee: Referee, at: number): Charge[] {
    const game = referee.game;
    const out: Charge[] = [];
    const actors = new Set<Seat>();
    for (; this.seen < referee.logLength; this.seen++) {
      const e = referee.log[this.seen - referee.logStart];
      if (e.seat >= 0) actors.add(e.seat as Seat);
    }
    const hand = game.hands.length;
    const newDeal = hand !== this.hand;
    const now = SEATS.map((s) => decisionOf(game, s));
    let windowClosed = false;
    for (const s of SEATS) {
      const d = this.decisions[s];
      if (!d || now[s]?.key === d.key) continue;
      this.decisions[s] = null;
      const handGoes = newDeal || !game.inHand;
      if (actors.has(s)) out.push(...this.feed({ type: 'acted', seat: s, at }));
      else if (d.kind === 'claim') windowClosed = true;
      // A turn over without the seat's command while the hand goes on: charged as if it acted.
      else if (!handGoes) out.push(...this.feed({ type: 'acted', seat: s, at }));
    }
    if (windowClosed) out.push(...this.feed({ type: 'windowClosed', at }));
    if (this.handOpen && (newDeal || !game.inHand)) {
      out.push(...this.feed({ type: 'handEnded', at }));
      this.handOpen = false;
    }
    if (newDeal && game.inHand) {
      out.push(...this.feed({ type: 'handStarted', at }));
      this.hand = hand;
      this.handOpen = true;
      this.handStart = at;
    }
    if (!this.handOpen) return out;
    for (const s of SEATS) {
      const n = now[s];
      if (!n) continue;
      // The same decision still timed: nothing to do; not timed (a resigned seat's turn after
      // its resignation): started again, so the clock plays it.
      if (this.decisions[s]?.key === n.key && this.clocks.view(s).running) continue;
      this.decisions[s] = n;
      out.push(...this.feed({ type: 'turnStarted', seat: s, at, kind: n.kind }));
    }
    return out;
  }
}

/**
 * The command is legal and ends `seat`'s turn: any legal command in a turn does,
 * except taking the tile with `clientDraws` (the turn goes on to the discard).
 */
function endsTurn(game: Game, seat: Seat, command: Command): boolean {
  return command.type !== 'draw' && game.check(seat, command) === null;
}
