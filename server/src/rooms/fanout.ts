import { getMessageBytes, Protocol, type Client } from '@colyseus/core';
import { EVENTS, eventsToWire } from '@jantaku/shared/protocol/events';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { seatingOf } from './protocol';

/**
 * Sends each client the `events` it may see: a seat those to all and to itself, a spectator those
 * to all; commentators none (their feed is commentary.ts's). Encoded once for everyone who sees
 * only the public events; a seat with private ones gets its own frame.
 */
export function sendEvents(clients: readonly Client[], events: readonly RefereeEvent[]): void {
  const pub = events.filter((e) => e.to === 'all');
  let pubBytes: Buffer | null = null;
  // The frequent events as short tuples (shared/protocol/events.ts): most of a turn's bytes.
  const encode = (list: RefereeEvent[]): Buffer => getMessageBytes.raw(Protocol.ROOM_DATA, EVENTS, eventsToWire(list));
  for (const client of clients) {
    const seating = seatingOf(client);
    if (!seating || 'commentator' in seating) continue;
    const mine = 'seat' in seating ? events.filter((e) => e.to === 'all' || e.to === seating.seat) : pub;
    if (mine.length === 0) continue;
    if (mine.length === pub.length) client.enqueueRaw((pubBytes ??= encode(pub)));
    else client.enqueueRaw(encode(mine));
  }
}
