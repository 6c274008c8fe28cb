import type { Audience, Seat } from '../game/types';
import type { TileId } from '../tiles/index';
import type { RefereeEvent } from '../referee/referee';

/**
 * The `events` message on the wire (docs/PROTOCOL.md §7.1, issue 18 item 3). The four events
 * that come with nearly every action — `drew`, `discarded`, `claimWindow`, `claimOffered` — travel
 * as short tuples; every other event as its object. Audience `to`: -1 is "all", else the seat.
 *
 *   [0, to, seat, rinshan, tile?]   drew (rinshan 0/1; `tile` only in the drawing seat's copy)
 *   [1, to, seat, tile, flags]      discarded (flags: 1 tsumogiri, 2 riichi)
 *   [2, to, tile, from, reason]     claimWindow (reason: 0 discard, 1 chankan)
 *   [3, to, seat, tile]             claimOffered
 *
 * An event with any field beyond those travels as its object, so decoding always gives back
 * exactly the event that was sent.
 */
export type WireEvent = RefereeEvent | number[];

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

const audience = (to: Audience): number => (to === 'all' ? -1 : to);
const keys = (e: object): number => Object.keys(e).length;

/** The wire form of one event. */
export function toWire(e: RefereeEvent): WireEvent {
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

/** The wire form of a batch. */
export const eventsToWire = (list: readonly RefereeEvent[]): WireEvent[] => list.map(toWire);

const isSeat = (n: unknown): n is Seat => n === 0 || n === 1 || n === 2 || n === 3;
const isTile = (n: unknown): n is TileId => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 136;
const toOf = (n: unknown): Audience | null => (n === -1 ? 'all' : isSeat(n) ? n : null);

/** One event back from its wire form; null for a tuple that is not one of the four above. */
export function fromWire(w: unknown): RefereeEvent | null {
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

/** A received `events` batch as events; anything that is not an event is left out. */
export function eventsFromWire(list: unknown): RefereeEvent[] {
  if (!Array.isArray(list)) return [];
  const out: RefereeEvent[] = [];
  for (const w of list) {
    const e = fromWire(w);
    if (e) out.push(e);
  }
  return out;
}
