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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableName: 'players_migrations', migrationLockTableName: 'players_migrations_lock' });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

