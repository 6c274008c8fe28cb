import { z } from 'zod';

/**
 * Time controls as ruleset data (docs/REFEREE.md §3.8), and the WSOM arithmetic as pure
 * functions of milliseconds. Nothing here reads a clock: every instant is a number of ms since
 * the game began, as logged with each command (`at`).
 */

/** Any time limit: at most an hour (a seat's bank is an int32 of ms in the table state). */
const MAX_MS = 3_600_000;
const ms = () => z.number().int().min(0).max(MAX_MS);
const positiveMs = () => z.number().int().positive().max(MAX_MS);

/** No clock: nothing is charged and the room never has to wake up. */
export const NoTimeSchema = z.strictObject({ kind: z.literal('none') });

/**
 * WSOM (WSOM-TIME-*): every turn has `turnMs`, every hand `handMs` per seat; the first `graceMs`
 * after the deal are not counted; each `unitMs` or part over costs `pointsPerUnit`, per turn and
 * per hand, cumulatively; more than `resignAbove` time points in one hand = resigned. Claim
 * windows are not timed by WSOM: `claimMs` is the room's limit, after which the seat passes (D23).
 */
export const WsomTimeSchema = z.strictObject({
  kind: z.literal('wsom'),
  turnMs: ms(),
  handMs: ms(),
  graceMs: ms(),
  // At least a second per unit, few points each, resignation below 60,000: a hand's time points fit the state's uint16.
  unitMs: z.number().int().min(1000).max(MAX_MS),
  pointsPerUnit: z.number().int().min(0).max(100),
  resignAbove: z.number().int().min(0).max(60_000),
  claimMs: positiveMs(),
});

/**
 * Online style: `baseMs` free for every decision in the seat's turn, then the seat's bank runs
 * (`bankMs`, refilled per game or per hand); when both are spent the clock sends the prescribed
 * command. A claim window gets `claimMs`, after which the seat passes.
 */
export const BankTimeSchema = z.strictObject({
  kind: z.literal('bank'),
  baseMs: ms(),
  bankMs: ms(),
  bankScope: z.enum(['game', 'hand']),
  claimMs: positiveMs(),
});

/** The ruleset's `timeControl` field (to be plugged into the ruleset schema). */
export const TimeControlSchema = z.discriminatedUnion('kind', [NoTimeSchema, WsomTimeSchema, BankTimeSchema]);

export type TimeControl = z.infer<typeof TimeControlSchema>;
export type NoTime = z.infer<typeof NoTimeSchema>;
export type WsomTime = z.infer<typeof WsomTimeSchema>;
export type BankTime = z.infer<typeof BankTimeSchema>;

/** No time control. */
export const NO_TIME: Readonly<NoTime> = Object.freeze({ kind: 'none' });

/** WSOM's limits (WSOM-TIME-TURN, -HAND, -GRACE, -RESIGN), with a 10 s claim window for the room. */
export const WSOM_TIME: Readonly<WsomTime> = Object.freeze({
  kind: 'wsom',
  turnMs: 15_000,
  handMs: 180_000,
  graceMs: 15_000,
  unitMs: 15_000,
  pointsPerUnit: 5,
  resignAbove: 80,
  claimMs: 10_000,
});

/** An example online style: 5 s free per decision plus a 20 s bank for the game; claims 10 s. */
export const ONLINE_BANK: Readonly<BankTime> = Object.freeze({
  kind: 'bank',
  baseMs: 5_000,
  bankMs: 20_000,
  bankScope: 'game',
  claimMs: 10_000,
});

/** Units of `unitMs` or part of one in `overMs` (0 when nothing is over). Integer arithmetic. */
function unitsOver(overMs: number, unitMs: number): number {
  return overMs > 0 ? Math.floor((overMs + unitMs - 1) / unitMs) : 0;
}

/**
 * WSOM-TIME-TURN-SPAN with WSOM-TIME-GRACE: the counted time of a turn from `start` to `end` in
 * a hand dealt at `handStart` is `end − max(start, handStart + graceMs)`, never negative.
 */
export function wsomCountedMs(tc: WsomTime, handStart: number, start: number, end: number): number {
  return Math.max(0, end - Math.max(start, handStart + tc.graceMs));
}

/** WSOM-TIME-TURN: `pointsPerUnit × ceil(max(0, counted − turnMs) / unitMs)`. */
export function wsomTurnPoints(tc: WsomTime, countedMs: number): number {
  return tc.pointsPerUnit * unitsOver(countedMs - tc.turnMs, tc.unitMs);
}

/**
 * WSOM-TIME-HAND: the hand penalty due in all for `handUsedMs` counted this hand,
 * `pointsPerUnit × ceil(max(0, used − handMs) / unitMs)`; a turn end charges what this adds to
 * what was charged before (WSOM-TIME-CUMULATIVE: on top of the turn penalty).
 */
export function wsomHandPoints(tc: WsomTime, handUsedMs: number): number {
  return tc.pointsPerUnit * unitsOver(handUsedMs - tc.handMs, tc.unitMs);
}
