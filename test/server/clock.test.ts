/**
 * The table's clock (server/src/rooms/clock.ts): SeatClocks fed from a real Referee and turned
 * into logged referee calls (docs/REFEREE.md §3.8). Every `now` is an explicit number: no timers.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '@jantaku/shared/game/types';
import { Referee, type Judged } from '@jantaku/shared/referee/referee';
import { ONLINE_BANK, prescribedCommand, SeatClocks, WSOM_TIME, type Charge, type TimeControl } from '@jantaku/shared/referee/time';
import { makeRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import { PrivateSeatState, SeatState } from '@jantaku/shared/schema/table';
import { Rng } from '@jantaku/shared/game/rng';
import { TableClock } from '../../server/src/rooms/clock';

/** The game began at this epoch instant: the clocks' 0. */
const T0 = 1_764_000_000_000;
const SEATS: readonly Seat[] = [0, 1, 2, 3];

function table(rules: Ruleset, seed: string) {
  const ref = new Referee({ rules, seed });
  const clock = new TableClock(rules.timeControl, T0);
  clock.begin(ref, T0);
  return { ref, clock };
}

const bankRules = (name = 'tenhou') => makeRuleset(name, { timeControl: { ...ONLINE_BANK } });
const wsomRules = (tc: Partial<TimeControl> = {}, more: Record<string, unknown> = {}) =>
  makeRuleset('wrc2015', { timeControl: { ...WSOM_TIME, ...tc } as TimeControl, ...more });

const seatStates = () =>
  SEATS.map((s) => {
    const st = new SeatState();
    st.seat = s;
    st.own = new PrivateSeatState();
    return st;
  });

interface Played {
  now: number;
  charges: Charge[];
  clock: Judged[];
}

/**
 * Plays the game by the prescribed commands (tsumogiri, pass), each seat taking `delay` ms for
 * its decision, until `until` holds or the game is over; hands are dealt 1 s after they end.
 * Every seat's own command must be accepted (the delays stay within the limits).
 */
function play(ref: Referee, clock: TableClock, start: number, delay: (seat: Seat, kind: 'turn' | 'claim') => number, until: (ref: Referee) => boolean = () => false): Played {
  const out: Played = { now: start, charges: [], clock: [] };
  for (let i = 0; i < 20_000 && !until(ref); i++) {
    const g = ref.game;
    if (g.phase === 'gameOver') break;
    if (g.phase === 'handEnded') {
      out.now += 1_000;
      const step = clock.nextHand(ref, out.now);
      expect(step.judged.ok).toBe(true);
      out.charges.push(...step.charges);
      out.clock.push(...step.clock);
      continue;
    }
    const seat = SEATS.find((s) => g.legalActions(s).length > 0)!;
    out.now += delay(seat, g.phase === 'claims' ? 'claim' : 'turn');
    const d = clock.deadline();
    if (d) expect(d.at).toBeGreaterThanOrEqual(out.now);
    const step = clock.command(ref, seat, prescribedCommand(g.legalActions(seat), g.seats[seat].drawn), out.now);
    expect(step.judged.ok).toBe(true);
    out.charges.push(...step.charges);
    out.clock.push(...step.clock);
  }
  return out;
}

const sumPoints = (charges: Charge[], seat: Seat, rule?: string) =>
  charges.reduce((n, c) => n + (c.type === 'penalty' && c.seat === seat && (rule === undefined || c.rule === rule) ? c.points : 0), 0);

describe('the bank style (online): base + bank, then the prescribed command', () => {
  it('a seat that spends its base and its bank is played by the clock: tsumogiri, logged by: clock', () => {
    const { ref, clock } = table(bankRules(), 'clock-bank-1');
    // The dealer's turn began at the deal: 5 s base + 20 s bank.
    expect(clock.deadline()).toEqual({ seat: 0, at: T0 + 25_000, reason: 'turn' });
    const drawn = ref.game.seats[0].drawn!;
    expect(clock.tick(ref, T0 + 24_999)).toEqual({ clock: [], charges: [] });
    expect(ref.log).toEqual([]);
    const step = clock.tick(ref, T0 + 25_000);
    expect(step.charges.slice(0, 2)).toEqual([
      { type: 'bank', seat: 0, at: 25_000, usedMs: 20_000, leftMs: 0 },
      { type: 'expired', seat: 0, at: 25_000, reason: 'turn' },
    ]);
    expect(step.clock[0]).toMatchObject({ ok: true });
    expect(ref.log[0]).toEqual({ seat: 0, command: { type: 'discard', tile: drawn }, by: 'clock', at: 25_000 });
    expect(ref.game.seats[0].drawn).toBeNull();
    expect(clock.clocks.view(0).bankMs).toBe(0);
  });

  it('bank use is charged and reported: charges, the live bank and the deadline in the seat state', () => {
    const { ref, clock } = table(bankRules(), 'clock-bank-2');
    const seats = seatStates();
    clock.project(seats, T0 + 2_000);
    expect(seats[0]).toMatchObject({ bankMs: 20_000, deadline: T0 + 25_000, timePoints: 0, resigned: false });
    clock.project(seats, T0 + 9_000); // 4 s into the bank
    expect(seats[0].bankMs).toBe(16_000);
    const step = clock.command(ref, 0, { type: 'discard', tile: ref.game.seats[0].drawn! }, T0 + 8_000);
    expect(step.judged.ok).toBe(true);
    expect(step.charges[0]).toEqual({ type: 'bank', seat: 0, at: 8_000, usedMs: 3_000, leftMs: 17_000 });
    // Bank use is no referee matter: nothing but the seat's command is logged.
    expect(ref.log).toHaveLength(1);
    expect(ref.log[0]).toMatchObject({ seat: 0, at: 8_000 });
    clock.project(seats, T0 + 8_000);
    expect(seats[0]).toMatchObject({ bankMs: 17_000, deadline: 0 });
    // The dealer's next turn has 5 s + the 17 s left (bankScope 'game').
    const played = play(ref, clock, T0 + 8_000, () => 500, (r) => r.game.phase === 'turn' && r.game.turn === 0);
    const since = clock.clocks.view(0).running!.since;
    expect(played.now - T0).toBe(since);
    expect(clock.deadline()).toEqual({ seat: 0, at: T0 + since + 5_000 + 17_000, reason: 'turn' });
  });

  it('a refused message does not stop the seat\'s clock', () => {
    const { ref, clock } = table(bankRules(), 'clock-bank-3');
    const notHeld = [...Array(136).keys()].find((t) => !ref.game.seats[0].hand.includes(t))!;
    const step = clock.command(ref, 0, { type: 'discard', tile: notHeld }, T0 + 3_000);
    expect(step.judged.ok).toBe(false);
    expect(clock.deadline()).toEqual({ seat: 0, at: T0 + 25_000, reason: 'turn' });
  });

  it('a message after the deadline, before the timer fired: the clock\'s command comes first, the late one is refused', () => {
    const { ref, clock } = table(bankRules(), 'clock-bank-4');
    const tile = ref.game.seats[0].drawn!;
    const step = clock.command(ref, 0, { type: 'discard', tile }, T0 + 30_000);
    expect(step.charges).toContainEqual({ type: 'expired', seat: 0, at: 25_000, reason: 'turn' });
    expect(step.judged.ok).toBe(false);
    expect(ref.log).toEqual([{ seat: 0, command: { type: 'discard', tile }, by: 'clock', at: 25_000 }]);
  });

  it('a claim window expires to pass for every seat still answering, by: clock', () => {
    // wrc2015 penalises faults: every discard opens a window to the three other seats.
    const { ref, clock } = table(bankRules('wrc2015'), 'clock-claims');
    clock.command(ref, 0, { type: 'discard', tile: ref.game.seats[0].drawn! }, T0 + 1_000);
    expect(ref.game.phase).toBe('claims');
    expect(clock.deadline()).toEqual({ seat: 1, at: T0 + 11_000, reason: 'claim' });
    // Seat 2 answers in time; 1 and 3 do not.
    expect(clock.command(ref, 2, { type: 'pass' }, T0 + 4_000).judged.ok).toBe(true);
    const step = clock.tick(ref, T0 + 11_000);
    expect(step.charges.filter((c) => c.type === 'expired')).toEqual([
      { type: 'expired', seat: 1, at: 11_000, reason: 'claim' },
      { type: 'expired', seat: 3, at: 11_000, reason: 'claim' },
    ]);
    expect(ref.log.slice(1)).toEqual([
      { seat: 2, command: { type: 'pass' }, at: 4_000 },
      { seat: 1, command: { type: 'pass' }, by: 'clock', at: 11_000 },
      { seat: 3, command: { type: 'pass' }, by: 'clock', at: 11_000 },
    ]);
    // The window closed: seat 1 drew, and its turn is timed from then (no bank spent on claims).
    expect(ref.game.phase).toBe('turn');
    expect(ref.game.turn).toBe(1);
    expect(clock.deadline()).toEqual({ seat: 1, at: T0 + 11_000 + 25_000, reason: 'turn' });
    expect(clock.clocks.view(1).bankMs).toBe(20_000);
  });
});

describe('WSOM time (WSOM-TIME-*): penalty points through the referee', () => {
  it('WSOM-TIME-GRACE: the dealer discarding 20 s after the deal is counted 5 s: no penalty', () => {
    const { ref, clock } = table(wsomRules(), 'clock-wsom-grace');
    const step = clock.command(ref, 0, { type: 'discard', tile: ref.game.seats[0].drawn! }, T0 + 20_000);
    expect(step.charges).toEqual([]);
    expect(ref.faults).toEqual([]);
    expect(clock.clocks.view(0).handUsedMs).toBe(5_000);
  });

  it('WSOM-TIME-TURN: a 31 s turn costs 10 points, given as a referee fault logged before the discard', () => {
    const { ref, clock } = table(wsomRules(), 'clock-wsom-turn');
    const p = play(ref, clock, T0 + 15_000, () => 1_000, (r) => r.game.phase === 'turn' && r.game.turn === 1);
    const tile = ref.game.seats[1].drawn!;
    const step = clock.command(ref, 1, { type: 'discard', tile }, p.now + 31_000);
    expect(step.judged.ok).toBe(true);
    expect(step.charges).toEqual([{ type: 'penalty', seat: 1, at: p.now + 31_000 - T0, rule: 'WSOM-TIME-TURN', points: 10, countedMs: 31_000 }]);
    expect(step.clock).toHaveLength(1);
    expect(step.clock[0]).toMatchObject({ ok: true, fault: { seat: 1, rule: 'WSOM-TIME-TURN', penalty: { kind: 'points', points: 10 } } });
    expect(ref.faults).toEqual([expect.objectContaining({ seat: 1, rule: 'WSOM-TIME-TURN', penalty: { kind: 'points', points: 10 } })]);
    expect(ref.game.penalties).toEqual([expect.objectContaining({ seat: 1, rule: 'WSOM-TIME-TURN', points: 10 })]);
    // In the log: the clock's fault, then the discard it was charged on.
    expect(ref.log.slice(-2)).toEqual([
      { seat: -2, command: expect.objectContaining({ type: 'manualFault', seat: 1, rule: 'WSOM-TIME-TURN', penalty: { kind: 'points', points: 10 } }) },
      { seat: 1, command: { type: 'discard', tile }, at: p.now + 31_000 - T0 },
    ]);
    const seats = seatStates();
    clock.project(seats, p.now + 31_000);
    expect(seats[1].timePoints).toBe(10);
  });

  it('WSOM-TIME-HAND: 14 s turns cost nothing each, but over 180 s in the hand costs 5 per 15 s or part (WSOM-TIME-CUMULATIVE)', () => {
    const { ref, clock } = table(wsomRules(), 'clock-wsom-hand');
    const p = play(ref, clock, T0, (seat, kind) => (seat === 1 && kind === 'turn' ? 14_000 : 500), (r) => r.game.phase !== 'turn' && r.game.phase !== 'claims');
    expect(ref.game.hands).toHaveLength(1);
    expect(sumPoints(p.charges, 1, 'WSOM-TIME-TURN')).toBe(0);
    const hand = p.charges.filter((c): c is Extract<Charge, { type: 'penalty' }> => c.type === 'penalty' && c.rule === 'WSOM-TIME-HAND');
    expect(hand.length).toBeGreaterThanOrEqual(2);
    // Charged as it grows: 5 once the total passes 180 s, 5 more at each further started 15 s.
    expect(hand[0]).toMatchObject({ seat: 1, points: 5 });
    expect(hand[0].countedMs).toBeGreaterThan(180_000);
    expect(hand[0].countedMs).toBeLessThanOrEqual(180_000 + 14_000);
    for (const [i, c] of hand.entries()) expect(Math.ceil((c.countedMs - 180_000) / 15_000)).toBe(i + 1);
    const total = sumPoints(p.charges, 1, 'WSOM-TIME-HAND');
    expect(ref.game.penalties.filter((x) => x.rule === 'WSOM-TIME-HAND').reduce((n, x) => n + x.points, 0)).toBe(total);
    expect(ref.faults.filter((f) => f.rule === 'WSOM-TIME-HAND')).toHaveLength(hand.length);
  });

  it('WSOM-TIME-RESIGN: over 80 points in the hand at 210,001 ms counted: the seat resigns and is auto-played by the clock', () => {
    const { ref, clock } = table(wsomRules(), 'clock-wsom-resign');
    // Counted from the end of the grace: 70 (turn) + 15 (hand) = 85 > 80 one ms after 3 min 30 s.
    const when = T0 + 15_000 + 210_001;
    expect(clock.deadline()).toEqual({ seat: 0, at: when, reason: 'resign' });
    const tile = ref.game.seats[0].drawn!;
    const step = clock.tick(ref, when);
    expect(step.charges.slice(0, 3)).toEqual([
      { type: 'penalty', seat: 0, at: when - T0, rule: 'WSOM-TIME-TURN', points: 70, countedMs: 210_001 },
      { type: 'penalty', seat: 0, at: when - T0, rule: 'WSOM-TIME-HAND', points: 15, countedMs: 210_001 },
      { type: 'resign', seat: 0, at: when - T0, rule: 'WSOM-TIME-RESIGN', handPoints: 85 },
    ]);
    expect(clock.resigned(0)).toBe(true);
    expect(ref.faults.map((f) => [f.rule, f.penalty])).toEqual([
      ['WSOM-TIME-TURN', { kind: 'points', points: 70 }],
      ['WSOM-TIME-HAND', { kind: 'points', points: 15 }],
      ['WSOM-TIME-RESIGN', { kind: 'resign' }],
    ]);
    // Its turn gets the prescribed command at once.
    expect(ref.log.at(-1)).toEqual({ seat: 0, command: { type: 'discard', tile }, by: 'clock', at: when - T0 });
    // From now on every decision of seat 0 is played by the clock the moment it starts: the
    // driver never sees seat 0 with something to do.
    const p = play(ref, clock, when, (seat) => {
      expect(seat).not.toBe(0);
      return 2_000;
    }, (r) => r.log.filter((e) => e.seat === 0 && e.by === 'clock').length >= 8);
    const auto = ref.log.filter((e) => e.seat === 0 && e.by === 'clock');
    expect(auto.map((e) => (e.seat === 0 ? e.command.type : ''))).toContain('pass');
    expect(auto.filter((e) => e.seat === 0 && e.command.type === 'discard').length).toBeGreaterThanOrEqual(2);
    expect(sumPoints(p.charges, 0)).toBe(0); // a resigned seat is no longer charged
    const seats = seatStates();
    clock.project(seats, p.now);
    expect(seats[0]).toMatchObject({ resigned: true, timePoints: 85 });
  });

  it('WSOM-TIME-TURN, WSOM-TIME-HAND: the points reach the final standings, and Referee.replay of the log gives the same game', () => {
    const rules = wsomRules({ resignAbove: 10_000 }, { length: 'tonpuusen' });
    const { ref, clock } = table(rules, 'clock-wsom-game');
    // Seat 2 takes 16 s a turn (5 points each); everyone else is quick.
    const p = play(ref, clock, T0, (seat, kind) => (seat === 2 && kind === 'turn' ? 16_000 : 700));
    expect(ref.game.phase).toBe('gameOver');
    const turn = sumPoints(p.charges, 2, 'WSOM-TIME-TURN');
    const hand = sumPoints(p.charges, 2, 'WSOM-TIME-HAND');
    expect(turn).toBeGreaterThan(0);
    expect(hand).toBeGreaterThan(0);
    for (const s of [0, 1, 3] as Seat[]) expect(sumPoints(p.charges, s)).toBe(0);
    const standings = ref.game.standings!;
    expect(standings.find((x) => x.seat === 2)!.penalty).toBe(turn + hand);
    for (const s of [0, 1, 3]) expect(standings.find((x) => x.seat === s)!.penalty).toBe(0);
    // Every clock decision is in the log: a replay rebuilds the faults and the standings.
    const replay = Referee.replay({ rules, seed: 'clock-wsom-game' }, ref.log);
    expect(replay.game.standings).toEqual(standings);
    expect(replay.faults).toEqual(ref.faults);
    // And the clock's own inputs rebuild its charges.
    expect(SeatClocks.replay(rules.timeControl, clock.inputs).charges).toEqual(p.charges);
  });
});

describe('a restored clock (a table recovered after a restart)', () => {
  // Deterministic think times that use the bank (seats 1 and 2 past the 5 s base) or cost WSOM points (seat 2: 16 s turns).
  const think = (slow: number) => (ref: Referee) => (seat: Seat, kind: 'turn' | 'claim') =>
    kind === 'claim' ? 400 + (ref.log.length % 7) * 100 : seat === 1 ? 5_050 : seat === 2 ? slow : 700 + (ref.log.length % 5) * 300;
  const cases: [string, Ruleset, ReturnType<typeof think>][] = [
    ['bank', makeRuleset('tenhou', { timeControl: { ...ONLINE_BANK }, length: 'tonpuusen' }), think(5_050)],
    ['wsom', wsomRules({ resignAbove: 10_000 }, { length: 'tonpuusen' }), think(16_000)],
  ];
  for (const [name, rules, think] of cases) {
    it(`${name}: rebuilt from the log and the stored inputs, it stands and goes on exactly as the original`, () => {
      // Cut at log lengths, and just after a deal (the WSOM grace period is running).
      const cuts: ((r: Referee) => boolean)[] = [1, 37, 150, 333].map((n) => (r: Referee) => r.log.length >= n);
      cuts.push((r) => r.game.hands.length >= 2);
      for (const cut of cuts) {
        const seed = `clock-restore-${name}`;
        const a = table(rules, seed);
        const before = play(a.ref, a.clock, T0, think(a.ref), cut);
        // Part of the next decision's time passes before the crash.
        const crash = before.now + 1_000;
        a.clock.tick(a.ref, crash);
        const ref = Referee.replay({ rules, seed }, a.ref.log);
        const b = TableClock.restore(rules.timeControl, T0, ref, a.clock.inputs);
        expect(SEATS.map((s) => b.clocks.view(s))).toEqual(SEATS.map((s) => a.clock.clocks.view(s)));
        expect(b.deadline()).toEqual(a.clock.deadline());
        expect(b.lastInstant()).toBe(a.clock.lastInstant());
        const sa = seatStates();
        const sb = seatStates();
        a.clock.project(sa, crash);
        b.project(sb, crash);
        expect(sb.map((x) => x.toJSON())).toEqual(sa.map((x) => x.toJSON()));
        // Both play on the same way: the same log, the same charges, the same end.
        const pa = play(a.ref, a.clock, crash, think(a.ref));
        const pb = play(ref, b, crash, think(ref));
        expect(pb.charges).toEqual(pa.charges);
        expect(ref.log).toEqual(a.ref.log);
        expect(ref.game.phase).toBe('gameOver');
        expect(ref.game.standings).toEqual(a.ref.game.standings);
      }
    });
  }
  it('a room lets go of what its store holds (forgetLog, forgetInputs): the clocks charge as if it kept all, and the stored part with the tail rebuilds them', () => {
    const rules = wsomRules({ resignAbove: 10_000 }, { length: 'tonpuusen' });
    const seed = 'clock-forget';
    // Seat 2 is slow (WSOM points), the rest vary with the whole log's length.
    const delay = (ref: Referee) => (seat: Seat, kind: 'turn' | 'claim') => (kind === 'claim' ? 400 + (ref.logLength % 7) * 100 : seat === 2 ? 16_000 : 700 + (ref.logLength % 5) * 300);
    const keeps = table(rules, seed);
    const lets = table(rules, seed);
    const rng = new Rng('clock-forget-cuts');
    // `until` runs before each step: there the forgetful table lets go, as after a commit.
    const forget = (ref: Referee) => {
      if (rng.int(3) === 0) {
        ref.forgetLog(Math.min(ref.logStart + rng.int(ref.log.length + 2), lets.clock.logSeen));
        lets.clock.forgetInputs(lets.clock.inputsStart + rng.int(lets.clock.inputs.length + 2));
      }
      return false;
    };
    const a = play(keeps.ref, keeps.clock, T0, delay(keeps.ref));
    const b = play(lets.ref, lets.clock, T0, delay(lets.ref), forget);
    expect(keeps.ref.game.phase).toBe('gameOver');
    expect(b.charges).toEqual(a.charges);
    expect(sumPoints(a.charges, 2, 'WSOM-TIME-TURN')).toBeGreaterThan(0);
    expect(lets.ref.game.standings).toEqual(keeps.ref.game.standings);
    expect(lets.clock.inputsLength).toBe(keeps.clock.inputs.length);
    expect(lets.clock.inputsStart).toBeGreaterThan(keeps.clock.inputs.length / 2);
    expect(lets.clock.inputs).toEqual(keeps.clock.inputs.slice(lets.clock.inputsStart));
    expect(lets.ref.logStart).toBeGreaterThan(keeps.ref.log.length / 2);
    expect(lets.ref.log).toEqual(keeps.ref.log.slice(lets.ref.logStart));
    // The stored part (the keeping table's) and the tail rebuild the clocks.
    const inputs = [...keeps.clock.inputs.slice(0, lets.clock.inputsStart), ...lets.clock.inputs];
    const rebuilt = TableClock.restore(rules.timeControl, T0, keeps.ref, inputs);
    expect(SEATS.map((s) => rebuilt.clocks.view(s))).toEqual(SEATS.map((s) => keeps.clock.clocks.view(s)));
  });

  it('with no inputs yet (the game had not begun) it is a fresh clock', () => {
    const rules = bankRules();
    const ref = new Referee({ rules, seed: 'clock-restore-fresh' });
    const c = TableClock.restore(rules.timeControl, T0, ref, []);
    expect(c.deadline()).toBeNull();
    c.begin(ref, T0);
    expect(c.deadline()).not.toBeNull();
  });
});

describe("timeControl kind 'none'", () => {
  it('never charges, never needs a timer, logs nothing of its own', () => {
    const rules = makeRuleset('tenhou');
    expect(rules.timeControl).toEqual({ kind: 'none' });
    const { ref, clock } = table(rules, 'clock-none');
    expect(clock.deadline()).toBeNull();
    const p = play(ref, clock, T0, () => 600_000, (r) => r.game.hands.length > 1);
    expect(p.charges).toEqual([]);
    expect(p.clock).toEqual([]);
    expect(clock.tick(ref, p.now + 3_600_000)).toEqual({ clock: [], charges: [] });
    expect(clock.deadline()).toBeNull();
    expect(ref.faults).toEqual([]);
    expect(ref.log.some((e) => e.seat >= 0 && 'by' in e && e.by === 'clock')).toBe(false);
    expect(clock.inputs).toEqual([]);
    const seats = seatStates();
    clock.project(seats, p.now);
    for (const st of seats) expect(st).toMatchObject({ bankMs: 0, deadline: 0, timePoints: 0, resigned: false });
  });
});
