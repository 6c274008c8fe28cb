import { ServerError } from '@colyseus/core';
import { SERVICE_KEY } from './admission';
import { isPlainObject } from './options';

export { SERVICE_KEY };

/**
 * Tables the services around the tables create (the ranked queue, tournaments): their seats
 * belong to accounts. Only the server's own `matchMaker.createRoom` can ask for one, under a key
 * (SERVICE_KEY) that the room's onAuth strips from every client request (admission.ts).
 */
export interface ServiceTable {
  /** What the table is part of: a queue kind (`ranked`, `quick`) or a tournament's table (`ref`: `${tournament}/${round}/${table}`). */
  event: { kind: 'ranked' | 'quick' | 'tournament'; ref: string };
  /** The account id that owns each seat; null: an open seat (a bot's, or anyone's). */
  seats: (string | null)[];
  /** A reserved seat not taken this many seconds after creation is played as absent, and the game starts. */
  joinSeconds: number;
  /** The service asked for the game to end once the hand in play has (`endAfterHand`; kept through restarts). */
  endAfterHand?: boolean;
}

const KINDS = new Set(['ranked', 'quick', 'tournament']);

/** The service request in a table's create options, removed from them and checked; null when there is none. */
export function takeService(options: Record<string, unknown>): ServiceTable | null {
  const raw = options[SERVICE_KEY];
  delete options[SERVICE_KEY];
  if (raw === undefined) return null;
  const bad = (reason: string): never => {
    throw new ServerError(400, `invalid service table: ${reason}`);
  };
  if (!isPlainObject(raw) || !isPlainObject(raw.event)) return bad('an object with event, seats and joinSeconds');
  const { kind, ref } = raw.event;
  if (typeof kind !== 'string' || !KINDS.has(kind)) bad('event.kind must be ranked, quick or tournament');
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 200) bad('event.ref must be a string of 1..200 characters');
  const seats = raw.seats;
  if (!Array.isArray(seats) || seats.length !== 4 || !seats.every((s) => s === null || (typeof s === 'string' && s.length > 0))) bad('seats must be four account ids or nulls');
  const ids = (seats as (string | null)[]).filter((s) => s !== null);
  if (new Set(ids).size !== ids.length) bad('an account holds one seat');
  const joinSeconds = raw.joinSeconds;
  if (typeof joinSeconds !== 'number' || !Number.isInteger(joinSeconds) || joinSeconds < 1 || joinSeconds > 3600) bad('joinSeconds must be an integer 1..3600');
  return { event: { kind: kind as ServiceTable['event']['kind'], ref: ref as string }, seats: seats as (string | null)[], joinSeconds: joinSeconds as number };
}

/**
 * What a service asks a running table of its own (TableRoom.serviceCall), through
 * `matchMaker.remoteRoomCall`, so that it works whichever process holds the table. The table
 * never calls a service; a service may call its tables.
 * - `endAfterHand`: the hand in play is finished normally, then the game ends with the scores
 *   as they stand (a tournament's time limit, docs/TOURNAMENTS.md).
 * - `reseat`: between hands, the reserved seats get these accounts from the next hand on (a
 *   wrong player sent, or two seats swapped); a seat's score goes on, its former holder's
 *   connection is released (SEAT_REASSIGNED) and the new account takes the seat with its session.
 */
export type ServiceRequest = { type: 'endAfterHand' } | { type: 'reseat'; seats: { seat: number; account: string | null }[] };

/** The answer: `hand` is the number of hands dealt so far (the next hand is `hand + 1`). */
export type ServiceReply = { ok: true; hand: number; ended: boolean } | { ok: false; code: string; reason: string };

/** What of the table a request is checked against and carried out on. */
export interface ServiceHost {
  service: ServiceTable | null;
  started: boolean;
  phase: string;
  hands: number;
  /** Records the service's new state of the table (in the game store, so a restarted table has it). */
  save(service: ServiceTable): void;
  /** Gives `seat` to `account` (the room releases the former holder). */
  reseat(seat: number, account: string | null): void;
}

const refused = (code: string, reason: string): ServiceReply => ({ ok: false, code, reason });

/** Checks a service's request against the table and carries it out; a refusal changes nothing. */
export function answerService(raw: unknown, host: ServiceHost): ServiceReply {
  if (!host.service) return refused('NOT_SERVICE_TABLE', 'this table belongs to no service');
  if (!isPlainObject(raw) || typeof raw.type !== 'string') return refused('BAD_REQUEST', 'a request is an object with a type');
  if (host.phase === 'gameOver') return refused('GAME_OVER', 'the game is over');
  if (raw.type === 'endAfterHand') {
    host.save({ ...host.service, endAfterHand: true });
    return { ok: true, hand: host.hands, ended: host.phase === 'handEnded' };
  }
  if (raw.type === 'reseat') {
    const changes = raw.seats;
    const ok = (c: unknown): c is { seat: number; account: string | null } =>
      isPlainObject(c) && Number.isInteger(c.seat) && (c.seat as number) >= 0 && (c.seat as number) <= 3 && (c.account === null || (typeof c.account === 'string' && c.account.length > 0 && c.account.length <= 200));
    if (!Array.isArray(changes) || changes.length < 1 || changes.length > 4 || !changes.every(ok)) return refused('BAD_REQUEST', 'seats: one to four { seat: 0..3, account }');
    const seats = [...host.service.seats];
    for (const c of changes) seats[c.seat] = c.account;
    const ids = seats.filter((s) => s !== null);
    if (new Set(changes.map((c) => c.seat)).size !== changes.length || new Set(ids).size !== ids.length) return refused('BAD_REQUEST', 'an account holds one seat, a seat one account');
    if (!host.started || host.phase !== 'handEnded') return refused('NOT_BETWEEN_HANDS', 'seats are corrected between hands: ask again when this hand has ended');
    seats.forEach((a, s) => {
      if (a !== host.service!.seats[s]) host.reseat(s, a);
    });
    return { ok: true, hand: host.hands, ended: false };
  }
  return refused('BAD_REQUEST', `no request "${raw.type}"`);
}
