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
