import { ServerError, type Client } from '@colyseus/core';
import type { CommentaryFeed } from './commentary';
import { isInviteCode, originOf, type ClientAuth, type Origin } from './admission';
import { isPlainObject, playerName, type TableSettings } from './options';
import { isCommentator, type JoinOptions, type SeatGrant, type Seating } from './protocol';
import type { TableSeats } from './seats';

/** The address a client's seat reservation came from (admission.ts); undefined for the server's own clients. */
export const addressOf = (client: Client | undefined): string | undefined => (client?.auth as ClientAuth | undefined)?.address;

/** What a join is checked against: the table's settings, seats, clients, commentators' feed, and its creator's request. */
export interface JoinHost {
  readonly settings: TableSettings;
  readonly seats: TableSeats;
  readonly clients: readonly Client[];
  readonly feed: CommentaryFeed | null;
  readonly origin: Origin | null;
}

/**
 * Who `client` joins as (set as its `userData`), or a ServerError: a commentator (with the
 * released backlog of the current hand), a spectator, or a seat (its claim taken and recorded, its
 * `seat` grant sent). A private table's creator gets its invite code. The room then logs the join
 * and, for a seat, hands it over (TableRoom.onJoin).
 */
export function admit(host: JoinHost, client: Client, options: JoinOptions | undefined): Seating {
  const { settings, seats, clients } = host;
  const o: Record<string, unknown> = isPlainObject(options) ? options : {};
  const origin = originOf(o);
  // The creator's own create call; a server-side create (no origin) falls back on its options.
  const creating = origin ? origin.request === host.origin?.request : clients.length <= 1 && ('ruleset' in o || 'bots' in o || 'seed' in o || 'overrides' in o);
  // A private table: its code, but for its creator and for a player taking its seat back (the token is the proof).
  const code = settings.inviteCode;
  // A logged-in player's own seat here (bound to its account when taken): its session is the proof.
  const account = (client.auth as ClientAuth | undefined)?.account;
  // At a service table, also the seat reserved for its account (service.ts).
  const reserved = settings.service?.seats;
  const mine = account ? seats.seatOfAccount(account.id, reserved) : undefined;
  if (code !== null && !creating && o.token === undefined && mine === undefined && !isInviteCode(code, o.code))
    throw new ServerError(403, 'INVITE_REQUIRED: this table is private: join or watch it with its invite code');
  const address = addressOf(client);
  if (o.commentator === true) {
    if (settings.commentatorDelayMs === null) throw new ServerError(403, 'this table has no commentator view');
    // Nobody at the table sees its hands: not a player, nor anyone from a player's address.
    if (address !== undefined && seats.takenFrom(address))
      throw new ServerError(403, 'OWN_TABLE: a player of this table (or anyone from its address) cannot open its commentator view');
    client.userData = { commentator: true } satisfies Seating;
    if (creating && code !== null) client.send('invite', { code });
    const due = host.feed?.backlog() ?? [];
    if (due.length > 0) client.send('commentary', due);
    return client.userData as Seating;
  }
  if (o.spectator === true) {
    client.userData = { spectator: true } satisfies Seating;
    // The creator of a private table who watches it: its code, to pass on (players get it with their seat).
    if (creating && code !== null) client.send('invite', { code });
    return client.userData as Seating;
  }
  if (address !== undefined && clients.some((c) => isCommentator(c) && addressOf(c) === address))
    throw new ServerError(403, 'COMMENTATING: this address has the commentator view of this table open: leave it to take a seat');
  // In a create call `name` is the table's title and `playerName` the creator's name.
  const rawName = o.playerName ?? (creating ? undefined : o.name);
  // Cleaned (controls, bidi and invisible characters out), or the join refused with BAD_NAME.
  const name = rawName === undefined || rawName === '' ? '' : playerName(rawName);
  const seat = seats.choose(client, o, mine, settings.bots, reserved);
  client.userData = { seat } satisfies Seating;
  // Also in the seat's private state (`own.token`), which a client has as soon as it joins.
  const token = seats.claim(seat, o.token, name, account, address);
  const grant: SeatGrant = { seat, token, ...(code !== null ? { invite: code } : {}) };
  client.send('seat', grant);
  return { seat };
}
