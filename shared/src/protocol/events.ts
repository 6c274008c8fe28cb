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
 * Tuples 0–3 travel as they are. The forms read from the state, 4–13 below, travel as the
 * number `k × 20 + (to + 1) × 4 + arg`, where k is the form's place in `BY_STATE` (the frequent
 * first, so most take one byte) and arg its last item (0 when it has none):
 *
 *   [0, to, seat, rinshan, tile?]   drew (rinshan 0/1; `tile` only in the drawing seat's copy)
 *   [1, to, seat, tile, flags]      discarded (flags: 1 tsumogiri, 2 riichi)
 *   [2, to, tile, from, reason]     claimWindow (reason: 0 discard, 1 chankan)
 *   [3, to, seat, tile]             claimOffered
 *   [4, to]                         handStarted (round, honba, sticks, dealer, scores, dora: the state's)
 *   [5, to, seat]                   riichiAccepted (scores and sticks: the state's)
 *   [6, to]                         handEnded (result: `lastResult`; scores; ura dora: the state's)
 *   [7, to]                         gameEnded (standings: the state's `standings`)
 *   [8, to, rinshan]                drew, the drawing seat's copy (seat: `to`; tile: its `own.drawn`)
 *   [9, to, rinshan]                drew (seat: the state's `turn`)
 *   [10, to, seat]                  discarded (tile and flags: the seat's last discard)
 *   [11, to, reason]                claimWindow (tile and from: `claimTile`, `claimFrom`)
 *   [12, to]                        claimOffered (seat: `to`; tile: `claimTile`)
 *   [13, to, seat]                  called (meld: the seat's last meld)
 *
 * Forms 8 to 13 stand for the first four and `called` as 4 to 7 for the rest: for what the same
 * batch's patch holds. All are used only where they give back the event exactly.
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
  uraIndicators: Iterable<number>;
  turn: number;
  claimTile: number;
  claimFrom: number;
  seats: ArrayLike<EventSeat> & Iterable<EventSeat>;
  /** JSON of the last hand's result (`""` during a hand). */
  lastResult: string;
  /** JSON of the final standings (`""` before the end). */
  standings: string;
}

/** A seat as the state holds it: what the short forms read (`own`: only in the seat's own client's state, and the server's). */
export interface EventSeat {
  score: number;
  /** Packed (schema/table.ts `packDiscard`). */
  discards: ArrayLike<number>;
  /** -1: none (the schema's way of saying absent). */
  melds: ArrayLike<{ type: string; tiles: Iterable<number>; calledTile: number; from: number; addedTile: number }>;
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
// Events whose fields the state holds already: only their type (and seat) travel.
const HAND_STARTED = 4;
const RIICHI_ACCEPTED = 5;
const HAND_ENDED = 6;
const GAME_ENDED = 7;
const DREW_OWN_FROM_STATE = 8;
const DREW_FROM_STATE = 9;
const DISCARDED_FROM_STATE = 10;
const CLAIM_WINDOW_FROM_STATE = 11;
const CLAIM_OFFERED_FROM_STATE = 12;
const CALLED_FROM_STATE = 13;
/** Each form read from the state, and how many items its tuple has. */
const FROM_STATE: Record<number, number> = { 4: 2, 5: 3, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2, 13: 3 };
/** The forms read from the state by how often they travel: the first six as one msgpack byte. */
const BY_STATE = [DREW_FROM_STATE, DISCARDED_FROM_STATE, CLAIM_WINDOW_FROM_STATE, DREW_OWN_FROM_STATE, CLAIM_OFFERED_FROM_STATE, CALLED_FROM_STATE, HAND_STARTED, RIICHI_ACCEPTED, HAND_ENDED, GAME_ENDED];

/** A form read from the state as its number. */
const numberOf = (form: number[]): number => BY_STATE.indexOf(form[0]) * 20 + (form[1] + 1) * 4 + (form[2] ?? 0);

/** A number back as its form ([type, to] or [type, to, arg]); null for one that is none. */
function formOf(n: number): number[] | null {
  if (!Number.isInteger(n) || n < 0 || n >= BY_STATE.length * 20) return null;
  const type = BY_STATE[Math.floor(n / 20)];
  const to = Math.floor((n % 20) / 4) - 1;
  const arg = n % 4;
  if (FROM_STATE[type] === 3) return [type, to, arg];
  return arg === 0 ? [type, to] : null;
}

const scoresOf = (state: EventState): number[] => Array.from(state.seats, (s) => s.score);
const sameNumbers = (a: readonly number[], b: Iterable<number>): boolean => {
  const bs = Array.from(b);
  return a.length === bs.length && a.every((x, i) => x === bs[i]);
};

/**
 * The short form of an event that says only what `state` holds, or null: `handStarted`,
 * `riichiAccepted`, `handEnded` and `gameEnded` repeat the round, the scores, the sticks, the
 * dora, the result and the standings the same batch's patch sets. Only when every field is what
 * the state holds (and the event has no other field), so decoding gives back the same event.
 */
function stateForm(e: RefereeEvent, state: EventState): number[] | null {
  const to = audience(e.to);
  switch (e.type) {
    case 'handStarted':
      return keys(e) === 8 && e.round === state.round && e.honba === state.honba && e.riichiSticks === state.riichiSticks && e.dealer === state.dealer && sameNumbers(e.scores, scoresOf(state)) && e.doraIndicator === Array.from(state.doraIndicators)[0]
        ? [HAND_STARTED, to]
        : null;
    case 'riichiAccepted':
      return keys(e) === 5 && e.riichiSticks === state.riichiSticks && sameNumbers(e.scores, scoresOf(state)) ? [RIICHI_ACCEPTED, to, e.seat] : null;
    case 'handEnded':
      return keys(e) === 5 && sameNumbers(e.scores, scoresOf(state)) && sameNumbers(e.uraIndicators, state.uraIndicators) && JSON.stringify(e.result) === state.lastResult ? [HAND_ENDED, to] : null;
    case 'gameEnded':
      return keys(e) === 3 && JSON.stringify(e.standings) === state.standings ? [GAME_ENDED, to] : null;
    case 'drew':
      if (e.tile === undefined) return keys(e) === 4 && e.seat === state.turn ? [DREW_FROM_STATE, to, e.rinshan ? 1 : 0] : null;
      return keys(e) === 5 && e.to === e.seat && e.tile === state.seats[e.seat]?.own?.drawn ? [DREW_OWN_FROM_STATE, to, e.rinshan ? 1 : 0] : null;
    case 'discarded': {
      const d = lastOf(state.seats[e.seat]?.discards);
      return keys(e) === 6 && d !== undefined && (d & ~CALLED) === packDiscard({ tile: e.tile, tsumogiri: e.tsumogiri, riichi: e.riichi, called: false }) ? [DISCARDED_FROM_STATE, to, e.seat] : null;
    }
    case 'claimWindow':
      return keys(e) === 5 && e.tile === state.claimTile && e.from === state.claimFrom ? [CLAIM_WINDOW_FROM_STATE, to, e.reason === 'chankan' ? 1 : 0] : null;
    case 'claimOffered':
      return keys(e) === 4 && e.to === e.seat && e.tile === state.claimTile ? [CLAIM_OFFERED_FROM_STATE, to] : null;
    case 'called': {
      const m = lastOf(state.seats[e.seat]?.melds);
      return keys(e) === 4 && m && sameMeld(e.meld, meldOf(m)) ? [CALLED_FROM_STATE, to, e.seat] : null;
    }
    default:
      return null;
  }
}

const lastOf = <T>(list: ArrayLike<T> | undefined): T | undefined => (list && list.length ? list[list.length - 1] : undefined);

/** A meld as the engine has it, from the state's (-1: absent). */
function meldOf(m: EventSeat['melds'][number]): Meld {
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
 * client with), an event that only repeats it travels as its type alone.
 */
export function toWire(e: RefereeEvent, state?: EventState): WireEvent {
  if (state) {
    const short = stateForm(e, state);
    if (short) return numberOf(short);
  }
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
 * One event back from its wire form; null for a tuple that is not one of the forms above. The
 * short forms of the events that repeat the state need `state` (as the client holds it when the
 * batch arrives): without it they are left out.
 */
export function fromWire(w: unknown, state?: EventState): RefereeEvent | null {
  if (typeof w === 'number') {
    const form = formOf(w);
    const to = form && toOf(form[1]);
    return form && to !== null && state ? fromState(form, to, state) : null;
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

/** A short form's event, its fields read from the state (the same key order as the engine's). */
function fromState(w: unknown[], to: RefereeEvent['to'], state: EventState): RefereeEvent | null {
  switch (w[0]) {
    case HAND_STARTED: {
      const dora = Array.from(state.doraIndicators)[0];
      if (!isSeat(state.dealer) || !isTile(dora)) return null;
      return { to, type: 'handStarted', round: state.round, honba: state.honba, riichiSticks: state.riichiSticks, dealer: state.dealer, scores: scoresOf(state), doraIndicator: dora };
    }
    case RIICHI_ACCEPTED:
      return isSeat(w[2]) ? { to, type: 'riichiAccepted', seat: w[2], scores: scoresOf(state), riichiSticks: state.riichiSticks } : null;
    case HAND_ENDED: {
      const result = parsed<Extract<RefereeEvent, { type: 'handEnded' }>['result']>(state.lastResult);
      return result ? { to, type: 'handEnded', result, scores: scoresOf(state), uraIndicators: Array.from(state.uraIndicators) } : null;
    }
    case GAME_ENDED: {
      const standings = parsed<Extract<RefereeEvent, { type: 'gameEnded' }>['standings']>(state.standings);
      return standings ? { to, type: 'gameEnded', standings } : null;
    }
    case DREW_OWN_FROM_STATE: {
      const tile = isSeat(to) ? state.seats[to]?.own?.drawn : undefined;
      return isSeat(to) && isTile(tile) && (w[2] === 0 || w[2] === 1) ? { to, type: 'drew', seat: to, tile, rinshan: w[2] === 1 } : null;
    }
    case DREW_FROM_STATE:
      return isSeat(state.turn) && (w[2] === 0 || w[2] === 1) ? { to, type: 'drew', seat: state.turn, rinshan: w[2] === 1 } : null;
    case DISCARDED_FROM_STATE: {
      const last = isSeat(w[2]) ? lastOf(state.seats[w[2]]?.discards) : undefined;
      const d = typeof last === 'number' ? unpackDiscard(last) : null;
      return isSeat(w[2]) && d && isTile(d.tile) ? { to, type: 'discarded', seat: w[2], tile: d.tile, tsumogiri: d.tsumogiri, riichi: d.riichi } : null;
    }
    case CLAIM_WINDOW_FROM_STATE:
      return isTile(state.claimTile) && isSeat(state.claimFrom) && (w[2] === 0 || w[2] === 1) ? { to, type: 'claimWindow', tile: state.claimTile, from: state.claimFrom, reason: w[2] === 1 ? 'chankan' : 'discard' } : null;
    case CLAIM_OFFERED_FROM_STATE:
      return isSeat(to) && isTile(state.claimTile) ? { to, type: 'claimOffered', seat: to, tile: state.claimTile } : null;
    case CALLED_FROM_STATE: {
      const m = isSeat(w[2]) ? lastOf(state.seats[w[2]]?.melds) : undefined;
      return isSeat(w[2]) && m ? { to, type: 'called', seat: w[2], meld: meldOf(m) } : null;
    }
    default:
      return null;
  }
}

/**
 * A received `events` batch as events; anything that is not an event is left out. `state`: the
 * table state as the client holds it when the batch arrives (the SDK passes its room's), which
 * the short forms of `handStarted`, `riichiAccepted`, `handEnded` and `gameEnded` are read from.
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
