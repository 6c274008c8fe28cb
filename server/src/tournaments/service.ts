import { matchMaker } from '@colyseus/core';
import { PostgresAdapter } from 'kysely';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isRuleId } from '@jantaku/shared/referee/ids';
import type { NextTable } from '@jantaku/shared/api/tournaments';
import { Referee } from '@jantaku/shared/referee/referee';
import { rankingOf, TournamentError, TournamentEventSchema, type TournamentEvent } from '@jantaku/shared/referee/tournament';
import { key, view, type Accounts, type PublicAccount } from '../players/accounts';
import type { TableEvents } from '../rooms/events';
import { SERVICE_KEY, type ServiceReply, type ServiceRequest, type ServiceTable } from '../rooms/service';
import type { TableRoom } from '../rooms/TableRoom';
import type { GameStore } from '../store/index';
import { hanchanId, readBook, rulingsOf, type Book, type Line, type LineBody } from './book';
import { isPlaceholder, PLACEHOLDER_PREFIX, placeholders, randomRound, scheduleRounds, seatingReport, swissRound, type Table } from './seating';
import { parseSettings, SettingsError, tableOptionsOf, type Settings } from './settings';

/**
 * Tournaments run by the server: the settings and an append-only audit log per tournament in
 * the players store, the ledger (shared/src/referee/tournament.ts) folded from the log, tables
 * made through the service-table primitive (rooms/service.ts), and the tables' results and
 * automatic rulings taken from their events. Every command is checked against the whole book
 * before its lines are written: a refused command writes nothing.
 */
export class TournamentServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (status: number, code: string, message: string): never => {
  throw new TournamentServiceError(status, code, message);
};

/** Settings as stored: the organiser's, and the secret the duplicate seeds come from (never shown). */
interface Stored {
  id: string;
  name: string;
  organiser: string;
  settings: Settings;
  secret: string;
  created: number;
  lines: Line[];
  book: Book;
  /** Reconciled with every game since it was loaded. */
  reconciled: boolean;
}

export const SERVER = 'server';

export class TournamentService {
  private readonly loaded = new Map<string, Stored>();
  /** One command at a time per tournament: a command reads the book, checks, then appends. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly accounts: Accounts,
    private readonly store: GameStore,
    events: TableEvents,
    private readonly log: Logger,
  ) {
    events.on('finished', (gameId: string) => void this.fromTable(gameId));
    events.on('fault', (gameId: string) => void this.fromTable(gameId));
    // A table nobody came to: its record is gone, so its tournament is found through the log.
    events.on('abandoned', (gameId: string) => void this.fromTable(gameId));
  }

  private get db() {
    return this.accounts.db;
  }

  // ───────────────────────────── store ─────────────────────────────

  private async load(id: string): Promise<Stored> {
    const have = this.loaded.get(id);
    if (have) return have;
    await this.accounts.ready;
    const row = await this.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return refuse(404, 'NOT_FOUND', `no tournament ${id}`);
    const rows = await this.db.selectFrom('tournament_log').selectAll().where('tournament_id', '=', id).orderBy('seq').execute();
    const lines = rows.map((r) => ({ ...(JSON.parse(r.data) as LineBody), seq: Number(r.seq), at: Number(r.at), by: r.by }) as Line);
    const { secret, ...settings } = JSON.parse(row.settings) as Settings & { secret: string };
    const t: Stored = { id, name: row.name, organiser: row.organiser, settings: settings as Settings, secret, created: Number(row.created), lines, book: readBook(row.name, lines), reconciled: false };
    // Loaded once: two loads racing keep the first.
    if (!this.loaded.has(id)) this.loaded.set(id, t);
    return this.loaded.get(id)!;
  }

  /** The players store is PostgreSQL: other servers may share it (and run this tournament's commands too). */
  private get shared(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Runs `f` after the tournament's earlier commands in this process. On PostgreSQL also after
   * those of every other server on the same store: `f` runs holding the tournament's row
   * (SELECT … FOR NO KEY UPDATE, released when it ends) and first reads the lines others wrote since.
   */
  private serial<T>(id: string, f: () => Promise<T>): Promise<T> {
    const g = !this.shared
      ? f
      : () =>
          this.db.transaction().execute(async (trx) => {
            // NO KEY UPDATE: the log's own inserts (other connections) take a KEY SHARE on this row for its foreign key.
            await trx.selectFrom('tournaments').select('id').where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
            const t = this.loaded.get(id);
            if (t) await this.catchUp(t);
            return f();
          });
    const run = (this.queues.get(id) ?? Promise.resolve()).then(g, g);
    this.queues.set(
      id,
      run.catch(() => {}),
    );
    return run;
  }

  /** The lines other servers on the same store appended since this one last read them. */
  private async catchUp(t: Stored): Promise<void> {
    const last = t.lines.at(-1)?.seq ?? 0;
    const rows = await this.db.selectFrom('tournament_log').selectAll().where('tournament_id', '=', t.id).where('seq', '>', last).orderBy('seq').execute();
    if (rows.length === 0) return;
    t.lines.push(...rows.map((r) => ({ ...(JSON.parse(r.data) as LineBody), seq: Number(r.seq), at: Number(r.at), by: r.by }) as Line));
    t.book = readBook(t.name, t.lines);
  }

  /** Appends lines if the book they make is valid (the ledger accepts every event); all of them or none. */
  private async append(t: Stored, by: string, bodies: LineBody[]): Promise<Line[]> {
    if (bodies.length === 0) return [];
    const { lines, book } = this.checked(t, by, bodies);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tournament_log')
          .values(lines.map(({ seq, at: when, by: who, ...body }) => ({ tournament_id: t.id, seq, at: when, by: who, kind: body.kind, data: JSON.stringify(body) })))
          .execute();
      });
    } catch (e) {
      // Another writer took these line numbers (the log's key): nothing of this command is written.
      const code = (e as { code?: string }).code;
      if (code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        await this.catchUp(t);
        return refuse(409, 'CONFLICT', 'another server changed this tournament at the same moment: nothing was done; look again and retry');
      }
      throw e;
    }
    t.lines.push(...lines);
    t.book = book;
    return lines;
  }

  /** The lines `bodies` make and the book with them, if the ledger accepts every event (REFUSED otherwise). */
  private checked(t: Stored, by: string, bodies: LineBody[]): { lines: Line[]; book: Book } {
    const at = Date.now();
    const next = t.lines.at(-1)?.seq ?? 0;
    const lines = bodies.map((b, i) => {
      if (b.kind === 'event') {
        const parsed = TournamentEventSchema.safeParse(JSON.parse(JSON.stringify(b.event)));
        if (!parsed.success) refuse(400, 'BAD_EVENT', parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '));
        b = { ...b, event: parsed.data! };
      }
      return { ...b, seq: next + i + 1, at, by } as Line;
    });
    let book: Book;
    try {
      book = readBook(t.name, [...t.lines, ...lines]);
    } catch (e) {
      if (e instanceof TournamentError) return refuse(409, 'REFUSED', e.message.replace(/^event \d+ \(\w+\): /, ''));
      throw e;
    }
    return { lines, book };
  }

  // ───────────────────────────── who ─────────────────────────────

  /** An account by id or by name; UNKNOWN_PLAYER otherwise. */
  async account(ref: string): Promise<PublicAccount> {
    await this.accounts.ready;
    const row = (await this.accounts.byId(ref)) ?? (await this.db.selectFrom('accounts').selectAll().where('name_key', '=', key(ref.trim())).executeTakeFirst());
    if (!row) return refuse(404, 'UNKNOWN_PLAYER', `no account "${ref}"`);
    return view(row);
  }

  private mayOrganise(t: Stored, who: PublicAccount): void {
    if (who.role !== 'admin' && !(who.role === 'organiser' && who.id === t.organiser)) refuse(403, 'NOT_ORGANISER', "only this tournament's organiser (or an admin) may do that");
  }

  // ───────────────────────────── reading ─────────────────────────────

  async get(id: string): Promise<{ id: string; name: string; organiser: string; settings: Settings; created: number; book: Book }> {
    const t = await this.load(id);
    // Once after loading (a restart may have missed table events); then the table events keep it current.
    if (!t.reconciled) await this.serial(id, () => this.reconcile(t, 'all'));
    // Other servers on the same store may have written since.
    else if (this.shared) await this.serial(id, async () => {});
    return { id: t.id, name: t.name, organiser: t.organiser, settings: t.settings, created: t.created, book: t.book };
  }

  async list(): Promise<{ id: string; name: string; created: string }[]> {
    await this.accounts.ready;
    const rows = await this.db.selectFrom('tournaments').select(['id', 'name', 'created']).orderBy('created', 'desc').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, created: new Date(Number(r.created)).toISOString() }));
  }

  /** Where `who` plays next: the table of theirs not yet over, in the latest round that has one. */
  async nextTable(id: string, who: PublicAccount): Promise<NextTable | null> {
    const { book } = await this.get(id);
    for (const r of [...book.rounds].reverse()) {
      if (!r.started) {
        const table = r.tables.findIndex((t) => t.includes(who.id));
        if (table >= 0) return { round: r.round, table: table + 1, seat: r.tables[table].indexOf(who.id), hanchan: null, game: null, status: 'seated' as const };
        continue;
      }
      for (const h of r.hanchans) {
        const state = book.state.hanchans.find((x) => x.id === h.id);
        const seat = state?.players.indexOf(who.id) ?? -1;
        if (!state || seat < 0 || state.status === 'finished' || state.status === 'void') continue;
        return { round: r.round, table: h.table + 1, seat, hanchan: h.id, game: h.game, status: h.game ? ('playing' as const) : ('seated' as const), join: h.game ? `/#/table/${h.game}` : null };
      }
    }
    return null;
  }

  // ───────────────────────────── commands ─────────────────────────────

  async create(who: PublicAccount, raw: unknown) {
    if (who.role !== 'organiser' && who.role !== 'admin') refuse(403, 'NOT_ORGANISER', 'only an organiser (or an admin) may create a tournament');
    let settings: Settings;
    try {
      settings = parseSettings(raw);
    } catch (e) {
      if (e instanceof SettingsError) return refuse(400, 'BAD_SETTINGS', e.message);
      throw e;
    }
    await this.accounts.ready;
    const id = randomUUID().slice(0, 8);
    const secret = randomBytes(32).toString('hex');
    const created = Date.now();
    await this.db.insertInto('tournaments').values({ id, name: settings.name, organiser: who.id, settings: JSON.stringify({ ...settings, secret }), created }).execute();
    this.log.info({ event: 'tournamentCreated', id, organiser: who.id }, 'tournament created');
    return { id, name: settings.name, organiser: who.id, settings };
  }

  /** A player registers themselves (no `player`), or the organiser enters one (a player or a substitute). */
  async register(id: string, who: PublicAccount, body: { player?: string; role?: 'player' | 'substitute' }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      const self = body.player === undefined;
      if (!self || body.role === 'substitute') this.mayOrganise(t, who);
      if (self && who.guest) refuse(403, 'GUEST', 'a guest cannot register: make an account first');
      const a = self ? who : await this.account(body.player!);
      const role = body.role ?? 'player';
      if (role === 'player' && t.book.rounds.length > 0) refuse(409, 'REGISTRATION_CLOSED', 'the first round is seated: only substitutes may still be entered');
      if (t.book.state.people.some((p) => p.id === a.id)) refuse(409, 'ALREADY_REGISTERED', `${a.name} is already registered`);
      await this.append(t, who.id, [{ kind: 'event', event: { type: 'register', id: a.id, name: a.name, role } }]);
      return { id: a.id, name: a.name, role };
    });
  }

  /**
   * Seats the next round: by the tournament's method, or the organiser's own `tables` (account
   * ids or names, seat 0 first), which must seat every ranked player once, four to a table.
   */
  async seatRound(id: string, who: PublicAccount, body: { tables?: string[][] }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const { book, settings } = t;
      const round = book.rounds.length + 1;
      if (round > settings.rounds) refuse(409, 'NO_MORE_ROUNDS', `the tournament has ${settings.rounds} rounds`);
      const last = book.rounds.at(-1);
      if (last && !last.started) refuse(409, 'ROUND_NOT_STARTED', `round ${last.round} is seated but not started`);
      const over = (h: { id: string }) => ['finished', 'void'].includes(book.state.hanchans.find((x) => x.id === h.id)?.status ?? 'scheduled');
      if (last && (last.hanchans.length < last.tables.length * settings.hanchansPerRound || !last.hanchans.every(over)))
        refuse(409, 'ROUND_NOT_OVER', `round ${last.round} has tables still playing`);
      const players = book.state.people.filter((p) => p.role === 'player' && !p.disqualified).map((p) => p.id);
      const subs = book.state.people.filter((p) => p.role === 'substitute' && !p.disqualified).map((p) => p.id);
      if (players.length < 3) refuse(409, 'TOO_FEW_PLAYERS', `${players.length} players: a table needs at least three and a substitute`);
      // Not a multiple of 4: substitutes fill the missing seats from the start, one per table.
      const holes = placeholders(players.length);
      if (subs.length < holes.length) refuse(409, 'SUBSTITUTES_NEEDED', `${players.length} players: enter ${holes.length} substitute(s) to fill the tables`);
      let tables: Table[];
      if (body.tables) tables = await this.ownSeating(body.tables, players, subs.slice(0, holes.length));
      else {
        const history = book.rounds.map((r) => r.tables);
        const seed = `${t.secret}/seating/${round}`;
        if (settings.seating === 'schedule') tables = scheduleRounds(book.state.people.filter((p) => p.role === 'player').map((p) => p.id), settings.rounds, `${t.secret}/schedule`)[round - 1];
        // Swiss: by the ledger's ranking (ranked players only, best first).
        else if (settings.seating === 'swiss' && round > 1) tables = swissRound(rankingOf(book.state).map((r) => r.player), history, seed);
        else tables = randomRound(players, seed, history);
        // A schedule fixed before a disqualification still names that player: the organiser seats the round by hand.
        if (tables.flat().some((p) => !isPlaceholder(p) && !players.includes(p))) refuse(409, 'SCHEDULE_BROKEN', 'the schedule seats a player who is no longer in the event: give the tables');
        tables = tables.map((t) => t.map((p) => (isPlaceholder(p) ? subs[holes.indexOf(p)] : p)) as Table);
      }
      // Repeat opponents among the ranked players (substitutes are not opponents who count).
      const asHoles = (t: Table) => t.map((p) => (subs.includes(p) ? `${PLACEHOLDER_PREFIX}${p}` : p)) as Table;
      const repeatPairs = seatingReport([...book.rounds.map((r) => r.tables), tables].map((round) => round.map(asHoles))).repeatPairs;
      await this.append(t, who.id, [{ kind: 'seated', round, tables, repeatPairs }]);
      return { round, tables, repeatPairs };
    });
  }

  /** The organiser's tables: every ranked player once, and `fill` (the substitutes needed) once each. */
  private async ownSeating(raw: string[][], players: string[], fill: string[]): Promise<Table[]> {
    if (!Array.isArray(raw) || raw.some((t) => !Array.isArray(t) || t.length !== 4 || t.some((p) => typeof p !== 'string'))) refuse(400, 'BAD_SEATING', 'tables must be lists of four players');
    const tables = (await Promise.all(raw.map((t) => Promise.all(t.map(async (p) => (await this.account(p)).id))))) as Table[];
    const seated = tables.flat();
    const twice = seated.filter((p, i) => seated.indexOf(p) !== i);
    if (twice.length) refuse(400, 'BAD_SEATING', `seated twice: ${[...new Set(twice)].join(', ')}`);
    const stranger = seated.filter((p) => !players.includes(p) && !fill.includes(p));
    if (stranger.length) refuse(400, 'BAD_SEATING', `not a player of this tournament (or disqualified), nor a substitute needed: ${stranger.join(', ')}`);
    const missing = [...players, ...fill].filter((p) => !seated.includes(p));
    if (missing.length) refuse(400, 'BAD_SEATING', `${seated.length} seats for ${players.length} players and ${fill.length} substitutes: not seated: ${missing.join(', ')}`);
    if (tables.some((t) => t.filter((p) => fill.includes(p)).length > 1)) refuse(400, 'BAD_SEATING', 'at most one substitute per table');
    return tables;
  }

  /** Exchanges two players' seats in a seated round before it starts. */
  async swap(id: string, who: PublicAccount, round: number, body: { a: string; b: string; reason: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const r = t.book.rounds.find((x) => x.round === round) ?? refuse(404, 'NO_ROUND', `round ${round} is not seated`);
      if (r.started) refuse(409, 'ROUND_STARTED', `round ${round} has started: correct its seats between hands (hanchans/:hanchan/reseat or swap)`);
      const [a, b] = [await this.account(body.a), await this.account(body.b)];
      for (const p of [a, b]) if (!r.tables.some((x) => x.includes(p.id))) refuse(400, 'NOT_SEATED', `${p.name} is not seated in round ${round}`);
      if (a.id === b.id) refuse(400, 'BAD_SWAP', 'a swap needs two players');
      await this.append(t, who.id, [{ kind: 'swap', round, a: a.id, b: b.id, reason: body.reason }]);
      return t.book.rounds.find((x) => x.round === round)!;
    });
  }

  /**
   * Starts a seated round: every table's first hanchan is scheduled in the ledger (with the
   * absences named now and their substitutes), then each table is made for its seated accounts.
   */
  async startRound(id: string, who: PublicAccount, round: number, body: { absent?: { player: string; substitute?: string; note?: string }[] }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const r = t.book.rounds.find((x) => x.round === round) ?? refuse(404, 'NO_ROUND', `round ${round} is not seated`);
      if (r.started) refuse(409, 'ROUND_STARTED', `round ${round} has already started`);
      const start = Date.now();
      const bodies: LineBody[] = [{ kind: 'started', round }];
      r.tables.forEach((table, i) => bodies.push({ kind: 'event', event: this.scheduleOf(t, hanchanId(round, i, 0), table, start) }));
      // One table at a time: a substitute filling a seat, or named once, plays nowhere else this round.
      const busy = new Set(r.tables.flat());
      for (const a of body.absent ?? []) {
        const p = await this.account(a.player);
        const sub = a.substitute === undefined ? undefined : (await this.account(a.substitute)).id;
        const table = r.tables.findIndex((x) => x.includes(p.id));
        if (table < 0) refuse(400, 'NOT_SEATED', `${p.name} is not seated in round ${round}`);
        if (sub !== undefined && busy.has(sub)) refuse(409, 'SUBSTITUTE_BUSY', `${a.substitute} already plays in round ${round}`);
        if (sub !== undefined) busy.add(sub);
        bodies.push({ kind: 'event', event: { type: 'missed', hanchan: hanchanId(round, table, 0), player: p.id, ...(sub ? { substitute: sub } : {}), ...(a.note ? { note: a.note } : {}) } });
      }
      await this.append(t, who.id, bodies);
      this.log.info({ event: 'roundStarted', tournament: id, round }, 'tournament round started');
      await this.reconcile(t);
      return t.book.rounds.find((x) => x.round === round)!;
    });
  }

  /** A hanchan's schedule event: the seats substitutes fill from the start named in `fill`. */
  private scheduleOf(t: Stored, id: string, seats: Table, start: number): TournamentEvent {
    const subs = new Set(t.book.state.people.filter((p) => p.role === 'substitute').map((p) => p.id));
    const fill = seats.flatMap((p, i) => (subs.has(p) ? [i as 0 | 1 | 2 | 3] : []));
    return { type: 'schedule', id, ruleset: t.settings.ruleset, seats: [...seats], start, ...(fill.length ? { fill } : {}) };
  }

  /** WRC-F-LATE: a player came `lateMs` after the table's start (before its game's first ruling or result). */
  async late(id: string, who: PublicAccount, body: { hanchan: string; player: string; lateMs: number }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const p = await this.account(body.player);
      const [line] = await this.append(t, who.id, [{ kind: 'event', event: { type: 'late', hanchan: body.hanchan, player: p.id, lateMs: body.lateMs } }]);
      return line;
    });
  }

  /** A fault no engine sees (§3.10), as penalty points on the ledger, with the referee's reason. */
  async manualFault(id: string, who: PublicAccount, body: { player: string; rule: string; points: number; reason: string; hanchan?: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      if (!isRuleId(body.rule)) refuse(400, 'UNKNOWN_RULE', `no rule ${body.rule} in the catalogue`);
      const p = await this.account(body.player);
      const [line] = await this.append(t, who.id, [
        { kind: 'event', reason: body.reason, event: { type: 'penalty', player: p.id, rule: body.rule, points: body.points, note: body.reason, ...(body.hanchan ? { hanchan: body.hanchan } : {}) } },
      ]);
      this.log.info({ event: 'manualFault', tournament: id, player: p.id, rule: body.rule, by: who.id }, 'manual fault');
      return line;
    });
  }

  /** Undoes a ruling (an automatic one, `hanchan.index`, or a manual one, `L<seq>`), with why. */
  async overturn(id: string, who: PublicAccount, ruling: string, reason: string) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const r = rulingsOf(t.book).find((x) => x.id === ruling) ?? refuse(404, 'NO_RULING', `no ruling ${ruling}`);
      if (r.overturned) refuse(409, 'ALREADY_OVERTURNED', `ruling ${ruling} was overturned already`);
      const [line] = await this.append(t, who.id, [{ kind: 'overturn', ruling, reason }]);
      this.log.info({ event: 'overturn', tournament: id, ruling, by: who.id }, 'ruling overturned');
      return line;
    });
  }

  /** RUS-SPECIAL-ABANDON: a hanchan that cannot be finished is void (its game, if running, plays on unrecorded). */
  async voidHanchan(id: string, who: PublicAccount, hanchan: string, reason: string) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const [line] = await this.append(t, who.id, [{ kind: 'event', reason, event: { type: 'void', hanchan, rule: 'RUS-SPECIAL-ABANDON', note: reason } }]);
      await this.reconcile(t);
      return line;
    });
  }

  /**
   * RUS-SPECIAL-ABANDON: a player leaves a hanchan; the table plays the seat by tsumogiri and the
   * results count for the player, or (`missed`) it counts as a missed hanchan (WRC/EMA, §3.9).
   */
  async abandon(id: string, who: PublicAccount, hanchan: string, body: { player: string; missed?: boolean; reason: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const p = await this.account(body.player);
      const [line] = await this.append(t, who.id, [{ kind: 'event', reason: body.reason, event: { type: 'abandon', hanchan, player: p.id, ...(body.missed ? { missed: true } : {}), note: body.reason } }]);
      return line;
    });
  }

  /** WRC-P-DQ (or another rule that allows it): the player is out of the ranking and is seated no more. */
  async disqualify(id: string, who: PublicAccount, body: { player: string; rule: string; reason: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const p = await this.account(body.player);
      const [line] = await this.append(t, who.id, [{ kind: 'event', reason: body.reason, event: { type: 'disqualify', player: p.id, rule: body.rule, note: body.reason } }]);
      this.log.info({ event: 'disqualified', tournament: id, player: p.id, rule: body.rule, by: who.id }, 'player disqualified');
      return line;
    });
  }

  /** A hanchan whose table is playing: its id's round info and ledger state (NO_HANCHAN, HANCHAN_OVER, NO_TABLE otherwise). */
  private running(t: Stored, hanchan: string) {
    const h = t.book.rounds.flatMap((r) => r.hanchans).find((x) => x.id === hanchan) ?? refuse(404, 'NO_HANCHAN', `no hanchan ${hanchan}`);
    const state = t.book.state.hanchans.find((x) => x.id === hanchan)!;
    if (state.status === 'finished' || state.status === 'void') refuse(409, 'HANCHAN_OVER', `hanchan ${hanchan} is ${state.status}`);
    if (!h.game) refuse(409, 'NO_TABLE', `hanchan ${hanchan} has no table yet`);
    return { h, state, game: h.game! };
  }

  /** Asks a table of the event, in whichever process holds it (matchMaker.remoteRoomCall); its refusal is the command's. */
  private async askTable(game: string, request: ServiceRequest): Promise<{ hand: number; ended: boolean }> {
    let reply: ServiceReply;
    try {
      reply = (await matchMaker.remoteRoomCall<TableRoom>(game, 'serviceCall', [request])) as ServiceReply;
    } catch {
      return refuse(409, 'TABLE_NOT_RUNNING', `the table of game ${game} is not running`);
    }
    if (!reply.ok) return refuse(409, reply.code, reply.reason);
    return reply;
  }

  /**
   * Ends a running hanchan by the organiser's decision (a time limit): the hand in play is
   * finished, then the game ends with the scores as they stand, uma and oka applied (Game.endNow).
   * The result comes as any table's; the `end` line says who decided it, when and why.
   */
  async endHanchan(id: string, who: PublicAccount, hanchan: string, reason: string) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const { h, game } = this.running(t, hanchan);
      if (h.ended) refuse(409, 'ALREADY_ENDING', `hanchan ${hanchan} already ends after its hand in play`);
      this.checked(t, who.id, [{ kind: 'end', hanchan, game, hand: 0, reason }]);
      const reply = await this.askTable(game, { type: 'endAfterHand' });
      const [line] = await this.append(t, who.id, [{ kind: 'end', hanchan, game, hand: reply.hand, reason }]);
      this.log.info({ event: 'hanchanEnding', tournament: id, hanchan, game, by: who.id }, 'hanchan ends after the hand in play');
      return line;
    });
  }

  /** The wrong player was sent: `player` holds `seat` of the running hanchan from the next hand on. */
  async reseat(id: string, who: PublicAccount, hanchan: string, body: { seat: number; player: string; reason: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const { state } = this.running(t, hanchan);
      if (!Number.isInteger(body.seat) || body.seat < 0 || body.seat > 3) refuse(400, 'BAD_SEAT', 'seat is 0..3');
      const p = await this.account(body.player);
      if (state.players[body.seat] === p.id) refuse(400, 'BAD_RESEAT', `${p.name} already holds seat ${body.seat}`);
      return this.correct(t, who, hanchan, [{ seat: body.seat, player: p.id }], body.reason);
    });
  }

  /** Two seats of a running hanchan exchange their accounts from the next hand on (each seat's score goes on). */
  async swapSeats(id: string, who: PublicAccount, hanchan: string, body: { seats: [number, number]; reason: string }) {
    const t = await this.load(id);
    return this.serial(id, async () => {
      this.mayOrganise(t, who);
      const { state } = this.running(t, hanchan);
      const [a, b] = body.seats;
      if (![a, b].every((s) => Number.isInteger(s) && s >= 0 && s <= 3) || a === b) refuse(400, 'BAD_SEAT', 'two different seats, 0..3');
      const [pa, pb] = [state.players[a], state.players[b]];
      if (pa === null || pb === null) refuse(400, 'BAD_SWAP', `seat ${pa === null ? a : b} has no player to move`);
      return this.correct(t, who, hanchan, [{ seat: a, player: pb! }, { seat: b, player: pa! }], body.reason);
    });
  }

  /** Checked against the ledger first, then carried out by the table (between hands), then written. */
  private async correct(t: Stored, who: PublicAccount, hanchan: string, seats: { seat: number; player: string }[], reason: string) {
    const body = (hand: number): LineBody => ({ kind: 'event', reason, event: { type: 'reseat', hanchan, seats: seats.map((c) => ({ seat: c.seat as 0 | 1 | 2 | 3, player: c.player })), hand, note: reason } });
    this.checked(t, who.id, [body(0)]);
    const { game } = this.running(t, hanchan);
    const reply = await this.askTable(game, { type: 'reseat', seats: seats.map((c) => ({ seat: c.seat, account: c.player })) });
    const [line] = await this.append(t, who.id, [body(reply.hand)]);
    this.log.info({ event: 'seatsCorrected', tournament: t.id, hanchan, game, seats, by: who.id }, 'seats corrected in a running hanchan');
    return line;
  }

  // ───────────────────────────── the tables ─────────────────────────────

  /** A table's event: its tournament takes the game's result or progress (and makes what follows). */
  private async fromTable(gameId: string): Promise<void> {
    if (!this.store.isOpen) return; // the server is closing
    try {
      const tid = await this.tournamentOf(gameId);
      if (tid === null) return;
      const t = await this.load(tid);
      await this.serial(tid, () => this.reconcile(t, t.reconciled ? gameId : 'all'));
    } catch (e) {
      this.log.error({ event: 'tournamentTableError', game: gameId, message: (e as Error).message }, 'a table event could not be taken into its tournament');
    }
  }

  /** The tournament a game is a table of: from its record, else (a record discarded) from the logs. */
  private async tournamentOf(gameId: string): Promise<string | null> {
    const g = this.store.getGame(gameId);
    if (g) {
      const service = g.options.service as ServiceTable | null | undefined;
      return service?.event.kind === 'tournament' ? service.event.ref.split('/')[0] : null;
    }
    for (const t of this.loaded.values()) if (t.book.games.has(gameId)) return t.id;
    await this.accounts.ready;
    const row = await this.db.selectFrom('tournament_log').select('tournament_id').where('kind', '=', 'table').where('data', 'like', `%"game":${JSON.stringify(gameId)}%`).executeTakeFirst();
    return row?.tournament_id ?? null;
  }

  /**
   * Brings the book up to date with the tables (after any event, and after a restart): each
   * game's faults and result, the next hanchan at a table, and a table for every scheduled
   * hanchan that has none. Idempotent: what is already in the log is not written again. Games
   * are replayed from the store only for `games` (one game after its event; 'all' after loading).
   */
  private async reconcile(t: Stored, games: 'all' | string | null = null): Promise<void> {
    // A result can lead to the next hanchan's schedule, and that to its table: a few passes.
    for (let pass = 0; pass < 5; pass++) {
      let changed = false;
      for (const r of t.book.rounds) {
        if (!r.started) continue;
        for (const h of r.hanchans) {
          const state = t.book.state.hanchans.find((x) => x.id === h.id)!;
          if (state.status === 'finished' || state.status === 'void') {
            // The next hanchan of the round at this table.
            const next = hanchanId(r.round, h.table, h.index + 1);
            if (h.index + 1 < t.settings.hanchansPerRound && !r.hanchans.some((x) => x.id === next)) {
              await this.append(t, SERVER, [{ kind: 'event', event: this.scheduleOf(t, next, state.seats as Table, Date.now()) }]);
              changed = true;
            }
            continue;
          }
          if (!h.game) {
            await this.openTable(t, r.round, h.table, h.id);
            changed = true;
            continue;
          }
          if ((games === 'all' || games === h.game) && (await this.takeGame(t, h.id, h.game))) changed = true;
        }
      }
      if (!changed) break;
    }
    if (games === 'all') t.reconciled = true;
  }

  /** The game's faults (progress) or result into the log, if they are news. */
  private async takeGame(t: Stored, hanchan: string, gameId: string): Promise<boolean> {
    const g = this.store.getGame(gameId);
    if (!g) {
      // The table closed with nobody at it (a game that never began leaves no record): the
      // hanchan is void; what the absences cost is the referee's decision (a manual fault).
      await this.append(t, SERVER, [{ kind: 'event', event: { type: 'void', hanchan, rule: 'RUS-SPECIAL-ABANDON', note: 'nobody came to the table: it closed without a game' } }]);
      this.log.warn({ event: 'hanchanAbandoned', tournament: t.id, hanchan, game: gameId }, 'a tournament table closed with nobody at it');
      return true;
    }
    const ref = Referee.replay({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, this.store.commands(gameId));
    const source = { game: gameId, penalties: ref.game.penalties.map((p) => ({ ...p })), faults: ref.faults.map((f) => ({ ...f })) };
    if (g.status === 'finished' && ref.game.standings) {
      await this.append(t, SERVER, [{ kind: 'event', source, event: { type: 'result', hanchan, standings: ref.game.standings, faults: source.faults } }]);
      this.log.info({ event: 'hanchanResult', tournament: t.id, hanchan, game: gameId }, 'hanchan result taken');
      return true;
    }
    const state = t.book.state.hanchans.find((x) => x.id === hanchan)!;
    if (source.faults.length === state.faults.length && source.penalties.length === state.penalties.length) return false;
    await this.append(t, SERVER, [{ kind: 'event', source, event: { type: 'progress', hanchan, penalties: source.penalties, faults: source.faults } }]);
    return true;
  }

  private async openTable(t: Stored, round: number, table: number, hanchan: string): Promise<void> {
    const s = t.settings;
    const state = t.book.state.hanchans.find((x) => x.id === hanchan)!;
    const seats = state.players.map((p) => (p === null || isPlaceholder(p) ? null : p));
    const index = Number(/h(\d+)$/.exec(hanchan)![1]) - 1;
    const options: Record<string, unknown> = {
      ...tableOptionsOf(s, `${s.name} · R${round} T${table + 1}${s.hanchansPerRound > 1 ? ` H${index + 1}` : ''}`, {
        // Duplicate: one seed per round and hanchan, the same at every table (from a secret: nobody can compute the walls).
        ...(s.duplicate ? { seed: createHash('sha256').update(`${t.secret}/duplicate/${round}/${index}`).digest('hex') } : {}),
        emptySeats: seats.flatMap((p, i) => (p === null ? [i] : [])),
      }),
      [SERVICE_KEY]: { event: { kind: 'tournament', ref: `${t.id}/${round}/${table + 1}` }, seats, joinSeconds: s.joinSeconds } satisfies ServiceTable,
    };
    const room = await matchMaker.createRoom('table', options);
    await this.append(t, SERVER, [{ kind: 'table', round, table, hanchan, game: room.roomId }]);
    this.log.info({ event: 'tournamentTable', tournament: t.id, hanchan, game: room.roomId }, 'tournament table made');
  }

  /** The invite code of a delayed tournament's table (for its watch link), from the store. */
  inviteOf(gameId: string): string | null {
    const code = this.store.getGame(gameId)?.options.inviteCode;
    return typeof code === 'string' ? code : null;
  }

  gameStatus(gameId: string): string | null {
    return this.store.getGame(gameId)?.status ?? null;
  }
}
