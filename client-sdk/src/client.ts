import { Client, type Room } from '@colyseus/sdk';
import type { TableState } from '@jantaku/shared/schema/table';
import { JantakuError, toJantakuError } from './errors';
import { Table, type Role, type TableRoom } from './table';
import type { Account, ApiKeyInfo, ConnectOptions, CreateTableOptions, LeaderboardEntry, NextTable, PlayerProfile, QueueKind, QueueOptions, QueueStatus, ReconnectOptions, RejoinOptions, SeatOptions, TableListing, WatchOptions } from './types';

/** The Colyseus room name of a table, and of the lobby. */
export const TABLE_ROOM = 'table';
export const LOBBY_ROOM = 'lobby';

/** A Colyseus client that hands each new room to `onRoom` before it connects. */
class WiringClient extends Client {
  constructor(
    url: string,
    private readonly onRoom: (room: TableRoom) => void,
    headers: Record<string, string> = {},
    session: string | null = null,
  ) {
    super(url, { headers });
    // Sent as `Authorization: Bearer …` with each matchmaking request: the table's onAuth checks it.
    if (session) this.auth.token = session;
  }

  protected override createRoom<T>(roomName: string, rootSchema?: never): Room<any, T> {
    const room = super.createRoom<T>(roomName, rootSchema);
    this.onRoom(room as unknown as TableRoom);
    return room;
  }
}

const DEFAULT_RECONNECT: Required<ReconnectOptions> = { retries: 8, minDelayMs: 100, maxDelayMs: 5000 };

/** Keeps only the defined fields (the server refuses unknown and ill-typed options). */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An IRoomCache entry of the lobby, as a listing. */
function listingOf(room: { roomId: string; clients?: number; metadata?: Record<string, unknown> }): TableListing {
  return { ...(room.metadata ?? {}), id: room.roomId, clients: room.clients ?? 0 };
}

/**
 * A connection to a Jantaku server: lists tables, creates and joins them. Each table gets its own
 * websocket; the client itself holds no connection.
 */
export class JantakuClient {
  readonly url: string;
  private readonly reconnect: Required<ReconnectOptions> | false;
  private readonly requestTimeoutMs: number;
  private readonly headers: Record<string, string>;

  constructor(url: string, options: ConnectOptions = {}) {
    this.url = url.replace(/\/+$/, '');
    this.reconnect = options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...defined(options.reconnect ?? {}) };
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.headers = { ...options.headers };
    this.session = options.session ?? null;
    this.apiKey = options.apiKey ?? null;
  }

  private readonly apiKey: string | null;

  /** The session token tables are joined with (null: anonymous, as before any login). */
  session: string | null;

  /** Logs in (`POST /api/login`): later tables are joined as this account. */
  async login(name: string, password: string): Promise<Account> {
    return this.signIn('/api/login', { name, password });
  }

  /** Logs in as a bot account with its API key (`POST /api/sessions` `{ apiKey }`). */
  async loginWithKey(apiKey: string): Promise<Account> {
    return this.signIn('/api/sessions', { apiKey });
  }

  /** Makes a bot account owned by this (logged-in) account (`POST /api/bots`). */
  async createBot(name: string): Promise<Account> {
    return ((await this.api('POST', '/api/bots', { name })) as { account: Account }).account;
  }

  /** The bot accounts this account owns. */
  async bots(): Promise<Account[]> {
    return ((await this.api('GET', '/api/bots')) as { bots: Account[] }).bots;
  }

  /** A new API key for one of this account's bots: `key` is shown this once only. */
  async createKey(bot: string): Promise<ApiKeyInfo & { key: string }> {
    return (await this.api('POST', `/api/bots/${encodeURIComponent(bot)}/keys`, {})) as ApiKeyInfo & { key: string };
  }

  /** The keys of one of this account's bots (ids and prefixes, not the keys). */
  async keys(bot: string): Promise<ApiKeyInfo[]> {
    return ((await this.api('GET', `/api/bots/${encodeURIComponent(bot)}/keys`)) as { keys: ApiKeyInfo[] }).keys;
  }

  /** Revokes a key: it buys no session from now on. */
  async revokeKey(bot: string, id: string): Promise<void> {
    await this.api('DELETE', `/api/bots/${encodeURIComponent(bot)}/keys/${encodeURIComponent(id)}`);
  }

  /** Creates an account (`POST /api/register`); a guest session becomes that account, keeping its games. */
  async register(name: string, password: string): Promise<Account> {
    return this.signIn('/api/register', { name, password });
  }

  /** Plays at once as a guest (`POST /api/guests`). */
  async guest(): Promise<Account> {
    return this.signIn('/api/guests', {});
  }

  /** The account of the session (`GET /api/me`). */
  async me(): Promise<Account> {
    return ((await this.api('GET', '/api/me')) as { account: Account }).account;
  }

  /** This account's next table in a tournament (`GET /api/tournaments/:id/next`); null when it has none now. */
  async nextTable(tournament: string): Promise<NextTable | null> {
    return ((await this.api('GET', `/api/tournaments/${encodeURIComponent(tournament)}/next`)) as { next: NextTable | null }).next;
  }

  /** Ends the session on the server (every device's) and here. */
  async logout(): Promise<void> {
    await this.api('DELETE', '/api/sessions');
    this.session = null;
  }

  /**
   * A player's profile (`GET /api/players/:name`): ratings, statistics and a page of their games,
   * newest first. A private table's game is listed only when this client's session played it.
   */
  async player(name: string, options: { page?: number } = {}): Promise<PlayerProfile> {
    const q = options.page === undefined ? '' : `?page=${encodeURIComponent(options.page)}`;
    return (await this.api('GET', `/api/players/${encodeURIComponent(name)}${q}`)) as PlayerProfile;
  }

  /** The queues (`GET /api/queues`): ranked kinds, the bot ladder's, quick play. */
  async queues(): Promise<QueueKind[]> {
    return ((await this.api('GET', '/api/queues')) as { queues: QueueKind[] }).queues;
  }

  /** A ranked kind's ladder, best first (`GET /api/leaderboards/:kind`). */
  async leaderboard(kind: string, options: { limit?: number; offset?: number } = {}): Promise<LeaderboardEntry[]> {
    const q = new URLSearchParams(Object.entries(defined(options)).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return ((await this.api('GET', `/api/leaderboards/${encodeURIComponent(kind)}${q ? `?${q}` : ''}`)) as { players: LeaderboardEntry[] }).players;
  }

  /** The pending `queue()`'s poll, aborted by `leaveQueue`. */
  private queueWait: AbortController | null = null;

  /**
   * Queues for a table of `kind` (a bot account: that kind's bot ladder) and resolves to the
   * seated Table once four are matched. `leaveQueue()` or the signal cancels: it rejects with
   * QUEUE_LEFT, and the account is never seated after (if the match came first, the seat is the
   * account's, and it resolves to that table).
   */
  async queue(kind: string, options: QueueOptions = {}): Promise<Table> {
    if (this.apiKey && !this.session) await this.loginWithKey(this.apiKey);
    if (options.signal?.aborted) throw new JantakuError('QUEUE_LEFT', 'cancelled before queueing');
    this.queueWait?.abort();
    const wait = new AbortController();
    this.queueWait = wait;
    const onAbort = () => wait.abort();
    options.signal?.addEventListener('abort', onAbort);
    try {
      let status = (await this.api('POST', '/api/queue', { kind })) as QueueStatus;
      let failures = 0;
      for (;;) {
        options.onStatus?.(status);
        if (status.status === 'matched') return await this.join(status.table);
        if (wait.signal.aborted) break;
        try {
          status = (await this.api('GET', '/api/queue?wait=10', undefined, wait.signal)) as QueueStatus;
          failures = 0;
        } catch (e) {
          if (wait.signal.aborted) break;
          if (e instanceof JantakuError && e.code === 'NOT_QUEUED') throw new JantakuError('QUEUE_LEFT', 'left the queue');
          // A dropped connection: ask again, a few times (the place is kept while the server hears from us).
          if (!(e instanceof JantakuError) || e.status !== undefined || ++failures > 5) throw e;
          await new Promise((r) => setTimeout(r, 200 * failures));
        }
      }
      // Cancelled: make sure the place is given up (the join may have landed after a first leave).
      // If the match came first, the seat is this account's: take it rather than leave it empty.
      const table = await this.giveUpPlace();
      if (table) return await this.join(table);
      throw new JantakuError('QUEUE_LEFT', 'left the queue');
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      if (this.queueWait === wait) this.queueWait = null;
    }
  }

  /**
   * Leaves the queue at once. True if this account was waiting; false if it was in none, or if
   * its table is made already (then a pending `queue()` resolves to it).
   */
  async leaveQueue(): Promise<boolean> {
    const wait = this.queueWait;
    try {
      await this.api('DELETE', '/api/queue');
      wait?.abort();
      return true;
    } catch (e) {
      if (!(e instanceof JantakuError) || (e.code !== 'NOT_QUEUED' && e.code !== 'ALREADY_MATCHED')) throw e;
      if (e.code === 'NOT_QUEUED') wait?.abort();
      return false;
    }
  }

  /** Out of the queue for sure; the table's id if a match came first, else null. */
  private async giveUpPlace(): Promise<string | null> {
    try {
      await this.api('DELETE', '/api/queue');
      return null;
    } catch (e) {
      if (!(e instanceof JantakuError) || e.code !== 'ALREADY_MATCHED') return null;
      const s = (await this.api('GET', '/api/queue')) as QueueStatus;
      return s.status === 'matched' ? s.table : null;
    }
  }

  private async signIn(path: string, body: object): Promise<Account> {
    const r = (await this.api('POST', path, body)) as { token: string; account: Account };
    this.session = r.token;
    return r.account;
  }

  /** An HTTP call with the session; a refusal is a JantakuError with the server's `{ error, reason }`. */
  private async api(method: string, path: string, body?: object, signal?: AbortSignal): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.httpUrl}${path}`, {
        method,
        ...(signal ? { signal } : {}),
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(this.session ? { authorization: `Bearer ${this.session}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      throw toJantakuError(e);
    }
    const json = (await res.json().catch(() => ({}))) as { error?: string; reason?: string };
    if (!res.ok) throw new JantakuError(json.error ?? 'HTTP', json.reason ?? `HTTP ${res.status}`, { status: res.status });
    return json;
  }

  /** The server's HTTP base (ws → http, wss → https). */
  get httpUrl(): string {
    return this.url.replace(/^ws(s?):/, 'http$1:');
  }

  /** The open tables now (HTTP `GET /api/tables`; the lobby's list where that route is missing). */
  async tables(): Promise<TableListing[]> {
    let res: Response | undefined;
    try {
      res = await fetch(`${this.httpUrl}/api/tables`);
    } catch (e) {
      throw toJantakuError(e);
    }
    if (res.ok) {
      const body = (await res.json()) as { tables?: TableListing[] };
      return body.tables ?? [];
    }
    return new Promise((resolve, reject) => {
      let stop: (() => void) | undefined;
      let done = false;
      void this.watchLobby((list) => {
        if (done) return;
        done = true;
        resolve(list);
        stop?.();
      })
        .then((s) => {
          stop = s;
          if (done) s();
        })
        .catch(reject);
    });
  }

  /**
   * Follows the lobby: `onChange` gets the whole list of tables at once and after every change.
   * Returns a function that stops watching.
   */
  watchTables(onChange: (tables: TableListing[]) => void): () => void {
    let stop: (() => void) | null = null;
    let stopped = false;
    this.watchLobby(onChange).then(
      (s) => (stopped ? s() : (stop = s)),
      (e) => console.error('jantaku: cannot watch the lobby', toJantakuError(e)),
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  private async watchLobby(onChange: (tables: TableListing[]) => void): Promise<() => void> {
    const tables = new Map<string, TableListing>();
    const emit = () => onChange([...tables.values()]);
    const client = new Client(this.url);
    const lobby = await client.joinOrCreate(LOBBY_ROOM, { filter: { name: TABLE_ROOM } });
    lobby.onMessage('rooms', (rooms: { roomId: string; clients?: number; metadata?: Record<string, unknown> }[]) => {
      tables.clear();
      for (const r of rooms) tables.set(r.roomId, listingOf(r));
      emit();
    });
    lobby.onMessage('+', ([id, room]: [string, { roomId: string; clients?: number; metadata?: Record<string, unknown> }]) => {
      tables.set(id, listingOf({ ...room, roomId: id }));
      emit();
    });
    lobby.onMessage('-', (id: string) => {
      if (tables.delete(id)) emit();
    });
    return () => void lobby.leave(true).catch(() => {});
  }

  /** Creates a table and takes a place at it (a seat by default; `spectator: true` to watch). */
  async create(options: CreateTableOptions = {}): Promise<Table> {
    const table = await this.open(null, options.spectator === true ? 'spectator' : 'player', (c) => c.create<TableState>(TABLE_ROOM, defined(options)));
    // A private table: resolved with its invite code known (its message may follow the first state).
    if (options.private === true) await table.whenInvite(this.requestTimeoutMs);
    return table;
  }

  /** Sits at a table: the chosen seat, or the first free one. */
  async join(tableId: string, options: SeatOptions = {}): Promise<Table> {
    const table = await this.open(tableId, 'player', (c) => c.joinById<TableState>(tableId, defined(options)));
    table.invite ??= options.code ?? null;
    return table;
  }

  /** Watches a table: public state and events only (a private table: with its invite `code`). */
  async spectate(tableId: string, options: WatchOptions = {}): Promise<Table> {
    const table = await this.open(tableId, 'spectator', (c) => c.joinById<TableState>(tableId, defined({ spectator: true, code: options.code })));
    table.invite ??= options.code ?? null;
    return table;
  }

  /**
   * Commentates a table (where it has a commentator view): public state, and every event — each
   * seat's hand included — after the table's delay, as `event` and `commentary`.
   */
  async commentate(tableId: string, options: WatchOptions = {}): Promise<Table> {
    const table = await this.open(tableId, 'commentator', (c) => c.joinById<TableState>(tableId, defined({ commentator: true, code: options.code })));
    table.invite ??= options.code ?? null;
    return table;
  }

  /** Takes a seat back with its token (after a drop, a restart, or from another process). */
  async rejoin(tableId: string, options: RejoinOptions): Promise<Table> {
    const table = await this.open(tableId, 'player', (c) => c.joinById<TableState>(tableId, defined(options)));
    table.seat = options.seat;
    table.token ??= options.token;
    return table;
  }

  private async open(tableId: string | null, role: Role, how: (c: Client) => Promise<Room<any, TableState>>): Promise<Table> {
    // `connect(url, { apiKey })`: the key is traded for a session once, before the first table.
    if (this.apiKey && !this.session) await this.loginWithKey(this.apiKey);
    // The Table exists and is wired before the room connects, so the first messages (`seat`) reach it.
    const table = new Table(tableId, {
      role,
      reconnect: this.reconnect,
      requestTimeoutMs: this.requestTimeoutMs,
      rejoin: (t) => this.rejoinRoom(t),
    });
    const client = new WiringClient(this.url, (room) => table.attach(room), this.headers, this.session);
    try {
      await firstState(await how(client));
    } catch (e) {
      throw toJantakuError(e);
    }
    table.release();
    return table;
  }

  /** A new room for a table whose connection is lost: its seat with the token, or a spectator's place. */
  private async rejoinRoom(table: Table): Promise<TableRoom> {
    const client = new WiringClient(this.url, (room) => table.attach(room), this.headers, this.session);
    const options: Record<string, unknown> =
      table.role === 'player' ? defined({ seat: table.seat ?? undefined, token: table.token ?? undefined }) : defined({ [table.role]: true, code: table.invite ?? undefined });
    const room = await client.joinById<TableState>(table.id, options);
    await firstState(room);
    return room as TableRoom;
  }
}

/** Resolves once the room has decoded its first full state; rejects if it closes first. */
function firstState(room: Room<any, TableState>): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const check = () => {
      if (!done && room.state?.seats?.length) {
        done = true;
        resolve();
      }
    };
    room.onStateChange(check);
    room.onLeave((code, reason) => {
      if (!done) reject(new Error(`connection closed before the table's state arrived (${code}${reason ? `: ${reason}` : ''})`));
    });
    check();
  });
}

/** Connects to a Jantaku server (`ws://host:port`). No socket opens until a table is joined. */
export function connect(url: string, options?: ConnectOptions): JantakuClient {
  return new JantakuClient(url, options);
}

