/**
 * The store's schema, as an ordered list of migrations. A file records every migration applied
 * to it (`schema_migrations`); opening a file applies the missing ones, each in its own
 * transaction, and refuses a file written by a newer server (a version it does not know).
 * To evolve the schema, append a migration: never edit one that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'games and command log',
    sql: `
      CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        created  INTEGER NOT NULL,               -- ms since the epoch
        ruleset  TEXT NOT NULL,                  -- the full validated ruleset, JSON
        seed     TEXT NOT NULL,
        seats    TEXT NOT NULL,                  -- JSON array of the four seats
        options  TEXT NOT NULL DEFAULT '{}',     -- the table's other options (time control, listing...), JSON
        status   TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
        finished INTEGER,                        -- ms since the epoch
        result   TEXT                            -- JSON, once finished
      );
      CREATE INDEX games_status ON games (status, created);
      CREATE TABLE commands (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,                -- 0-based index in the referee's log
        entry   TEXT NOT NULL,                   -- the RefereeLogEntry, JSON
        at      INTEGER NOT NULL,                -- ms since the epoch, when it was stored
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'seat claims',
    sql: `
      -- Who holds each seat: the SHA-256 of the seat token its player was given, never the token.
      CREATE TABLE seat_claims (
        game_id    TEXT NOT NULL REFERENCES games (id),
        seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        token_hash TEXT NOT NULL,
        name       TEXT NOT NULL DEFAULT '',
        claimed    INTEGER NOT NULL,              -- ms since the epoch
        PRIMARY KEY (game_id, seat)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'clock inputs',
    sql: `
      -- Everything a timed table's clocks were told (server/src/rooms/clock.ts), in order: with
      -- the command log it rebuilds every bank and running decision after a restart.
      CREATE TABLE clock_inputs (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,                -- 0-based index in the table clock's inputs
        input   TEXT NOT NULL,                   -- the ClockInput, JSON
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 4,
    name: 'wall algorithm',
    sql: `
      -- How the seed became the walls (shared/src/game/shuffle.ts). Games stored before this
      -- column were dealt by the 32-bit xoshiro128** generator and keep it on every rebuild.
      ALTER TABLE games ADD COLUMN wall_algorithm TEXT NOT NULL DEFAULT 'xoshiro128-fnv1a';
    `,
  },
  {
    version: 5,
    name: 'seat accounts',
    sql: `
      -- The account that took a seat (a verified session), for its history, ratings and
      -- tournaments; NULL for an anonymous seat and for claims stored before accounts.
      ALTER TABLE seat_claims ADD COLUMN account_id TEXT;
      CREATE INDEX seat_claims_account ON seat_claims (account_id) WHERE account_id IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: 'clock inputs with a command',
    sql: `
      -- The clock inputs written with a command (an action's three or four) in its row: one
      -- insert an action, not two (issue 18). clock_seq is the index of the first of them in the
      -- table clock's inputs, clock their JSON array; NULL when the command came without any.
      -- Inputs that come without a command are still rows of clock_inputs.
      ALTER TABLE commands ADD COLUMN clock_seq INTEGER;
      ALTER TABLE commands ADD COLUMN clock TEXT;
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
