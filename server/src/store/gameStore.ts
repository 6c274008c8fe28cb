import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import type { RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { ClockInput } from '@jantaku/shared/referee/time';
import { WALL_ALGORITHM, WALL_ALGORITHMS, type WallAlgorithm } from '@jantaku/shared/game/shuffle';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { Checkpointer, type CheckpointDone } from './checkpointer';

type DB = InstanceType<typeof Database>;

export const DEFAULT_DB_PATH = './data/jantaku.sqlite';

/**
 * How hard a commit goes to the disk (SQLite's `PRAGMA synchronous`, with the WAL journal).
 *
 * `NORMAL` (the default): each commit is written to the WAL with write(2) before `append`
 * returns, so it is in the operating system's page cache: a kill -9 (or any crash) of the
 * process loses nothing, and the file is always consistent. The WAL is fsynced at checkpoints
 * only, so a power loss or kernel crash may roll back the last commits. Measured here: ~0.04 ms
 * per append, which leaves the event loop free for hundreds of tables.
 *
 * `FULL`: each commit also fsyncs the WAL, so it survives the machine going down as well, at
 * the cost of one fsync per command (~0.8 ms here, blocking the event loop: ~1,200 commands/s
 * for the whole process at most). For deployments that must survive power loss.
 */
export type Synchronous = 'FULL' | 'NORMAL';

export interface GameStoreOptions {
  /** The SQLite file (its directory is created if missing), or ':memory:'. Default ./data/jantaku.sqlite. */
  path?: string;
  synchronous?: Synchronous;
  /** Called with each SQL statement the store runs, its parameters filled in (better-sqlite3's `verbose`): to see what it reads. */
  trace?: (sql: string) => void;
}

export type GameStatus = 'open' | 'finished';

/** A seat as the table was set up: who sits there (never any tile). */
export interface StoredSeat {
  kind: 'player' | 'bot' | 'empty';
  name?: string;
  /** The bot's strategy, for a bot seat. */
  bot?: string;
  /** A player's stable identity, if the server has one. */
  playerId?: string;
}

export interface NewGame {
  /** Default: a random UUID. */
  id?: string;
  /** Validated again (parseRuleset) and stored whole, not just its name. */
  rules: Ruleset;
  seed: string;
  /** How the seed is shuffled into walls; default the current algorithm. */
  wallAlgorithm?: WallAlgorithm;
  seats: readonly StoredSeat[];
  /** The table's other settings (time control, private or listed, ...): any JSON. */
  options?: Record<string, unknown>;
  /** ms since the epoch; default now. */
  created?: number;
}

export interface GameRecord {
  id: string;
  created: number;
  rules: Ruleset;
  seed: string;
  wallAlgorithm: WallAlgorithm;
  seats: StoredSeat[];
  options: Record<string, unknown>;
  status: GameStatus;
  finished: number | null;
  result: unknown;
  /** Commands stored for this game. */
  commands: number;
}

/** A seat taken by a player: the SHA-256 (hex) of the token it was given, and its name. */
export interface SeatClaim {
  seat: number;
  tokenHash: string;
  name: string;
  /** The account that took the seat (a verified session); absent for an anonymous seat. */
  account?: string;
}

/** One seat an account took: its game and seat number, and when the game was made (histories are newest first). */
export interface AccountSeat {
  gameId: string;
  seat: number;
  /** ms since the epoch. */
  created: number;
}

/** A stored command as it is in the file (recovery parses and checks it itself). */
export interface CommandRow {
  seq: number;
  entry: string;
  at: number;
}

interface GameRow {
  id: string;
  created: number;
  ruleset: string;
  seed: string;
  wall_algorithm: string;
  seats: string;
  options: string;
  status: GameStatus;
  finished: number | null;
  result: string | null;
  commands: number;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/**
 * A write the disk refused (full, read-only, an I/O error, the file locked): nothing of it is
 * stored, the store stays open, and a later write may succeed once the disk is back.
 */
export class StoreUnavailableError extends StoreError {
  readonly code = 'UNAVAILABLE';
  constructor(override readonly cause: Error & { code?: string }) {
    super(`the store cannot write (${cause.code ?? cause.name}: ${cause.message})`);
    this.name = 'StoreUnavailableError';
  }
}

/** SQLite's answers that are the disk's fault, not the game's. */
const DISK_ERROR = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOMEM|PROTOCOL)/;

/** Pages in the WAL before SQLite copies them into the database (its default: 1,000). */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** The same with a background checkpointer: only if it falls behind (or stops) does a commit copy them. */
export const BACKGROUND_AUTOCHECKPOINT_PAGES = 40_000;
/** The most frames the event loop copies after the checkpoint thread's (`catchUp`): about 10 ms at most. */
export const CATCH_UP_FRAMES = 1_000;

/** What `probe` writes to see whether the disk takes writes. */
const PROBE_BYTES = 256 * 1024;

/** A game's rows of clock inputs, each `seq` (the first's index) and `input` (JSON: one input or an array); binds the game's id twice. */
const CLOCK_INPUT_ROWS = `SELECT seq, input FROM clock_inputs WHERE game_id = ? UNION ALL SELECT clock_seq AS seq, clock AS input FROM commands WHERE game_id = ? AND clock IS NOT NULL`;

const GAME_COLUMNS = `g.id, g.created, g.ruleset, g.seed, g.wall_algorithm, g.seats, g.options, g.status, g.finished, g.result,
  (SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id) AS commands`;

/**
 * The record of every game: its ruleset, seed, seats and the referee's command log, in SQLite
 * (WAL). Every write is synchronous: when `append` returns, the command is committed (written to
 * the WAL: safe from a crash of the process; with `synchronous: 'FULL'`, also fsynced: safe from
 * a crash of the machine), so a room may broadcast its effects.
 */
export class GameStore {
  readonly path: string;
  readonly synchronous: Synchronous;
  private readonly db: DB;
  private readonly insertGame;
  private readonly insertCommand;
  private readonly finishGame;
  private readonly selectGame;
  private readonly selectCommands;
  private readonly insertClockInput;
  private readonly selectLastClockInput;
  private readonly selectNextSeq;
  /** Runs a function in one transaction (made once: better-sqlite3 builds a wrapper per `db.transaction`). */
  private readonly inTransaction: <T>(fn: () => T) => T;
  /**
   * The next seq of each open game this store has appended to or created, so that an append is
   * a plain insert. Filled from the file on a game's first append; forgotten whenever a write
   * fails (a rolled-back transaction may have counted inserts it did not keep).
   */
  private readonly nextSeq = new Map<string, number>();
  /** The same for each game's clock inputs (`appendClockInputs`). */
  private readonly nextInput = new Map<string, number>();
  /** The last write's disk failure, until a write succeeds again. */
  private failure: StoreUnavailableError | null = null;
  /** The thread that checkpoints the WAL (`checkpointInBackground`), if any. */
  private checkpointer: Checkpointer | null = null;

  constructor(opts: GameStoreOptions = {}) {
    const path = opts.path ?? DEFAULT_DB_PATH;
    this.path = path === ':memory:' ? path : resolve(path);
    if (path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
    this.synchronous = opts.synchronous ?? 'NORMAL';
    const trace = opts.trace;
    this.db = new Database(this.path, trace ? { verbose: (sql) => trace(String(sql)) } : {});
    try {
      this.db.pragma('journal_mode = WAL');
      // A checkpoint copies each page once however many commits changed it: every 10,000 pages (a
      // WAL of up to 40 MB), not SQLite's 1,000, a table's page is copied once for many of its
      // commands (measured in a script, 500 games: 36 → 28 µs of CPU an append).
      this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      this.db.pragma(`synchronous = ${this.synchronous}`);
      this.db.pragma('foreign_keys = ON');
      this.db.pragma('busy_timeout = 5000');
      migrate(this.db);
    } catch (e) {
      this.db.close();
      throw e;
    }
    this.insertGame = this.db.prepare<[string, number, string, string, string, string, string]>(
      `INSERT INTO games (id, created, ruleset, seed, wall_algorithm, seats, options) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertCommand = this.db.prepare<[string, number, string, number, number | null, string | null]>(
      `INSERT INTO commands (game_id, seq, entry, at, clock_seq, clock) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.selectNextSeq = this.db.prepare<[string], { status: GameStatus; next: number }>(
      `SELECT g.status, (SELECT COALESCE(MAX(c.seq), -1) + 1 FROM commands c WHERE c.game_id = g.id) AS next FROM games g WHERE g.id = ?`,
    );
    this.finishGame = this.db.prepare<[number, string, string]>(
      `UPDATE games SET status = 'finished', finished = ?, result = ? WHERE id = ? AND status = 'open'`,
    );
    this.selectGame = this.db.prepare<[string], GameRow>(`SELECT ${GAME_COLUMNS} FROM games g WHERE g.id = ?`);
    this.selectCommands = this.db.prepare<[string], CommandRow>(`SELECT seq, entry, at FROM commands WHERE game_id = ? ORDER BY seq`);
    this.insertClockInput = this.db.prepare<[string, number, string]>(`INSERT INTO clock_inputs (game_id, seq, input) VALUES (?, ?, ?)`);
    this.selectLastClockInput = this.db.prepare<[string, string], { seq: number; input: string }>(
      `SELECT seq, input FROM (${CLOCK_INPUT_ROWS}) ORDER BY seq DESC LIMIT 1`,
    );
    const tx = this.db.transaction((fn: () => unknown) => fn());
    this.inTransaction = <T>(fn: () => T) => tx(fn) as T;
  }

  /**
   * Runs one write: a disk failure becomes a StoreUnavailableError (and the store is marked
   * unavailable until a write succeeds); any other error is thrown as it is.
   */
  private write<T>(fn: () => T): T {
    try {
      const out = fn();
      this.failure = null;
      return out;
    } catch (e) {
      this.nextSeq.clear();
      this.nextInput.clear();
      if (e instanceof StoreUnavailableError) throw e;
      const code = (e as { code?: unknown }).code;
      if (this.db.open && typeof code === 'string' && DISK_ERROR.test(code)) {
        this.failure = new StoreUnavailableError(e as Error);
        throw this.failure;
      }
      throw e;
    }
  }

  /** Null while writes succeed; else the disk failure of the last one. */
  get unavailable(): StoreUnavailableError | null {
    return this.failure;
  }

  /**
   * Whether the disk takes writes again: PROBE_BYTES written to a file beside the database (then
   * removed), more than a table's append needs (a failed commit may leave part of a WAL frame's
   * room behind, which a tiny write would fit in). On success the store counts as available.
   */
  probe(): boolean {
    if (!this.db.open) return false;
    if (this.path === ':memory:') return true;
    const file = `${this.path}-probe`;
    try {
      const fd = openSync(file, 'w');
      try {
        writeSync(fd, Buffer.alloc(PROBE_BYTES));
      } finally {
        closeSync(fd);
        rmSync(file, { force: true });
      }
    } catch {
      return false;
    }
    this.failure = null;
    return true;
  }

  /** The schema version of the open file. */
  get schemaVersion(): number {
    return schemaVersionOf(this.db);
  }

  get isOpen(): boolean {
    return this.db.open;
  }

  createGame(game: NewGame): GameRecord {
    const rules = parseRuleset(game.rules);
    if (typeof game.seed !== 'string' || game.seed === '') throw new StoreError('a game needs a seed');
    if (!Array.isArray(game.seats) || game.seats.length !== 4) throw new StoreError('a game has four seats');
    const wallAlgorithm = game.wallAlgorithm ?? WALL_ALGORITHM;
    if (!WALL_ALGORITHMS.includes(wallAlgorithm)) throw new StoreError(`unknown wall algorithm ${wallAlgorithm}`);
    const id = game.id ?? randomUUID();
    const created = game.created ?? Date.now();
    try {
      this.write(() => this.insertGame.run(id, created, JSON.stringify(rules), game.seed, wallAlgorithm, JSON.stringify(game.seats), JSON.stringify(game.options ?? {})));
      this.nextSeq.set(id, 0);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new StoreError(`game ${id} already exists`);
      throw e;
    }
    return this.getGame(id)!;
  }

  /**
   * Appends one judged entry to a game's log and returns its seq (its index in the referee's
   * log). Synchronous: committed before it returns. Throws if the game is unknown or finished.
   */
  append(gameId: string, entry: RefereeLogEntry, at: number = Date.now(), clock?: { from: number; inputs: readonly ClockInput[] }): number {
    const seq = this.nextSeq.get(gameId) ?? this.openGameNextSeq(gameId);
    // `clock`: clock inputs written in the same row (as appendClockInputs would, one insert fewer).
    const inputs = clock && clock.inputs.length > 0 ? clock : null;
    if (inputs) this.checkClockSeq(gameId, inputs.from);
    this.write(() => this.insertCommand.run(gameId, seq, JSON.stringify(entry), at, inputs?.from ?? null, inputs ? JSON.stringify(inputs.inputs) : null));
    this.nextSeq.set(gameId, seq + 1);
    if (inputs) this.nextInput.set(gameId, inputs.from + inputs.inputs.length);
    return seq;
  }

  /** The next seq of an open game, read from the file (and kept); throws if it is unknown or finished. */
  private openGameNextSeq(gameId: string): number {
    const row = this.selectNextSeq.get(gameId);
    if (!row || row.status !== 'open') throw new StoreError(row ? `game ${gameId} is finished: nothing more can be appended` : `no game ${gameId}`);
    this.nextSeq.set(gameId, row.next);
    return row.next;
  }

  /** Marks a game finished with its result (any JSON: standings, faults...). */
  finish(gameId: string, result: unknown, at: number = Date.now()): void {
    const r = this.write(() => this.finishGame.run(at, JSON.stringify(result ?? null), gameId));
    this.nextSeq.delete(gameId);
    this.nextInput.delete(gameId);
    if (r.changes !== 1) {
      const game = this.selectGame.get(gameId);
      throw new StoreError(game ? `game ${gameId} is already finished` : `no game ${gameId}`);
    }
  }

  listGames(filter: { status?: GameStatus; limit?: number } = {}): GameRecord[] {
    const where = filter.status ? `WHERE g.status = ?` : '';
    const limit = filter.limit !== undefined ? `LIMIT ${Math.max(0, Math.floor(filter.limit))}` : '';
    const params = filter.status ? [filter.status] : [];
    const rows = this.db.prepare<unknown[], GameRow>(`SELECT ${GAME_COLUMNS} FROM games g ${where} ORDER BY g.created, g.id ${limit}`).all(...params);
    return rows.map(toRecord);
  }

  getGame(id: string): GameRecord | null {
    const row = this.selectGame.get(id);
    return row ? toRecord(row) : null;
  }

  /** A game's log, parsed, in order (throws on a row that is not JSON: recovery reports those per game). */
  commands(id: string): RefereeLogEntry[] {
    return this.commandRows(id).map((r) => JSON.parse(r.entry) as RefereeLogEntry);
  }

  /** A game's log as stored. */
  commandRows(id: string): CommandRow[] {
    return this.selectCommands.all(id);
  }

  /**
   * Appends a timed table's clock inputs; `from` is the seq of the first (inputs already stored
   * are not given again, and a gap or an overlap throws). They go in one row: the input's JSON,
   * or for several a JSON array of them, at the seq of the first. Inputs that come with a command
   * go in its row instead (`append`).
   */
  appendClockInputs(gameId: string, from: number, inputs: readonly ClockInput[]): void {
    if (inputs.length === 0) return;
    this.checkClockSeq(gameId, from);
    this.write(() => this.insertClockInput.run(gameId, from, JSON.stringify(inputs.length === 1 ? inputs[0] : inputs)));
    this.nextInput.set(gameId, from + inputs.length);
  }

  /** Throws unless a game's next clock input is the `from`th. */
  private checkClockSeq(gameId: string, from: number): void {
    let next = this.nextInput.get(gameId);
    if (next === undefined) {
      const last = this.selectLastClockInput.get(gameId, gameId);
      next = last ? last.seq + clockInputsOf(last.input).length : 0;
    }
    if (from !== next) throw new StoreError(`the clock inputs of game ${gameId} go on at ${next}, not ${from}`);
  }

  /** A game's clock inputs, in order (its clock_inputs rows and those written with its commands). */
  clockInputs(gameId: string): ClockInput[] {
    return this.db
      .prepare<[string, string], { input: string }>(`SELECT input FROM (${CLOCK_INPUT_ROWS}) ORDER BY seq`)
      .all(gameId, gameId)
      .flatMap((r) => clockInputsOf(r.input));
  }

  /** Records who holds `seat` (the hash of its seat token, and its account if any; a new claim replaces the old one). */
  claimSeat(gameId: string, claim: SeatClaim, at: number = Date.now()): void {
    const insert = this.db.prepare(`INSERT OR REPLACE INTO seat_claims (game_id, seat, token_hash, name, claimed, account_id) VALUES (?, ?, ?, ?, ?, ?)`);
    this.write(() => insert.run(gameId, claim.seat, claim.tokenHash, claim.name, at, claim.account ?? null));
  }

  /** The seats taken in a game, with their token hashes and accounts. */
  seatClaims(gameId: string): SeatClaim[] {
    return this.db
      .prepare<[string], { seat: number; token_hash: string; name: string; account_id: string | null }>(
        `SELECT seat, token_hash, name, account_id FROM seat_claims WHERE game_id = ? ORDER BY seat`,
      )
      .all(gameId)
      .map((r) => ({ seat: r.seat, tokenHash: r.token_hash, name: r.name, ...(r.account_id !== null ? { account: r.account_id } : {}) }));
  }

  /** The seats `accountId` took, newest game first (finished and unfinished). */
  gamesOfAccount(accountId: string): AccountSeat[] {
    return this.db
      .prepare<[string], { game_id: string; seat: number; created: number }>(
        `SELECT c.game_id, c.seat, g.created FROM seat_claims c JOIN games g ON g.id = c.game_id WHERE c.account_id = ? ORDER BY g.created DESC, g.id`,
      )
      .all(accountId)
      .map((r) => ({ gameId: r.game_id, seat: r.seat, created: r.created }));
  }

  /** Replaces a game's stored options (a service table's seats moved to other accounts: rooms/service.ts). */
  setOptions(gameId: string, options: Record<string, unknown>): void {
    this.write(() => this.db.prepare(`UPDATE games SET options = ? WHERE id = ?`).run(JSON.stringify(options), gameId));
  }

  /** Forgets a seat's claim (its player left before the game began: the seat is free again). */
  releaseSeat(gameId: string, seat: number): void {
    this.db.prepare(`DELETE FROM seat_claims WHERE game_id = ? AND seat = ?`).run(gameId, seat);
  }

  /**
   * Deletes the games finished before `before` (ms since the epoch) with their logs, claims and
   * clock inputs (the retention setting); returns how many. Unfinished games are never touched.
   */
  purgeFinished(before: number): number {
    return this.transaction(() => {
      const ids = this.db.prepare<[number], { id: string }>(`SELECT id FROM games WHERE status = 'finished' AND finished < ?`).all(before).map((r) => r.id);
      for (const table of ['commands', 'clock_inputs', 'seat_claims']) {
        const del = this.db.prepare(`DELETE FROM ${table} WHERE game_id = ?`);
        for (const id of ids) del.run(id);
      }
      const del = this.db.prepare(`DELETE FROM games WHERE id = ?`);
      for (const id of ids) del.run(id);
      return ids.length;
    });
  }

  /** Deletes an unfinished game with its log and seat claims (a game that never began). */
  discardGame(gameId: string): void {
    this.nextSeq.delete(gameId);
    this.nextInput.delete(gameId);
    this.transaction(() => {
      if (!this.db.prepare(`SELECT 1 FROM games WHERE id = ? AND status = 'open'`).get(gameId)) return;
      this.db.prepare(`DELETE FROM commands WHERE game_id = ?`).run(gameId);
      this.db.prepare(`DELETE FROM clock_inputs WHERE game_id = ?`).run(gameId);
      this.db.prepare(`DELETE FROM seat_claims WHERE game_id = ?`).run(gameId);
      this.db.prepare(`DELETE FROM games WHERE id = ?`).run(gameId);
    });
  }

  /** Runs `fn` in one transaction (several appends committed together, or none; a disk failure: StoreUnavailableError). */
  transaction<T>(fn: () => T): T {
    return this.write(() => this.inTransaction(fn));
  }

  /**
   * The WAL is copied into the database by a thread of its own every `everyMs` (store/checkpointer.ts),
   * not by whichever commit finds it long: the server's store does this, so that no table's
   * commit waits for a checkpoint. A file in memory has no WAL.
   */
  checkpointInBackground(everyMs = 2000): Checkpointer | null {
    if (this.path === ':memory:' || !this.db.open) return null;
    if (!this.checkpointer) {
      this.db.pragma(`wal_autocheckpoint = ${BACKGROUND_AUTOCHECKPOINT_PAGES}`);
      this.checkpointer = new Checkpointer(this.path, everyMs, (r) => this.catchUp(r));
    }
    return this.checkpointer;
  }

  /**
   * After each of the thread's checkpoints, the frames committed while it ran are copied here.
   * SQLite starts the WAL over only at a commit that finds every frame copied, which a thread
   * checkpointing beside a stream of commits never leaves it: the WAL grew without end (129 MB
   * in 40 s at 500 tables) until a commit's own checkpoint at BACKGROUND_AUTOCHECKPOINT_PAGES
   * copied the thread's lag on the event loop. Here, between two commits, only the frames of
   * the thread's last checkpoint's duration are left to copy, and the next commit starts the
   * WAL over. If the thread itself could not copy all it found (more than CATCH_UP_FRAMES
   * left), that is left to its next checkpoint.
   */
  private catchUp(r: CheckpointDone): void {
    if (!this.db.open || r.log - r.checkpointed > CATCH_UP_FRAMES) return;
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (e) {
      // Nothing is lost: the thread's next checkpoint tries again (and a disk failure shows at the next commit).
      if (this.checkpointer) this.checkpointer.lastError = String((e as Error)?.message ?? e);
    }
  }

  /** Checkpoints the WAL into the main file and closes it (after the background checkpointer's last checkpoint, if there is one). */
  close(): void {
    if (!this.db.open) return;
    void this.checkpointer?.stop();
    this.checkpointer = null;
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (e) {
      // A full or read-only disk: the committed log stays in the WAL, which the next open replays.
      if (!DISK_ERROR.test((e as { code?: string }).code ?? '')) throw e;
    } finally {
      this.db.close();
    }
  }
}

const fail = (message: string): never => {
  throw new StoreError(message);
};

/** A clock_inputs row's inputs: one input's JSON, or a JSON array of a run of them (`appendClockInputs`). */
function clockInputsOf(json: string): ClockInput[] {
  const v = JSON.parse(json) as ClockInput | ClockInput[];
  return Array.isArray(v) ? v : [v];
}

function toRecord(r: GameRow): GameRecord {
  return {
    id: r.id,
    created: r.created,
    rules: JSON.parse(r.ruleset) as Ruleset,
    seed: r.seed,
    wallAlgorithm: WALL_ALGORITHMS.includes(r.wall_algorithm as WallAlgorithm) ? (r.wall_algorithm as WallAlgorithm) : fail(`game ${r.id}: unknown wall algorithm ${r.wall_algorithm}`),
    seats: JSON.parse(r.seats) as StoredSeat[],
    options: JSON.parse(r.options) as Record<string, unknown>,
    status: r.status,
    finished: r.finished,
    result: r.result === null ? null : JSON.parse(r.result),
    commands: r.commands,
  };
}

function schemaVersionOf(db: DB): number {
  const row = db.prepare<[], { v: number | null }>(`SELECT MAX(version) AS v FROM schema_migrations`).get();
  return row?.v ?? 0;
}

/** Applies the migrations the file lacks; refuses a file from a newer schema. */
function migrate(db: DB): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)`);
  const current = schemaVersionOf(db);
  if (current > SCHEMA_VERSION)
    throw new StoreError(`the store's schema is version ${current}, newer than this server's (${SCHEMA_VERSION}): upgrade the server`);
  const record = db.prepare<[number, string, number]>(`INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`);
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, Date.now());
    })();
  }
}
