/**
 * Time controls (docs/REFEREE.md §3.8): the ruleset data, the WSOM arithmetic (WSOM-TIME-*),
 * the bank style, the deadlines the room schedules, the prescribed commands and replays.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import { makeRuleset } from '@jantaku/shared/rules/index';
import {
  NO_TIME,
  ONLINE_BANK,
  SeatClocks,
  TimeControlSchema,
  WSOM_TIME,
  prescribedCommand,
  wsomCountedMs,
  wsomHandPoints,
  wsomTurnPoints,
  type Charge,
  type ClockInput,
  type TimeControl,
} from '@jantaku/shared/referee/time';
import { play, riichi, scenario, tileOf, tilesOf, tsumogiri, type Scenario } from '../support/scenario';
import { rng } from '../support/rng';

/** The hand is dealt 1 s into the game; the clocks start 15 s later (WSOM-TIME-GRACE). */
const H = 1_000;
const CLOCK = H + WSOM_TIME.graceMs;

const wsom = (): SeatClocks => {
  const c = new SeatClocks(WSOM_TIME);
  c.handStarted(H);
  return c;
};
/** A turn of `seat` from `start` to `end`: the charges at its end. */
const turn = (c: SeatClocks, seat: Seat, start: number, end: number): Charge[] => {
  expect(c.turnStarted(seat, start, 'turn')).toEqual([]);
  return c.acted(seat, end);
};
const points = (charges: Charge[], rule?: string) =>
  charges.reduce((sum, ch) => sum + (ch.type === 'penalty' && (rule === undefined || ch.rule === rule) ? ch.points : 0), 0);

describe('the ruleset data', () => {
  it('the defaults are those of §3.8 and parse as they are', () => {
    expect(WSOM_TIME).toEqual({ kind: 'wsom', turnMs: 15_000, handMs: 180_000, graceMs: 15_000, unitMs: 15_000, pointsPerUnit: 5, resignAbove: 80, claimMs: 10_000 });
    expect(ONLINE_BANK).toEqual({ kind: 'bank', baseMs: 5_000, bankMs: 20_000, bankScope: 'game', claimMs: 10_000 });
    for (const tc of [WSOM_TIME, ONLINE_BANK, NO_TIME]) expect(TimeControlSchema.parse(tc)).toEqual(tc);
    expect(TimeControlSchema.parse({ ...ONLINE_BANK, bankScope: 'hand' })).toMatchObject({ bankScope: 'hand' });
  });

  it.each<[string, unknown]>([
    ['an unknown kind', { kind: 'fischer', baseMs: 1 }],
    ['a missing field', { ...WSOM_TIME, handMs: undefined }],
    ['an unknown field', { ...ONLINE_BANK, incrementMs: 1_000 }],
    ['a zero unit (no division by zero)', { ...WSOM_TIME, unitMs: 0 }],
    ['a negative time', { ...ONLINE_BANK, baseMs: -1 }],
    ['a fractional ms', { ...WSOM_TIME, turnMs: 15_000.5 }],
    ['an unknown bank scope', { ...ONLINE_BANK, bankScope: 'round' }],
    ['a zero claim window', { ...ONLINE_BANK, claimMs: 0 }],
    ['fields of another kind', { kind: 'none', claimMs: 10_000 }],
  ])('refuses %s', (_, value) => {
    expect(TimeControlSchema.safeParse(value).success).toBe(false);
  });

  it('WSOM-TIME-SESSION: not applicable — no session limit exists in the time-control data', () => {
    expect(TimeControlSchema.safeParse({ ...WSOM_TIME, sessionMs: 3_600_000 }).success).toBe(false);
  });
});

describe('WSOM arithmetic (§3.8)', () => {
  it.each([
    [15_000, 0],
    [16_000, 5],
    [30_000, 5],
    [30_001, 10],
    [31_000, 10],
  ])('WSOM-TIME-TURN: a %i ms turn costs %i points (5 per 15 s or part over 15 s)', (ms, pts) => {
    expect(wsomTurnPoints(WSOM_TIME, ms)).toBe(pts);
    const charges = turn(wsom(), 1, CLOCK + 5_000, CLOCK + 5_000 + ms);
    expect(charges).toEqual(pts ? [{ type: 'penalty', seat: 1, at: CLOCK + 5_000 + ms, rule: 'WSOM-TIME-TURN', points: pts, countedMs: ms }] : []);
  });

  it('WSOM-TIME-TURN: a 16 s turn costs 5 points', () => {
    expect(points(turn(wsom(), 2, CLOCK, CLOCK + 16_000), 'WSOM-TIME-TURN')).toBe(5);
  });

  it('WSOM-TIME-TURN: a 31 s turn costs 10 points', () => {
    expect(points(turn(wsom(), 2, CLOCK, CLOCK + 31_000), 'WSOM-TIME-TURN')).toBe(10);
  });

  it('WSOM-TIME-TURN: a 30 s turn costs 5 points', () => {
    expect(points(turn(wsom(), 2, CLOCK, CLOCK + 30_000), 'WSOM-TIME-TURN')).toBe(5);
  });

  it('WSOM-TIME-GRACE: the first 15 s after the deal are not counted: the dealer discarding 20 s after the deal is counted 5 s', () => {
    expect(wsomCountedMs(WSOM_TIME, H, H, H + 20_000)).toBe(5_000);
    const c = wsom();
    expect(turn(c, 0, H, H + 20_000)).toEqual([]);
    expect(c.view(0).handUsedMs).toBe(5_000);
    // The same 31 s from the deal is counted 16 s: 5 points, not 10.
    expect(turn(wsom(), 0, H, H + 31_000)).toEqual([{ type: 'penalty', seat: 0, at: H + 31_000, rule: 'WSOM-TIME-TURN', points: 5, countedMs: 16_000 }]);
    // A turn inside the grace counts nothing; one across its end counts from the end.
    const d = wsom();
    turn(d, 0, H, H + 6_000);
    expect(d.view(0).handUsedMs).toBe(0);
    expect(turn(d, 1, H + 8_000, H + 33_000)).toEqual([{ type: 'penalty', seat: 1, at: H + 33_000, rule: 'WSOM-TIME-TURN', points: 5, countedMs: 18_000 }]);
  });

  it('WSOM-TIME-HAND: 196 s of turns in a hand costs 10 points: fourteen 14 s turns give 5 after the 13th (182 s), 10 after the 14th', () => {
    const c = wsom();
    let t = CLOCK;
    const after: number[] = [];
    for (let i = 1; i <= 14; i++) {
      const charges = turn(c, 3, t, t + 14_000);
      expect(points(charges, 'WSOM-TIME-TURN')).toBe(0);
      if (i === 13) expect(charges).toEqual([{ type: 'penalty', seat: 3, at: t + 14_000, rule: 'WSOM-TIME-HAND', points: 5, countedMs: 182_000 }]);
      if (i === 14) expect(charges).toEqual([{ type: 'penalty', seat: 3, at: t + 14_000, rule: 'WSOM-TIME-HAND', points: 5, countedMs: 196_000 }]);
      after.push(c.view(3).handPoints);
      t += 60_000; // the other seats' turns in between are not this seat's time
    }
    expect(after).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 10]);
    expect(c.view(3).handUsedMs).toBe(196_000);
    expect(wsomHandPoints(WSOM_TIME, 180_000)).toBe(0);
  });

  it('WSOM-TIME-HAND: the hand count starts again at the next deal', () => {
    const c = wsom();
    turn(c, 1, CLOCK, CLOCK + 181_000);
    expect(c.view(1)).toMatchObject({ handUsedMs: 181_000, handPoints: 60 + 5 });
    c.handStarted(500_000);
    expect(c.view(1)).toMatchObject({ handUsedMs: 0, handPoints: 0, resigned: false });
    expect(points(turn(c, 1, 520_000, 534_000))).toBe(0);
  });

  it('WSOM-TIME-CUMULATIVE: a slow turn past 3 minutes is charged for turn and hand: a first turn counted 3 min 30 s costs turn 65 + hand 10 = 75', () => {
    const c = wsom();
    expect(turn(c, 0, H, CLOCK + 210_000)).toEqual([
      { type: 'penalty', seat: 0, at: CLOCK + 210_000, rule: 'WSOM-TIME-TURN', points: 65, countedMs: 210_000 },
      { type: 'penalty', seat: 0, at: CLOCK + 210_000, rule: 'WSOM-TIME-HAND', points: 10, countedMs: 210_000 },
    ]);
    expect(c.view(0)).toMatchObject({ handPoints: 75, resigned: false });
  });

  it('WSOM-TIME-RESIGN: passing 80 time points in a hand hands the seat to auto-play: one second more is 70 + 15 = 85, resigned at the instant the total passes 80', () => {
    expect(wsomTurnPoints(WSOM_TIME, 211_000) + wsomHandPoints(WSOM_TIME, 211_000)).toBe(85);
    const c = wsom();
    c.turnStarted(0, H, 'turn');
    // 3 min 30 s counted is 75; 1 ms more is 70 + 15 = 85 > 80.
    const instant = CLOCK + 210_001;
    expect(c.deadline()).toEqual({ seat: 0, at: instant, reason: 'resign' });
    // The seat (or a late timer) acting at 3 min 31 s: everything is charged at the instant.
    const late = c.acted(0, CLOCK + 211_000);
    expect(late).toEqual([
      { type: 'penalty', seat: 0, at: instant, rule: 'WSOM-TIME-TURN', points: 70, countedMs: 210_001 },
      { type: 'penalty', seat: 0, at: instant, rule: 'WSOM-TIME-HAND', points: 15, countedMs: 210_001 },
      { type: 'resign', seat: 0, at: instant, rule: 'WSOM-TIME-RESIGN', handPoints: 85 },
    ]);
    expect(c.view(0)).toMatchObject({ handPoints: 85, resigned: true, running: null });
    // The room's timer firing at the instant gives the same charges; 1 ms before, nothing.
    const d = wsom();
    d.turnStarted(0, H, 'turn');
    expect(d.expire(instant - 1)).toEqual([]);
    expect(d.expire(instant)).toEqual(late);
    // The prescribed command that follows is not charged again.
    expect(d.acted(0, instant)).toEqual([]);
    expect(d.deadline()).toBeNull();
  });

  it('WSOM-TIME-RESIGN: 80 points is not over 80; the first ms past it is', () => {
    const c = wsom();
    turn(c, 2, CLOCK, CLOCK + 210_000); // 75, of which hand 10
    const start = CLOCK + 300_000;
    c.turnStarted(2, start, 'turn');
    // Up to 15 s: no turn penalty, the hand goes to 225 s = 15 in all (+5): 80.
    // 1 ms more: turn 5 and the hand 20 in all (+10): 90.
    expect(c.deadline()).toEqual({ seat: 2, at: start + 15_001, reason: 'resign' });
    const e = wsom();
    turn(e, 2, CLOCK, CLOCK + 210_000);
    expect(turn(e, 2, start, start + 15_000)).toEqual([{ type: 'penalty', seat: 2, at: start + 15_000, rule: 'WSOM-TIME-HAND', points: 5, countedMs: 225_000 }]);
    expect(e.view(2)).toMatchObject({ handPoints: 80, resigned: false });
    expect(c.expire(start + 15_001).map((ch) => ch.type === 'resign' && ch.handPoints)).toContain(90);
  });

  it('WSOM-TIME-RESIGN: a resigned seat is auto-played for the rest of the game: its decisions expire at once, uncharged', () => {
    const c = wsom();
    c.turnStarted(1, H, 'turn');
    c.expire(c.deadline()!.at);
    expect(c.view(1).resigned).toBe(true);
    c.handStarted(900_000);
    expect(c.view(1).resigned).toBe(true);
    c.turnStarted(1, 910_000, 'claim');
    expect(c.deadline()).toEqual({ seat: 1, at: 910_000, reason: 'claim' });
    expect(c.expire(910_000)).toEqual([{ type: 'expired', seat: 1, at: 910_000, reason: 'claim' }]);
    c.turnStarted(1, 920_000, 'turn');
    expect(c.deadline()).toEqual({ seat: 1, at: 920_000, reason: 'turn' });
    expect(c.acted(1, 1_500_000)).toEqual([{ type: 'expired', seat: 1, at: 920_000, reason: 'turn' }]);
    expect(c.view(1).handPoints).toBe(0);
  });

  it('WSOM-TIME-TURN-SPAN: a claimer\'s turn starts at its call; a kan\'s new turn at the replacement draw', () => {
    // The claim window (9 s) is the room's, not WSOM's; the turn after the pon is 14 s.
    const c = wsom();
    c.turnStarted(2, CLOCK, 'claim');
    c.turnStarted(3, CLOCK, 'claim');
    expect(c.acted(2, CLOCK + 9_000)).toEqual([]);
    c.windowClosed(CLOCK + 9_000);
    expect(c.deadline()).toBeNull();
    expect(turn(c, 2, CLOCK + 9_000, CLOCK + 23_000)).toEqual([]);
    expect(c.view(2).handUsedMs).toBe(14_000);
    // 10 s to the ankan, 10 s after the replacement: two turns, no penalty; 20 s as one is 5.
    const k = wsom();
    expect(turn(k, 0, CLOCK, CLOCK + 10_000)).toEqual([]);
    expect(turn(k, 0, CLOCK + 10_000, CLOCK + 20_000)).toEqual([]);
    expect(k.view(0).handUsedMs).toBe(20_000);
    expect(points(turn(wsom(), 0, CLOCK, CLOCK + 20_000))).toBe(5);
  });

  it('WSOM-TIME-WHO: every seat is timed', () => {
    const c = wsom();
    const seats: Seat[] = [0, 1, 2, 3];
    const charged = seats.map((s) => {
      const start = CLOCK + s * 20_000;
      return turn(c, s, start, start + 16_000);
    });
    expect(charged.map((ch) => ch.map((x) => x.type === 'penalty' && [x.seat, x.rule, x.points]))).toEqual([
      [[0, 'WSOM-TIME-TURN', 5]],
      [[1, 'WSOM-TIME-TURN', 5]],
      [[2, 'WSOM-TIME-TURN', 5]],
      [[3, 'WSOM-TIME-TURN', 5]],
    ]);
  });

  it('claim windows are timed by the room: claimMs sends pass, nothing is charged, the earliest seat first', () => {
    const c = wsom();
    c.turnStarted(3, CLOCK, 'claim');
    c.turnStarted(1, CLOCK, 'claim');
    expect(c.deadline()).toEqual({ seat: 1, at: CLOCK + 10_000, reason: 'claim' });
    expect(c.expire(CLOCK + 10_000)).toEqual([
      { type: 'expired', seat: 1, at: CLOCK + 10_000, reason: 'claim' },
      { type: 'expired', seat: 3, at: CLOCK + 10_000, reason: 'claim' },
    ]);
    expect(c.view(1)).toMatchObject({ handUsedMs: 0, handPoints: 0, running: null });
    expect(c.deadline()).toBeNull();
  });
});

describe('the bank style', () => {
  const bank = (tc: TimeControl = ONLINE_BANK) => {
    const c = new SeatClocks(tc);
    c.handStarted(0);
    return c;
  };

  it('the base time is free for every decision; then the bank runs', () => {
    const c = bank();
    expect(turn(c, 0, 1_000, 6_000)).toEqual([]);
    expect(turn(c, 0, 10_000, 18_000)).toEqual([{ type: 'bank', seat: 0, at: 18_000, usedMs: 3_000, leftMs: 17_000 }]);
    expect(c.view(0).bankMs).toBe(17_000);
    expect(c.view(1).bankMs).toBe(20_000);
  });

  it('at zero the deadline fires: the bank is spent and the prescribed command is due', () => {
    const c = bank();
    turn(c, 0, 1_000, 18_000); // 12 s from the bank, 8 s left
    c.turnStarted(0, 30_000, 'turn');
    expect(c.deadline()).toEqual({ seat: 0, at: 43_000, reason: 'turn' });
    expect(c.expire(42_999)).toEqual([]);
    expect(c.expire(43_000)).toEqual([
      { type: 'bank', seat: 0, at: 43_000, usedMs: 8_000, leftMs: 0 },
      { type: 'expired', seat: 0, at: 43_000, reason: 'turn' },
    ]);
    expect(c.acted(0, 43_000)).toEqual([]); // the clock's command
    c.turnStarted(0, 60_000, 'turn');
    expect(c.deadline()).toEqual({ seat: 0, at: 65_000, reason: 'turn' });
  });

  it('a seat acting after a missed deadline is charged as at the deadline, and acting at it is in time', () => {
    const c = bank();
    c.turnStarted(2, 0, 'turn');
    expect(c.acted(2, 40_000)).toEqual([
      { type: 'bank', seat: 2, at: 25_000, usedMs: 20_000, leftMs: 0 },
      { type: 'expired', seat: 2, at: 25_000, reason: 'turn' },
    ]);
    const d = bank();
    d.turnStarted(2, 0, 'turn');
    expect(d.acted(2, 25_000)).toEqual([{ type: 'bank', seat: 2, at: 25_000, usedMs: 20_000, leftMs: 0 }]);
  });

  it('bankScope game keeps the bank across hands; hand refills it at each deal', () => {
    const g = bank();
    turn(g, 1, 0, 15_000);
    g.handStarted(100_000);
    expect(g.view(1).bankMs).toBe(10_000);
    const h = bank({ ...ONLINE_BANK, bankScope: 'hand' });
    turn(h, 1, 0, 15_000);
    expect(h.view(1).bankMs).toBe(10_000);
    h.handStarted(100_000);
    expect(h.view(1).bankMs).toBe(20_000);
  });

  it('a claim window gets claimMs and never touches the bank', () => {
    const c = bank();
    c.turnStarted(3, 1_000, 'claim');
    expect(c.deadline()).toEqual({ seat: 3, at: 11_000, reason: 'claim' });
    expect(c.acted(3, 10_000)).toEqual([]);
    expect(c.view(3).bankMs).toBe(20_000);
  });

  it('a seat whose turn starts while another decision runs has the old one charged first', () => {
    const c = bank();
    c.turnStarted(0, 0, 'turn');
    expect(c.turnStarted(0, 9_000, 'turn')).toEqual([{ type: 'bank', seat: 0, at: 9_000, usedMs: 4_000, leftMs: 16_000 }]);
    expect(c.view(0).running).toEqual({ kind: 'turn', since: 9_000 });
  });
});

describe('no time control', () => {
  it('charges nothing and never wakes the room', () => {
    const c = new SeatClocks(NO_TIME);
    c.handStarted(0);
    c.turnStarted(0, 0, 'turn');
    c.turnStarted(1, 0, 'claim');
    expect(c.deadline()).toBeNull();
    expect(c.acted(0, 10_000_000)).toEqual([]);
    expect(c.expire(20_000_000)).toEqual([]);
  });
});

describe('misuse', () => {
  it('instants are integer ms that never go back; turns need a deal; seats are 0..3', () => {
    const c = new SeatClocks(WSOM_TIME);
    expect(() => c.turnStarted(0, 0, 'turn')).toThrow(RangeError);
    c.handStarted(5_000);
    expect(() => c.acted(0, 4_999)).toThrow(RangeError);
    expect(() => c.acted(0, 6_000.5)).toThrow(RangeError);
    expect(() => c.acted(4 as Seat, 6_000)).toThrow(RangeError);
    expect(() => new SeatClocks({ kind: 'wsom' } as unknown as TimeControl)).toThrow();
  });
});


/**
 * A room driving the clocks for a few hands: turns of random length (some very slow), claim
 * windows for two seats, the room's timer firing at each deadline and then sending the clock's
 * command. Returns what it told the clocks and, after each notification, the charges and deadline.
 */
function session(tc: TimeControl, seed: number) {
  const r = rng(seed);
  const clocks = new SeatClocks(tc);
  const inputs: ClockInput[] = [];
  const trace: { charges: Charge[]; deadline: ReturnType<SeatClocks['deadline']> }[] = [];
  const tell = (i: ClockInput) => {
    inputs.push(i);
    trace.push({ charges: clocks.apply(i), deadline: clocks.deadline() });
  };
  let t = 0;
  /** The seat answers after `wait` ms unless the room's timer fires first. */
  const decide = (seat: Seat, wait: number) => {
    const d = clocks.deadline();
    if (d && d.seat === seat && d.at <= t + wait) {
      t = d.at;
      tell({ type: 'expire', at: t });
    } else t += wait;
    tell({ type: 'acted', seat, at: t });
  };
  const slow = () => Math.floor(r() < 0.1 ? 60_000 + r() * 200_000 : r() * 25_000);
  for (let hand = 0; hand < 3; hand++) {
    t += 5_000;
    tell({ type: 'handStarted', at: t });
    for (let step = 0; step < 40; step++) {
      const seat = (step % 4) as Seat;
      tell({ type: 'turnStarted', seat, at: t, kind: 'turn' });
      decide(seat, slow());
      const a = ((seat + 1) % 4) as Seat;
      const b = ((seat + 2) % 4) as Seat;
      tell({ type: 'turnStarted', seat: a, at: t, kind: 'claim' });
      tell({ type: 'turnStarted', seat: b, at: t, kind: 'claim' });
      decide(a, Math.floor(r() * 14_000));
      t += Math.floor(r() * 3_000);
      tell({ type: 'windowClosed', at: t });
    }
    tell({ type: 'handEnded', at: t });
  }
  return { clocks, inputs, trace };
}

describe('replays', () => {
  it.each<[string, TimeControl]>([
    ['wsom', WSOM_TIME],
    ['bank per game', ONLINE_BANK],
    ['bank per hand', { ...ONLINE_BANK, bankScope: 'hand' }],
  ])('%s: the same notifications give the same charges and deadlines, step by step', (_, tc) => {
    const live = session(tc, 20240611);
    const again = session(tc, 20240611);
    expect(again.inputs).toEqual(live.inputs);
    expect(again.trace).toEqual(live.trace);
    // Replaying the recorded notifications on fresh clocks: the same charges, the same state.
    const { clocks, charges } = SeatClocks.replay(tc, live.inputs);
    expect(charges).toEqual(live.trace.flatMap((s) => s.charges));
    expect(clocks.deadline()).toEqual(live.clocks.deadline());
    for (const s of [0, 1, 2, 3] as Seat[]) expect(clocks.view(s)).toEqual(live.clocks.view(s));
    // Every prefix replays to the deadline the live room saw at that point.
    for (const n of [1, 7, 50, 123, live.inputs.length - 1]) expect(SeatClocks.replay(tc, live.inputs.slice(0, n)).clocks.deadline()).toEqual(live.trace[n - 1].deadline);
    // The session is not trivial: time was charged and some deadline fired.
    const kinds = new Set(charges.map((c) => c.type));
    expect(kinds.has(tc.kind === 'wsom' ? 'penalty' : 'bank')).toBe(true);
    expect(kinds.has('expired')).toBe(true);
    // A different session gives different charges (the comparison can fail).
    expect(session(tc, 7).trace).not.toEqual(live.trace);
  });

  it('wsom: a session with a very slow seat resigns it once and never charges it again', () => {
    const { inputs } = session(WSOM_TIME, 20240611);
    const { charges } = SeatClocks.replay(WSOM_TIME, inputs);
    const resigns = charges.filter((c) => c.type === 'resign');
    expect(resigns.length).toBeGreaterThan(0);
    for (const res of resigns) {
      expect(res.type === 'resign' && res.handPoints).toBeGreaterThan(80);
      expect(charges.filter((c) => c.type === 'resign' && c.seat === res.seat)).toHaveLength(1);
      expect(charges.some((c) => c.type === 'penalty' && c.seat === res.seat && c.at > res.at)).toBe(false);
    }
  });
});

describe('prescribed commands (§3.8)', () => {
  const discardAll: LegalAction = { type: 'discard', tiles: [4, 9, 20, 33] };
  const everything: LegalAction[] = [
    discardAll,
    { type: 'tsumo' },
    { type: 'riichi', tiles: [9] },
    { type: 'ankan', tiles: [20] },
    { type: 'shouminkan', tiles: [33] },
    { type: 'kyuushu' },
  ];

  it('a claim window gets pass, never a ron or a call', () => {
    expect(prescribedCommand([{ type: 'ron' }, { type: 'pass' }], null)).toEqual({ type: 'pass' });
    expect(prescribedCommand([{ type: 'chii', options: [[1, 5]] }, { type: 'pon', options: [[8, 9]] }, { type: 'daiminkan', tiles: [8, 9, 10] }, { type: 'pass' }], 40)).toEqual({ type: 'pass' });
  });

  it('a turn discards the drawn tile, never wins, riichis, kans or aborts', () => {
    expect(prescribedCommand(everything, 33)).toEqual({ type: 'discard', tile: 33 });
    expect(prescribedCommand([...everything].reverse(), 9)).toEqual({ type: 'discard', tile: 9 });
  });

  it('without a drawn tile, or one that may not be discarded, the lowest-id legal discard', () => {
    expect(prescribedCommand(everything, null)).toEqual({ type: 'discard', tile: 4 });
    expect(prescribedCommand([{ type: 'discard', tiles: [30, 12, 17] }], 2)).toEqual({ type: 'discard', tile: 12 });
  });

  it('a seat with nothing to do has no prescribed command', () => {
    expect(() => prescribedCommand([], 5)).toThrow(RangeError);
    expect(() => prescribedCommand([{ type: 'tsumo' }], 5)).toThrow(RangeError);
  });

  /** The clock's command for `seat` in a real game, applied: it is always accepted. */
  const byClock = (g: Game, seat: Seat): Command => {
    const cmd = prescribedCommand(g.legalActions(seat), g.seats[seat].drawn);
    const res = g.apply(seat, cmd);
    expect(res.ok).toBe(true);
    return cmd;
  };

  it('in a real game: the dealer\'s first turn is tsumogiri and every claim on it is passed', () => {
    const g = new Game({ rules: makeRuleset('tenhou'), seed: 'x' });
    const drawn = g.seats[0].drawn;
    expect(drawn).not.toBeNull();
    const cmd = prescribedCommand(g.legalActions(0), drawn);
    expect(cmd).toEqual({ type: 'discard', tile: drawn });
    const res = g.apply(0, cmd);
    expect(res.ok && res.value).toContainEqual(expect.objectContaining({ type: 'discarded', seat: 0, tile: drawn, tsumogiri: true }));
    // A whole hand played by the clock alone ends without a win, a riichi or a call.
    for (let n = 0; n < 500 && g.phase !== 'handEnded'; n++) {
      const seat = ([0, 1, 2, 3] as Seat[]).find((s) => g.legalActions(s).length > 0)!;
      const cmd = byClock(g, seat);
      expect(['discard', 'pass']).toContain(cmd.type);
    }
    expect(g.phase).toBe('handEnded');
    expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive', wins: [] });
    expect(g.seats.every((s) => s.melds.length === 0 && s.riichi === 'none')).toBe(true);
  });

  it('in a real game: after a pon (no drawn tile) the lowest-id legal discard, not the kuikae tile', () => {
    // Seat 0 throws 3m; seat 1 may chii, seat 3 may ron, seat 2 pons with 33m and keeps a third 3m,
    // its lowest tile, which kuikae forbids.
    const spec: Scenario = {
      rules: 'tenhou',
      haipai: ['3m58m147p369s1234z', '12m9m147p258s1234z', '333m369p147s5677z', '45m234p345p678s22s'],
    };
    const g = scenario(spec);
    play(g, [0, { type: 'discard', tile: tileOf(g, 0, '3m') }]);
    expect(byClock(g, 3)).toEqual({ type: 'pass' });
    expect(byClock(g, 1)).toEqual({ type: 'pass' });
    play(g, [2, { type: 'pon', tiles: tilesOf(g, 2, '33m') as [number, number] }]);
    expect(g.seats[2].drawn).toBeNull();
    const legal = g.legalActions(2).find((a) => a.type === 'discard')!;
    const third3m = tileOf(g, 2, '3m');
    expect(Math.min(...g.seats[2].hand)).toBe(third3m);
    expect(legal.type === 'discard' && legal.tiles).not.toContain(third3m);
    const lowest3p = tileOf(g, 2, '3p'); // the lowest kind left after 3m
    expect(byClock(g, 2)).toEqual({ type: 'discard', tile: lowest3p });
    expect(g.seats[2].hand).toContain(third3m);
  });

  it('in a real game: in riichi with a winning draw, the drawn tile is discarded, not a tsumo', () => {
    // Seat 0 is tenpai on 1z/2z, declares riichi with its first draw (9p) and draws 1z next.
    const spec: Scenario = {
      rules: 'tenhou',
      haipai: ['123m456m789m1122z', '258m369p147s3456z', '369m147p258s3456z', '147m258p369s3457z'],
      draws: ['9p1z', '', '', ''],
    };
    const g = scenario(spec);
    play(g, riichi(g, 0, '9p'));
    while (g.phase === 'claims') byClock(g, ([1, 2, 3] as Seat[]).find((s) => g.legalActions(s).length > 0)!);
    while (g.turn !== 0) tsumogiri(g);
    const drawn = g.seats[0].drawn!;
    expect(drawn >> 2).toBe(27); // 1z
    expect(g.legalActions(0).map((a) => a.type)).toContain('tsumo');
    expect(byClock(g, 0)).toEqual({ type: 'discard', tile: drawn });
    expect(g.phase).not.toBe('handEnded');
  });
});
