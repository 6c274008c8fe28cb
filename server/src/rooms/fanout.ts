import { ClientState, getMessageBytes, Protocol, type Client } from '@colyseus/core';
import { EVENTS, eventsToWire, type EventState } from '@jantaku/shared/protocol/events';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { seatingOf } from './protocol';

/** An events frame: the frequent events as short tuples (shared/protocol/events.ts), most of a turn's bytes; those `state` shows as numbers. */
function encode(list: readonly RefereeEvent[], state: EventState | undefined): Buffer {
  return getMessageBytes.raw(Protocol.ROOM_DATA, EVENTS, eventsToWire(list, state));
}

/**
 * Sends each client the `events` it may see: a seat those to all and to itself, a spectator those
 * to all; commentators none (their feed is commentary.ts's). Encoded once for everyone who sees
 * only the public events; a seat with private ones gets its own frame. `state`: the table state
 * whose patch has just gone to these clients; events it shows go as a number
 * (shared/protocol/events.ts). Without it every event goes whole.
 */
export function sendEvents(clients: readonly Client[], events: readonly RefereeEvent[], state?: EventState): void {
  const pub = events.filter((e) => e.to === 'all');
  // Most turns have no private event: every client then gets the public batch.
  const allPublic = pub.length === events.length;
  // Per form: [with the numbers the state allows, whole]; the public batch encoded once each.
  const pubBytes: (Buffer | null)[] = [null, null];
  for (const client of clients) {
    const seating = seatingOf(client);
    if (!seating || 'commentator' in seating) continue;
    const mine = !allPublic && 'seat' in seating ? events.filter((e) => e.to === 'all' || e.to === seating.seat) : pub;
    if (mine.length === 0) continue;
    // A client still joining gets these after a full state taken later: the events go whole.
    const short = state !== undefined && client.state === ClientState.JOINED;
    if (mine.length === pub.length) client.enqueueRaw((pubBytes[short ? 0 : 1] ??= encode(pub, short ? state : undefined)));
    else client.enqueueRaw(encode(mine, short ? state : undefined));
  }
}
