import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { logger } from '../log';

/**
 * The players store: one query layer (Kysely) over SQLite by default (better-sqlite3, its own
 * file in the data directory: `npm start` needs no other service) or PostgreSQL when
 * DATABASE_URL is set, so several processes share accounts. Migrations are in code and run at
 * start. (The game store, store/gameStore.ts, is still its own synchronous better-sqlite3 file.)
 */
export interface PlayersDb {
  accounts: {
    id: string;
    name: string;
    /** The name as compared: unique ignoring case. */
    name_key: string;
    /** argon2id; NULL for a guest. */
    hash: string | null;
    role: string;
    created: number;
    /** Moves on at each logout: sessions issued before carry an older value. */
    session_gen: number;
    /** A bot account's owner (an account id); NULL for a person's account. */
    owner: string | null;
  };
  /** A bot account's API keys: only the SHA-256 of each key is kept. */
  api_keys: {
    id: string;
    account_id: string;
    /** The key's first characters, shown in lists so an owner can tell keys apart. */
    prefix: string;
    /** SHA-256 of the whole key, hex. */
    hash: string;
    created: number;
    last_used: number | null;
  };
  /** An account's rating and dan in one queue kind (players/ratings.ts). */
  ratings: {
    account_id: string;
    kind: string;
    mu: number;
    sigma: number;
    /** What is shown and sorted by: openskill's ordinal, mu - 3 sigma. */
    rating: number;
    games: number;
    /** Index into ratings.ts's DANS. */
    dan: number;
    dan_points: number;
    updated: number;
  };
  /** One ranked game's change to one account's rating and dan. */
  rating_changes: {
    game_id: string;
    account_id: string;
    kind: string;
    placement: number;
    mu_before: number;
    mu_after: number;
    sigma_before: number;
    sigma_after: number;
    rating_before: number;
    rating_after: number;
    dan_before: number;
    dan_after: number;
    points_before: number;
    points_after: number;
    created: number;
  };
  /** Ranked games already rated: a game is counted once, whatever replays its 'finished'. */
  rated_games: { game_id: string; kind: string; created: number };
  /** Accounts waiting in a queue (queue/queue.ts): shared by every process on one database. */
  queue_entries: {
    account_id: string;
    kind: string;
    /** The account's rating in the kind when it joined. */
    rating: number;
    joined: number;
    /** The last time the account asked how it stands: one gone quiet is dropped. */
    seen: number;
  };
  /** Accounts the queue has seated: the table (null while it is being made) until they ask again or it is old. */
  queue_matches: { account_id: string; kind: string; table_id: string | null; seat: number; created: number };
  /**
   * Finished games, shared by the processes of a site (store/archive.ts): the game's record and
   * its log, copied from the process that played it. Only with PostgreSQL (DATABASE_URL).
   */
  archived_games: {
    id: string;
    created: number;
    finished: number;
    /** The GameRecord, JSON. */
    record: string;
    /** The referee's log entries, a JSON array. */
    log: string;
    /** The seat claims (seat, name, account; never token hashes), JSON. */
    claims: string;
  };
  /** Who played each archived game: an account's history across processes. */
  archived_seats: {
    game_id: string;
    seat: number;
    account_id: string;
    created: number;
  };
  /** Failed logins of the last minute, by what they count against (`address:…`, `name:…`): shared by every process. */
  login_failures: {
    key: string;
    at: number;
  };
  /** Tournaments (tournaments/store.ts): the settings; everything else is in the log. */
  tournaments: {
    id: string;
    name: string;
    /** The organiser's account id. */
    organiser: string;
    /** The settings, JSON. */
    settings: string;
    created: number;
  };
  /** A tournament's audit log: append-only, one line per decision or result, never changed. */
  tournament_log: {
    tournament_id: string;
    seq: number;
    at: number;
    /** The account that did it, or `server` (a table's result, an automatic ruling). */
    by: string;
    kind: string;
    /** The line's content, JSON. */
    data: string;
  };
}

const migrations: Record<string, Migration> = {
  '001_accounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('hash', 'text')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('player'))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('session_gen', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '002_bots': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('accounts').addColumn('owner', 'text').execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('last_used', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
    },
  },
  '003_ratings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ratings')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mu', 'double precision', (c) => c.notNull())
        .addColumn('sigma', 'double precision', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('dan', 'integer', (c) => c.notNull())
        .addColumn('dan_points', 'integer', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ratings_pk', ['account_id', 'kind'])
        .execute();
      await db.schema.createIndex('ratings_board').on('ratings').columns(['kind', 'rating']).execute();
      await db.schema
        .createTable('rating_changes')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('placement', 'integer', (c) => c.notNull())
        .addColumn('mu_before', 'double precision', (c) => c.notNull())
        .addColumn('mu_after', 'double precision', (c) => c.notNull())
        .addColumn('sigma_before', 'double precision', (c) => c.notNull())
        .addColumn('sigma_after', 'double precision', (c) => c.notNull())
        .addColumn('rating_before', 'double precision', (c) => c.notNull())
        .addColumn('rating_after', 'double precision', (c) => c.notNull())
        .addColumn('dan_before', 'integer', (c) => c.notNull())
        .addColumn('dan_after', 'integer', (c) => c.notNull())
        .addColumn('points_before', 'integer', (c) => c.notNull())
        .addColumn('points_after', 'integer', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_changes_pk', ['game_id', 'account_id'])
        .execute();
      await db.schema.createIndex('rating_changes_account').on('rating_changes').columns(['account_id', 'created']).execute();
      await db.schema
        .createTable('rated_games')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('queue_entries')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('joined', 'bigint', (c) => c.notNull())
        .addColumn('seen', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('queue_entries_kind').on('queue_entries').columns(['kind', 'rating']).execute();
      await db.schema
        .createTable('queue_matches')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('table_id', 'text')
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '004_tournaments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organiser', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tournament_log')
        .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_log_pk', ['tournament_id', 'seq'])
        .execute();
    },
  },
  '005_login_failures': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
    },
  },
  '006_game_archive': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('archived_games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('finished', 'bigint', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('log', 'text', (c) => c.notNull())
        .addColumn('claims', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('archived_games_created').on('archived_games').columns(['created', 'id']).execute();
      await db.schema
        .createTable('archived_seats')
        .addColumn('game_id', 'text', (c) => c.notNull().references('archived_games.id').onDelete('cascade'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('archived_seats_pk', ['game_id', 'seat'])
        .execute();
      await db.schema.createIndex('archived_seats_account').on('archived_seats').columns(['account_id', 'created']).execute();
    },
  },
};

/** The migrations' names, in the order they run. */
export const PLAYERS_MIGRATIONS: readonly string[] = Object.keys(migrations).sort();

export interface PlayersDbOptions {
  /** The SQLite file (used without `databaseUrl`). */
  path: string;
  /** A PostgreSQL URL (`postgres://…`); default env DATABASE_URL. */
  databaseUrl?: string;
}

export function openPlayersDb(opts: PlayersDbOptions): Kysely<PlayersDb> {
  const url = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (url) {
    // bigint columns come back as strings by default: `created` fits a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server dropped: the pool replaces it (unhandled, it would end the process).
    pool.on('error', (e) => logger.warn({ event: 'playersDbError', message: e.message }, 'players database connection lost'));
    return new Kysely<PlayersDb>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = new Database(opts.path);
  file.pragma('journal_mode = WAL');
  // Nothing accepted is lost on kill -9.
  file.pragma('synchronous = FULL');
  // better-sqlite3 12's types lag its API (statements have `reader` and `iterate`): the cast says so.
  return new Kysely<PlayersDb>({ dialect: new SqliteDialect({ database: file as unknown as SqliteDatabase }) });
}

/** Brings the schema up to date (every pending migration, in name order); throws on failure. */
export async function migratePlayers(db: Kysely<PlayersDb>): Promise<void> {
  // Unordered: a store that ran a later migration first (they were written side by side) still takes an earlier one.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'players_migrations',
    migrationLockTableName: 'players_migrations_lock',
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

