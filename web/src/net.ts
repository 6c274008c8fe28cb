import { connect as connectSdk, JantakuError, Table, type Account, type CreateTableOptions, type JantakuClient as SdkClient, type PlayerProfile, type TableListing as SdkListing } from '@jantaku/client-sdk';
import type { Seat } from '@jantaku/shared/game/types';
import type { Penalty } from '@jantaku/shared/referee/penalty';

/**
 * The one module that talks to the server, over `@jantaku/client-sdk` (tables, lobby, actions,
 * events, reconnection). What it adds for the page: lobby listings in one shape, seat tokens
 * kept in sessionStorage so a reload takes the same seat back, and JSON of the HTTP API.
 */

export { JantakuError, Table };
export type { Account, PlayerProfile };

/** A table as the lobby lists it. */
export interface TableListing {
  id: string;
  ruleset: string;
  name: string;
  foulPolicy: string;
  timeControl: string;
  /** Whether its creator named it (else it is named from the fields below: "WRC 2015 · 5+20 s"). */
  named: boolean;
  baseRuleset: string;
  length?: string;
  clockSeconds: number[];
  seats: { taken: boolean; bot: boolean; name: string }[];
  spectators: number;
  /** The table has a commentator view (every hand, delayed). */
  commentators: boolean;
  hand: string;
  started: boolean;
  finished: boolean;
  clients: number;
}

/** Options to create a table (the server's create options; the creator's place too). */
export interface CreateOptions {
  ruleset?: string;
  overrides?: Record<string, unknown>;
  seed?: string;
  bots?: number | number[];
  bot?: 'efficiency' | 'tsumogiri';
  botDelayMs?: number;
  handPauseMs?: number;
  name?: string;
  private?: boolean;
  /** Commentators see every event this many ms late; absent: no commentator view. */
  commentatorDelayMs?: number;
  seat?: number;
  spectator?: boolean;
}

/** A fault as announced at the table: who, which rule, what penalty, why, and its effect. */
export interface Fault {
  seat: Seat;
  rule: string;
  penalty: Penalty;
  reason: string;
  effect?: string;
}

const tokenKey = (id: string) => `jantaku:seat:${id}`;

/** Keeps the seat token the server sends, for a reload of the page. */
function keepToken(table: Table): Table {
  table.on('seat', (s) => {
    try {
      sessionStorage.setItem(tokenKey(table.id), JSON.stringify(s));
    } catch {
      /* no storage: no seat recovery after a reload */
    }
  });
  return table;
}

/** Where a page that logged in keeps its session token (localStorage: every tab of the site). */
export const SESSION_KEY = 'jantaku:session';

function savedSession(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function savedToken(id: string): { seat: Seat; token: string } | null {
  try {
    return JSON.parse(sessionStorage.getItem(tokenKey(id)) ?? 'null') as { seat: Seat; token: string } | null;
  } catch {
    return null;
  }
}

/** A connection to a Jantaku server (`url`: its http(s) or ws(s) address). */
export class JantakuClient {
  /** The server's HTTP base. */
  readonly http: string;
  private sdk: SdkClient;
  /** Private tables' invite codes, by table id: their records are read with it (`?code=`). */
  private invites = new Map<string, string>();

  constructor(url: string) {
    this.http = url.replace(/^ws/, 'http').replace(/\/$/, '');
    this.sdk = connectSdk(this.http.replace(/^http/, 'ws'), { session: savedSession() ?? undefined });
  }

  /** The account of the page's session, or null (none, or no longer valid). */
  async me(): Promise<Account | null> {
    if (!this.sdk.session) return null;
    return this.sdk.me().catch(() => null);
  }

  /** A player's profile (`GET /api/players/:name`, with the page's session: its own private games too). */
  player(name: string, page = 1): Promise<PlayerProfile> {
    return this.sdk.player(name, page === 1 ? {} : { page });
  }

  /** Logs in; the page keeps the session (every tab of the site); throws the server's refusal as a JantakuError. */
  async login(name: string, password: string): Promise<void> {
    await this.sdk.login(name, password);
    try {
      localStorage.setItem(SESSION_KEY, this.sdk.session!);
    } catch {
      /* no storage: logged in for this page only */
    }
  }

  /** The page's session token, or null. */
  get session(): string | null {
    return this.sdk.session;
  }

  /** Forgets the page's session (refused or expired). */
  forget(): void {
    this.sdk.session = null;
    try {
      localStorage.removeItem(SESSION_KEY);
    } catch {
      /* nothing kept */
    }
  }

  async tables(): Promise<TableListing[]> {
    return (await this.sdk.tables()).map(listing);
  }

  /** Calls `cb` with the whole list now and on every change. Returns a function that stops watching. */
  watchTables(cb: (tables: TableListing[]) => void): () => void {
    return this.sdk.watchTables((list) => cb(list.map(listing)));
  }

  /** Creates a table and sits at `opts.seat`, or watches with `spectator`. */
  async create(opts: CreateOptions): Promise<Table> {
    return this.keepInvite(keepToken(await this.sdk.create(clean(opts) as CreateTableOptions)));
  }

  /** A private table's code, once known, opens its records (`gameUrl`). */
  private keepInvite(table: Table): Table {
    if (table.invite) this.invites.set(table.id, table.invite);
    return table;
  }

  /** The HTTP address of a game's record (`sub`: `tenhou6`, `mjai`, `fairness`…), with a private table's code. */
  gameUrl(id: string, sub = ''): string {
    const code = this.invites.get(id);
    return `${this.http}/api/games/${encodeURIComponent(id)}${sub ? `/${sub}` : ''}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
  }

  /** Takes a seat (a chosen one or the first free); a seat token kept from before takes it back. */
  async join(id: string, opts: { seat?: number; code?: string } = {}): Promise<Table> {
    const saved = savedToken(id);
    if (saved && (opts.seat === undefined || opts.seat === saved.seat)) {
      try {
        return this.keepInvite(keepToken(await this.sdk.rejoin(id, saved)));
      } catch {
        /* the token is no good any more: sit as a newcomer */
      }
    }
    return this.keepInvite(keepToken(await this.sdk.join(id, clean({ seat: opts.seat as Seat | undefined, code: opts.code }))));
  }

  /** Watches (a private table: with its invite code). */
  async spectate(id: string, code?: string): Promise<Table> {
    return this.keepInvite(await this.sdk.spectate(id, clean({ code })));
  }

  /** Watches with every hand shown, the table's commentator delay late (`commentary` events). */
  async commentate(id: string, code?: string): Promise<Table> {
    return this.keepInvite(await this.sdk.commentate(id, clean({ code })));
  }

  /** A JSON document of the HTTP API (`/api/games/:id` …); null when it answers 404. */
  async getJson<T>(path: string): Promise<T | null> {
    const res = await fetch(path.startsWith('http') ? path : `${this.http}${path}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new JantakuError('UNAVAILABLE', `GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  }
}

export function connect(url: string): JantakuClient {
  return new JantakuClient(url);
}

/** Drops undefined fields (the server refuses unknown or ill-typed options by name). */
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The lobby's listing in the page's shape. */
function listing(t: SdkListing): TableListing {
  const seats = t.seats ?? [];
  return {
    id: t.id,
    ruleset: t.ruleset ?? '?',
    name: t.name ?? '',
    foulPolicy: t.foulPolicy ?? '',
    timeControl: t.timeControl ?? '',
    named: t.named === true,
    baseRuleset: t.baseRuleset ?? t.ruleset ?? '?',
    length: t.length,
    clockSeconds: Array.isArray(t.clockSeconds) ? t.clockSeconds : [],
    seats: [0, 1, 2, 3].map((i) => ({
      taken: (seats[i]?.presence ?? 'empty') !== 'empty',
      bot: seats[i]?.presence === 'bot',
      name: seats[i]?.name ?? '',
    })),
    spectators: t.spectators ?? 0,
    commentators: t.commentators === true,
    hand: t.hand ?? '',
    started: !!t.started,
    finished: !!t.finished,
    clients: t.clients,
  };
}
