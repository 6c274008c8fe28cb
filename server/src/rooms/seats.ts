import { createHash, randomBytes } from 'node:crypto';
import { ServerError, type Client } from '@colyseus/core';
import type { Seat } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { cleanText } from '@jantaku/shared/text';
import type { Capacity } from '../capacity';
import { events as log } from '../log';
import { StoreUnavailableError, type GameStore } from '../store/index';
import type { ClientAuth } from './admission';
import { isSeat } from './options';
import { SEATS } from './projection';
import { UNAVAILABLE } from './protocol';

/** Who sits at a seat now. */
export type Presence = 'empty' | 'player' | 'away' | 'absent' | 'bot';

/** The close code of a connection whose account took its seat from another device (the SDK does not rejoin). */
export const SEAT_TAKEN_OVER = 4101; // not 4001: that is Colyseus's SERVER_SHUTDOWN, after which the SDK must rejoin
/** The close code of a connection whose seat the table's service gave to another account (the SDK does not rejoin). */
export const SEAT_REASSIGNED = 4102;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What the seats need of their table. */
export interface SeatsHost {
  readonly roomId: string;
  readonly state: TableState;
  readonly store: GameStore | null;
  readonly capacity: Capacity | null;
}

/**
 * A table's seats: who claimed each (token hash, name, account, address), which session holds it,
 * its presence, the windows of a recovered table's seats waiting for their players, and a service
 * table's no-shows. `changed` runs after every presence change (the room updates its listing and
 * sends the patch); `absent` after a seat is left to be played out (the room plans its next step).
 */
export class TableSeats {
  private readonly sitting: Presence[] = ['empty', 'empty', 'empty', 'empty'];
  /** The session holding each seat (connected, or inside its reconnection window). */
  private readonly holder = new Map<Seat, Client>();
  /** Token hash and name of each seat a player has taken, and the address it was taken (or last taken back) from. */
  private readonly claims = new Map<Seat, { tokenHash: string; name: string; address?: string; account?: string }>();
  /** A recovered table's seats waiting for their players, until the window closes. */
  private readonly awayTimers = new Map<Seat, ReturnType<typeof setTimeout>>();
  /** A service table's seats whose player did not come in time: played as absent, and the game goes on without them. */
  private readonly noShows = new Set<Seat>();

  constructor(
    private readonly host: SeatsHost,
    private readonly changed: () => void,
    private readonly absent: () => void,
  ) {}

  presence(seat: Seat): Presence {
    return this.sitting[seat];
  }

  /** The seats whose players are at the table now. */
  players(): Seat[] {
    return SEATS.filter((s) => this.sitting[s] === 'player');
  }

  /** How many seats nobody sits at. */
  free(): number {
    return SEATS.filter((s) => this.sitting[s] === 'empty').length;
  }

  /** Each seat's presence and its player's name, for the listing. */
  listing(): { presence: Presence; name: string }[] {
    return SEATS.map((s) => ({ presence: this.sitting[s], name: this.claims.get(s)?.name ?? '' }));
  }

  hasClaims(): boolean {
    return this.claims.size > 0;
  }

  nameOf(seat: Seat): string | undefined {
    return this.claims.get(seat)?.name;
  }

  /** A seat of this table was taken from `address`. */
  takenFrom(address: string): boolean {
    return SEATS.some((s) => this.claims.get(s)?.address === address);
  }

  /** The seat bound to `account` here: claimed under it, or reserved for it at a service table. */
  seatOfAccount(account: string, reserved: readonly (string | null)[] | undefined): Seat | undefined {
    return SEATS.find((s) => this.claims.get(s)?.account === account || reserved?.[s] === account);
  }

  /**
   * Play waits for this seat: not a bot's nor a no-show's, and without its player (at a
   * recovered table, whose game had begun: without its claim; its player may be away).
   */
  awaited(seat: Seat, bots: ReadonlySet<Seat>, recovered: boolean): boolean {
    return !bots.has(seat) && !this.noShows.has(seat) && (recovered ? !this.claims.has(seat) : this.sitting[seat] !== 'player');
  }

  markBot(seat: Seat): void {
    this.sitting[seat] = 'bot';
    this.host.state.seats[seat].bot = true;
    this.host.state.seats[seat].presence = 'bot';
  }

  /** A recovered table's claims (as stored): each seat waits `reconnectSeconds` for its player, as after a drop. */
  restore(claims: ReturnType<GameStore['seatClaims']>, reconnectSeconds: number): void {
    const { roomId, state } = this.host;
    for (const c of claims) {
      const seat = c.seat as Seat;
      const name = cleanText(c.name); // a name stored before names were cleaned
      this.claims.set(seat, { tokenHash: c.tokenHash, name, ...(c.account !== undefined ? { account: c.account } : {}) });
      this.host.capacity?.takeSeat(roomId, true);
      state.seats[seat].name = name;
      // Taken before the restart: the seat waits for its player as after a drop.
      this.sitting[seat] = 'away';
      state.seats[seat].presence = 'away';
      this.awayTimers.set(seat, setTimeout(() => this.windowClosed(seat), reconnectSeconds * 1000));
    }
  }

  /** A recovered service table's seats nobody had taken: still their accounts', played as absent meanwhile. */
  restoreNoShows(bots: ReadonlySet<Seat>): void {
    for (const s of SEATS)
      if (!bots.has(s) && !this.claims.has(s)) {
        this.noShows.add(s);
        this.sitting[s] = 'absent';
        this.host.state.seats[s].presence = 'absent';
      }
  }

  /** A service table's time to come is over: the seats without their player are played as absent (their accounts may still take them). */
  markNoShows(bots: ReadonlySet<Seat>): void {
    for (const s of SEATS) {
      if (bots.has(s) || this.sitting[s] === 'player') continue;
      this.noShows.add(s);
      this.set(s, 'absent');
    }
  }

  /**
   * The seat a join takes: its own back with its token, its account's, the one asked for, or the
   * first free; else a ServerError. A former connection of the same player at it is closed.
   */
  choose(client: Client, o: Record<string, unknown>, mine: Seat | undefined, bots: ReadonlySet<Seat>, reserved: readonly (string | null)[] | undefined): Seat {
    let seat: Seat | undefined;
    if (o.token !== undefined) {
      if (!isSeat(o.seat) || typeof o.token !== 'string') throw new ServerError(400, 'a token is given with its seat (0..3)');
      const claim = this.claims.get(o.seat);
      if (!claim || claim.tokenHash !== sha256(o.token)) throw new ServerError(403, `not the token of seat ${o.seat}`);
      seat = o.seat;
      const old = this.holder.get(seat);
      if (old && old !== client) old.leave(4000); // a stale connection of the same player
    } else if (mine !== undefined && (o.seat === undefined || o.seat === mine)) {
      seat = mine;
      const old = this.holder.get(seat);
      if (old && old !== client) old.leave(SEAT_TAKEN_OVER, 'SEAT_TAKEN_OVER: this account took its seat from another device'); // not to come back by itself
    } else if (o.seat !== undefined) {
      if (!isSeat(o.seat)) throw new ServerError(400, 'seat must be 0..3');
      if (bots.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is played by a bot`);
      if (reserved?.[o.seat]) throw new ServerError(403, `SEAT_RESERVED: seat ${o.seat} belongs to another account`);
      if (this.claims.has(o.seat)) throw new ServerError(409, `seat ${o.seat} is taken (its player rejoins with the seat token)`);
      seat = o.seat;
    } else seat = SEATS.find((s) => !bots.has(s) && !this.claims.has(s) && !reserved?.[s]);
    if (seat === undefined && reserved?.some((a) => a !== null))
      throw new ServerError(403, 'SEAT_RESERVED: the seats of this table belong to its players: join as a spectator');
    if (seat === undefined) throw new ServerError(409, 'no free seat: join as a spectator');
    return seat;
  }

  /**
   * `seat` is now claimed by a join from `address`: a new claim is recorded first (a seat the disk
   * could not record is not taken: 503) and gets a fresh token in the seat's private state; a seat
   * taken back keeps its claim, with this address. Returns the seat's token.
   */
  claim(seat: Seat, token: unknown, name: string, account: ClientAuth['account'], address: string | undefined): string {
    const { roomId, state, store, capacity } = this.host;
    if (!this.claims.has(seat)) {
      const fresh = randomBytes(24).toString('base64url');
      // A logged-in player sits under its account's name.
      const claim = { tokenHash: sha256(fresh), name: account && !account.guest ? account.name : name, ...(account ? { account: account.id } : {}) };
      // A new seat needs room on this server (SERVER_FULL closes the connection with the reason).
      capacity?.takeSeat(roomId);
      // Recorded first: a seat the disk could not record is not taken.
      try {
        store?.claimSeat(roomId, { seat, ...claim });
      } catch (e) {
        capacity?.releaseSeat(roomId);
        if (e instanceof StoreUnavailableError) throw new ServerError(503, UNAVAILABLE);
        throw e;
      }
      this.claims.set(seat, { ...claim, address });
      state.seats[seat].name = claim.name;
      state.seats[seat].own.token = fresh;
    } else {
      if (typeof token === 'string') state.seats[seat].own.token = token;
      this.claims.get(seat)!.address = address;
    }
    return state.seats[seat].own.token;
  }

  /**
   * `client` now holds `seat`: it sees the seat's private part (before the patch that says so),
   * and the seat is no longer played for it. True if it is a new connection at the seat.
   */
  seated(seat: Seat, client: Client): boolean {
    const fresh = this.holder.get(seat) !== client;
    this.holder.set(seat, client);
    const t = this.awayTimers.get(seat);
    if (t) clearTimeout(t);
    this.awayTimers.delete(seat);
    client.view!.add(this.host.state.seats[seat]);
    this.set(seat, 'player');
    return fresh;
  }

  /** `client` holds `seat` (connected, or inside its reconnection window). */
  holds(seat: Seat, client: Client): boolean {
    return this.holder.get(seat) === client;
  }

  /** The seat's holder dropped: it is away while its window runs. */
  dropped(seat: Seat): void {
    this.set(seat, 'away');
  }

  /** `client` is the reconnected session of the seat's holder (a new Client with the same session id); false if it is not. */
  reconnected(seat: Seat, client: Client): boolean {
    if (this.holder.get(seat)?.sessionId !== client.sessionId) return false;
    this.holder.set(seat, client);
    this.set(seat, 'player');
    return true;
  }

  /** `client` left `seat` for good; false if it did not hold it. */
  left(seat: Seat, client: Client): boolean {
    if (this.holder.get(seat) !== client) return false;
    this.holder.delete(seat);
    return true;
  }

  /**
   * A seat whose player left before the game began is free again (its claim and token are
   * forgotten): nobody can take every seat of a table and leave, to start it with absent seats.
   */
  release(seat: Seat): void {
    const { roomId, state, store, capacity } = this.host;
    try {
      store?.releaseSeat(roomId, seat);
    } catch (e) {
      log.storeFailed(roomId, e); // the stored claim stays; the seat is free in this process all the same
    }
    if (this.claims.delete(seat)) capacity?.releaseSeat(roomId);
    const s = state.seats[seat];
    s.name = '';
    s.own.token = '';
    this.set(seat, 'empty');
  }

  /**
   * A service gave `seat` to another account (rooms/service.ts): its claim is forgotten and it is
   * played as absent until the new account takes it. Returns the former holder, for the room to close.
   */
  reassign(seat: Seat): Client | undefined {
    const old = this.holder.get(seat);
    this.holder.delete(seat);
    const t = this.awayTimers.get(seat);
    if (t) clearTimeout(t);
    this.awayTimers.delete(seat);
    if (this.claims.has(seat)) this.release(seat);
    this.noShows.add(seat);
    this.set(seat, 'absent');
    return old;
  }

  /** The seat's player is gone for good (it may still come back with its token): the seat is played out. */
  windowClosed(seat: Seat): void {
    this.awayTimers.delete(seat);
    if (this.holder.has(seat)) return;
    this.set(seat, 'absent');
    this.absent();
  }

  stop(): void {
    for (const t of this.awayTimers.values()) clearTimeout(t);
    this.awayTimers.clear();
  }

  private set(seat: Seat, p: Presence): void {
    this.sitting[seat] = p;
    const s = this.host.state.seats[seat];
    s.presence = p;
    s.connected = p === 'player';
    this.changed();
  }
}
