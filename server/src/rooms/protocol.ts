import type { Client } from '@colyseus/core';
import type { MessageContext } from '@colyseus/shared-types';
import type { Seat } from '@jantaku/shared/game/types';
import { replyToWire, type ActionError, type ActionReply } from '@jantaku/shared/api/table';
import { isPlainObject } from './options';

/** Options to join: a seat (a chosen one or the first free, or one's own back with its token), or a place to watch. */
export interface JoinOptions {
  seat?: number;
  /** The seat token the server sent in its `seat` message: takes the seat back (after a drop or a restart). */
  token?: string;
  /** The player's name (`playerName` in a create call, where `name` is the table's). */
  name?: string;
  playerName?: string;
  spectator?: boolean;
  /** Every hand, `commentatorDelayMs` late and once it has ended (tables that allow it; not from a player's address). */
  commentator?: boolean;
  /** A private table's invite code: needed to sit (but to take one's seat back with its token) or to watch. */
  code?: string;
}

export type { ActionError, ActionReply } from '@jantaku/shared/api/table';

/** The `seat` message: the seat a client now plays and the token that takes it back. */
export interface SeatGrant {
  seat: Seat;
  token: string;
  /** At a private table: its invite code, to pass on to whoever should join. */
  invite?: string;
}

/** What a connection is at the table (its `userData`). */
export type Seating = { seat: Seat } | { spectator: true } | { commentator: true };

/** Largest accepted action message (bytes of its JSON). Larger websocket frames (over 4 KiB) close the connection. */
export const MAX_ACTION_BYTES = 512;

/** What a client is told when the store cannot record (a create or join answered 503 with it). */
export const UNAVAILABLE = 'UNAVAILABLE: the server cannot record games now (its disk is full or read-only): try again later';

export const seatingOf = (client: Client): Seating | undefined => client.userData as Seating | undefined;

/** The seat `client` plays, or null (a spectator, a commentator). */
export function seatOf(client: Client): Seat | null {
  const s = seatingOf(client);
  return s && 'seat' in s ? s.seat : null;
}

export const isCommentator = (client: Client): boolean => 'commentator' in (seatingOf(client) ?? {});

/**
 * The checks of an `action` message before the game sees it (in this order, each with its code):
 * who may act, its shape and size, the seat it names. Returns the seat and the command, or the error.
 */
export function checkAction(seating: Seating | undefined, message: unknown): { seat: Seat; command: Record<string, unknown> } | ActionError {
  if (!seating || !('seat' in seating)) return { code: 'SPECTATOR', reason: 'spectators cannot act' };
  if (!isPlainObject(message)) return { code: 'BAD_COMMAND', reason: 'an action is an object with a "type"' };
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(message));
  } catch {
    return { code: 'BAD_COMMAND', reason: 'the action is not plain data' };
  }
  if (size > MAX_ACTION_BYTES) return { code: 'TOO_LARGE', reason: `an action is at most ${MAX_ACTION_BYTES} bytes` };
  const { seat: claimedSeat, ...command } = message;
  if (claimedSeat !== undefined && claimedSeat !== seating.seat) return { code: 'NOT_YOUR_SEAT', reason: `this client plays seat ${seating.seat}` };
  return { seat: seating.seat, command };
}

/** Answers an `action`: a request gets its reply (an error as a rejection); a plain `send` has no reply channel, so the answer goes back as an `actionResult` message. */
export function answer(client: Client, ctx: MessageContext, reply: ActionReply | ActionError): unknown {
  const out = 'code' in reply ? reply : replyToWire(reply);
  if (ctx.id === undefined) {
    client.send('actionResult', out);
    return undefined;
  }
  if ('code' in reply) return ctx.reject(reply);
  return out;
}
