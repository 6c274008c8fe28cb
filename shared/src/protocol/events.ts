import type { Audience, Seat } from '../game/types';
import type { TileId } from '../tiles/index';
import type { Meld, MeldType } from '../tiles/meld';
import { CALLED, packDiscard, unpackDiscard } from '../schema/table';
import type { RefereeEvent } from '../referee/referee';

/**
 * The `events` message on the wire (docs/PROTOCOL.md §7.1, issue 18 item 3). An event whose
 * fields the state the same batch's patch leaves already holds travels as one small number: what
 * happened, to whom, and its one field the state does not say. Otherwise the four events that
 * come with nearly every action — `drew`, `discarded`, `claimWindow`, `claimOffered` — travel as
 * short tuples, and every other event as its object. Audience `to`: -1 is "all", else the seat.
 *
 *   [0, to, seat, rinshan, tile?]   drew (rinshan 0/1; `tile` only in the drawing seat's copy)
 *   [1, to, seat, tile, flags]      discarded (flags: 1 tsumogiri, 2 riichi)
 *   [2, to, tile, from, reason]     claimWindow (reason: 0 discard, 1 chankan)
 *   [3, to, seat, tile]             claimOffered
 *
 * An event read from the state travels as the number `k × 20 + (to + 1) × 4 + arg`, the frequent
 * first so that k 0–5 take one msgpack byte; `arg` is its one field the state lacks (0 if none):
 *
 *   k  event                        arg       read from the state
 *   0  drew                         rinshan   seat: `turn`
 *   1  discarded                    seat      tile and flags: the seat's last discard
 *   2  claimWindow                  reason    tile and from: `claimTile`, `claimFrom`
 *   3  drew, the drawer's copy      rinshan   seat: `to`; tile: its `own.drawn`
 *   4  claimOffered                 -         seat: `to`; tile: `claimTile`
 *   5  called                       seat      meld: the seat's last meld
 *   6  handStarted                  -         round, honba, sticks, dealer, scores, dora
 *   7  riichiAccepted               seat      scores, sticks
 *   8  handEnded                    -         result (`lastResult`), scores, ura dora
 *   9  gameEnded                    -         standings
 *
 * Numbers are used only where they give back the event exactly.
 *
 * An event with any field beyond those travels as its object, so decoding always gives back
 * exactly the event that was sent.
 */
export type WireEvent = RefereeEvent | number[] | number;

/**
 * The table state as a client holds it when the events of a change arrive (their patch comes
 * first, in the same batch): what the events that only repeat it are read from.
 */
export interface EventState {
  round: number;
  honba: number;
  riichiSticks: number;
  dealer: number;
  doraIndicators: Iterable<number>;
  /** Absent until a hand has ended (schema/table.ts). */
  uraIndicators?: Iterable<number>;
  turn: number;
  claimTile: number;
  claimFrom: number;
  seats: ArrayLike<EventSeat> & Iterable<EventSeat>;
  /** JSON of the last hand's result (`""` during a hand). */
  lastResult: string;
  /** JSON of the final standings (`""` before the end). */
  standings: string;
}

/** A seat as the state holds it: what the events sent as numbers read (`own`: only in the seat's own client's state, and the server's). */
export interface EventSeat {
  score: number;
  /** Packed (schema/table.ts `packDiscard`). */
  discards: ArrayLike<number>;
  /** Absent while the seat has none. In a meld, -1: none (the schema's way of saying absent). */
  melds?: ArrayLike<{ type: string; tiles: Iterable<number>; calledTile: number; from: number; addedTile: number }>;
  own?: { drawn: number } | null;
}

/**
 * The events message's type on the wire: the number 0, not the name `events`. Colyseus puts the
 * type in every message frame; a name costs its length plus one byte in each of the one or two
 * events frames a seat gets per action, a small number one byte.
 */
export const EVENTS = 0;

const DREW = 0;
const DISCARDED = 1;
const CLAIM_WINDOW = 2;
const CLAIM_OFFERED = 3;
// Events read from the state: their k (see above).
const SEEN_DREW = 0;
const SEEN_DISCARDED = 1;
const SEEN_CLAIM_WINDOW = 2;
const SEEN_DREW_OWN = 3;
const SEEN_CLAIM_OFFERED = 4;
const SEEN_CALLED = 5;
const SEEN_HAND_STARTED = 6;
const SEEN_RIICHI_ACCEPTED = 7;
const SEEN_HAND_ENDED = 8;
const SEEN_GAME_ENDED = 9;
const SEEN_KINDS = 10;
/** The k whose number carries a field of its own (`arg`); the others' `arg` is 0. */
const WITH_ARG = new Set([SEEN_DREW, SEEN_DISCARDED, SEEN_CLAIM_WINDOW, SEEN_DREW_OWN, SEEN_CALLED, SEEN_RIICHI_ACCEPTED]);

/** An event read from the state: what it is, to whom (-1 all), its own field. */
type Seen = [k: number, to: number, arg: number];

const numberOf = ([k, to, arg]: Seen): number => k * 20 + (to + 1) * 4 + arg;

/** A number back as what it says; null for one that is none. */
function seenOf(n: number): Seen | null {
  if (!Number.isInteger(n) || n < 0 || n >= SEEN_KINDS * 20) return null;
  const k = Math.floor(n / 20);
  const arg = n % 4;
  return WITH_ARG.has(k) || arg === 0 ? [k, Math.floor((n % 20) / 4) - 1, arg] : null;
}

const scoresOf = (state: EventState): number[] => Array.from(state.seats, (s) => s.score);
const sameNumbers = (a: readonly number[], b: Iterable<number>): boolean => {
  const bs = Array.from(b);
  return a.length === bs.length && a.every((x, i) => x === bs[i]);
};

/**
 * An event as what the state cannot say of it, or null: only when every other field is what
 * `state` (the state the same batch's patch sets) holds and the event has no other field, so
 * decoding gives back the same event.
 */
function seenIn(e: RefereeEvent, state: EventState): Seen | null {
  const to = audience(e.to);
  switch (e.type) {
    case 'handStarted':
      return keys(e) === 8 && e.round === state.round && e.honba === state.honba && e.riichiSticks === state.riichiSticks && e.dealer === state.dealer && sameNumbers(e.scores, scoresOf(state)) && e.doraIndicator === Array.from(state.doraIndicators)[0]
        ? [SEEN_HAND_STARTED, to, 0]
        : null;
    case 'riichiAccepted':
      return keys(e) === 5 && e.riichiSticks === state.riichiSticks && sameNumbers(e.scores, scoresOf(state)) ? [SEEN_RIICHI_ACCEPTED, to, e.seat] : null;
    case 'handEnded':
      return keys(e) === 5 && sameNumbers(e.scores, scoresOf(state)) && sameNumbers(e.uraIndicators, state.uraIndicators ?? []) && JSON.stringify(e.result) === state.lastResult ? [SEEN_HAND_ENDED, to, 0] : null;
    case 'gameEnded':
      return keys(e) === 3 && JSON.stringify(e.standings) === state.standings ? [SEEN_GAME_ENDED, to, 0] : null;
    case 'drew':
      if (e.tile === undefined) return keys(e) === 4 && e.seat === state.turn ? [SEEN_DREW, to, e.rinshan ? 1 : 0] : null;
      return keys(e) === 5 && e.to === e.seat && e.tile === state.seats[e.seat]?.own?.drawn ? [SEEN_DREW_OWN, to, e.rinshan ? 1 : 0] : null;
    case 'discarded': {
      const d = lastOf(state.seats[e.seat]?.discards);
      return keys(e) === 6 && d !== undefined && (d & ~CALLED) === packDiscard({ tile: e.tile, tsumogiri: e.tsumogiri, riichi: e.riichi, called: false }) ? [SEEN_DISCARDED, to, e.seat] : null;
    }
    case 'claimWindow':
      return keys(e) === 5 && e.tile === state.claimTile && e.from === state.claimFrom ? [SEEN_CLAIM_WINDOW, to, e.reason === 'chankan' ? 1 : 0] : null;
    case 'claimOffered':
      return keys(e) === 4 && e.to === e.seat && e.tile === state.claimTile ? [SEEN_CLAIM_OFFERED, to, 0] : null;
    case 'called': {
      const m = lastOf(state.seats[e.seat]?.melds);
      return keys(e) === 4 && m && sameMeld(e.meld, meldOf(m)) ? [SEEN_CALLED, to, e.seat] : null;
    }
    default:
      return null;
  }
}

const lastOf = <T>(list: ArrayLike<T> | undefined): T | undefined => (list && list.length ? list[list.length - 1] : undefined);

/** A meld as the engine has it, from the state's (-1: absent). */
function meldOf(m: NonNullable<EventSeat['melds']>[number]): Meld {
  return {
    type: m.type as MeldType,
    tiles: Array.from(m.tiles),
    ...(m.calledTile >= 0 ? { calledTile: m.calledTile } : {}),
    ...(m.from >= 0 ? { from: m.from } : {}),
    ...(m.addedTile >= 0 ? { addedTile: m.addedTile } : {}),
  };
}

const sameMeld = (a: Meld, b: Meld): boolean =>
  keys(a) === keys(b) && a.type === b.type && sameNumbers(a.tiles, b.tiles) && a.calledTile === b.calledTile && a.from === b.from && a.addedTile === b.addedTile;

const audience = (to: Audience): number => (to === 'all' ? -1 : to);
const keys = (e: object): number => Object.keys(e).length;

/**
 * The wire form of one event. With `state` (the table state the same batch's patch leaves the
 * client with), an event it shows travels as a number.
 */
export function toWire(e: RefereeEvent, state?: EventState): WireEvent {
  const seen = state && seenIn(e, state);
  if (seen) return numberOf(seen);
  switch (e.type) {
    case 'drew':
      if (e.tile === undefined) return keys(e) === 4 ? [DREW, audience(e.to), e.seat, e.rinshan ? 1 : 0] : e;
      return keys(e) === 5 ? [DREW, audience(e.to), e.seat, e.rinshan ? 1 : 0, e.tile] : e;
    case 'discarded':
      return keys(e) === 6 ? [DISCARDED, audience(e.to), e.seat, e.tile, (e.tsumogiri ? 1 : 0) | (e.riichi ? 2 : 0)] : e;
    case 'claimWindow':
      return keys(e) === 5 ? [CLAIM_WINDOW, audience(e.to), e.tile, e.from, e.reason === 'chankan' ? 1 : 0] : e;
    case 'claimOffered':
      return keys(e) === 4 ? [CLAIM_OFFERED, audience(e.to), e.seat, e.tile] : e;
    default:
      return e;
  }
}

/** The wire form of a batch (`state`: see `toWire`). */
export const eventsToWire = (list: readonly RefereeEvent[], state?: EventState): WireEvent[] => list.map((e) => toWire(e, state));

const isSeat = (n: unknown): n is Seat => n === 0 || n === 1 || n === 2 || n === 3;
const isTile = (n: unknown): n is TileId => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 136;
const toOf = (n: unknown): Audience | null => (n === -1 ? 'all' : isSeat(n) ? n : null);

/** JSON text back as a value, or null when it is not JSON. */
function parsed<T>(text: string): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/**
 * One event back from its wire form; null for one that is none of the forms above. A number
 * needs `state` (as the client holds it when the batch arrives): without it, it is left out.
 */
export function fromWire(w: unknown, state?: EventState): RefereeEvent | null {
  if (typeof w === 'number') {
    const seen = seenOf(w);
    const to = seen && toOf(seen[1]);
    return seen && to !== null && state ? fromState(seen, to, state) : null;
  }
  if (!Array.isArray(w)) return w !== null && typeof w === 'object' && typeof (w as { type?: unknown }).type === 'string' ? (w as RefereeEvent) : null;
  const to = toOf(w[1]);
  if (to === null) return null;
  switch (w[0]) {
    case DREW: {
      if (!isSeat(w[2]) || (w[3] !== 0 && w[3] !== 1) || (w.length !== 4 && !(w.length === 5 && isTile(w[4])))) return null;
      return w.length === 5 ? { to, type: 'drew', seat: w[2], tile: w[4] as TileId, rinshan: w[3] === 1 } : { to, type: 'drew', seat: w[2], rinshan: w[3] === 1 };
    }
    case DISCARDED:
      if (w.length !== 5 || !isSeat(w[2]) || !isTile(w[3]) || !Number.isInteger(w[4]) || w[4] < 0 || w[4] > 3) return null;
      return { to, type: 'discarded', seat: w[2], tile: w[3], tsumogiri: (w[4] & 1) !== 0, riichi: (w[4] & 2) !== 0 };
    case CLAIM_WINDOW:
      if (w.length !== 5 || !isTile(w[2]) || !isSeat(w[3]) || (w[4] !== 0 && w[4] !== 1)) return null;
      return { to, type: 'claimWindow', tile: w[2], from: w[3], reason: w[4] === 1 ? 'chankan' : 'discard' };
    case CLAIM_OFFERED:
      if (w.length !== 4 || !isSeat(w[2]) || !isTile(w[3])) return null;
      return { to, type: 'claimOffered', seat: w[2], tile: w[3] };
    default:
      return null;
  }
}

/** An event read from the state (the same key order as the engine's); `arg` its own field. */
function fromState([k, , arg]: Seen, to: RefereeEvent['to'], state: EventState): RefereeEvent | null {
  switch (k) {
    case SEEN_HAND_STARTED: {
      const dora = Array.from(state.doraIndicators)[0];
      if (!isSeat(state.dealer) || !isTile(dora)) return null;
      return { to, type: 'handStarted', round: state.round, honba: state.honba, riichiSticks: state.riichiSticks, dealer: state.dealer, scores: scoresOf(state), doraIndicator: dora };
    }
    case SEEN_RIICHI_ACCEPTED:
      return isSeat(arg) ? { to, type: 'riichiAccepted', seat: arg, scores: scoresOf(state), riichiSticks: state.riichiSticks } : null;
    case SEEN_HAND_ENDED: {
      const result = parsed<Extract<RefereeEvent, { type: 'handEnded' }>['result']>(state.lastResult);
      return result ? { to, type: 'handEnded', result, scores: scoresOf(state), uraIndicators: Array.from(state.uraIndicators ?? []) } : null;
    }
    case SEEN_GAME_ENDED: {
      const standings = parsed<Extract<RefereeEvent, { type: 'gameEnded' }>['standings']>(state.standings);
      return standings ? { to, type: 'gameEnded', standings } : null;
    }
    case SEEN_DREW_OWN: {
      const tile = isSeat(to) ? state.seats[to]?.own?.drawn : undefined;
      return isSeat(to) && isTile(tile) && (arg === 0 || arg === 1) ? { to, type: 'drew', seat: to, tile, rinshan: arg === 1 } : null;
    }
    case SEEN_DREW:
      return isSeat(state.turn) && (arg === 0 || arg === 1) ? { to, type: 'drew', seat: state.turn, rinshan: arg === 1 } : null;
    case SEEN_DISCARDED: {
      const last = isSeat(arg) ? lastOf(state.seats[arg]?.discards) : undefined;
      const d = typeof last === 'number' ? unpackDiscard(last) : null;
      return isSeat(arg) && d && isTile(d.tile) ? { to, type: 'discarded', seat: arg, tile: d.tile, tsumogiri: d.tsumogiri, riichi: d.riichi } : null;
    }
    case SEEN_CLAIM_WINDOW:
      return isTile(state.claimTile) && isSeat(state.claimFrom) && (arg === 0 || arg === 1) ? { to, type: 'claimWindow', tile: state.claimTile, from: state.claimFrom, reason: arg === 1 ? 'chankan' : 'discard' } : null;
    case SEEN_CLAIM_OFFERED:
      return isSeat(to) && isTile(state.claimTile) ? { to, type: 'claimOffered', seat: to, tile: state.claimTile } : null;
    case SEEN_CALLED: {
      const m = isSeat(arg) ? lastOf(state.seats[arg]?.melds) : undefined;
      return isSeat(arg) && m ? { to, type: 'called', seat: arg, meld: meldOf(m) } : null;
    }
    default:
      return null;
  }
}

/**
 * A received `events` batch as events; anything that is not an event is left out. `state`: the
 * table state as the client holds it when the batch arrives (the SDK passes its room's), which
 * the events sent as numbers are read from.
 */
export function eventsFromWire(list: unknown, state?: EventState): RefereeEvent[] {
  if (!Array.isArray(list)) return [];
  const out: RefereeEvent[] = [];
  for (const w of list) {
    const e = fromWire(w, state);
    if (e) out.push(e);
  }
  return out;
}
