import type { RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { Accounts } from '../players/accounts';
import type { AccountSeat, GameRecord, SeatClaim } from './gameStore';

/** A game as the HTTP routes read it: its record, who sat where, and its log (parsed when first asked for). */
export interface StoredGame {
  record: GameRecord;
  claims: SeatClaim[];
  commands(): RefereeLogEntry[];
}

/**
 * The finished games of every process of a site, in the shared players store (PostgreSQL with
 * DATABASE_URL; migration 006_game_archive). A game is played and recorded in its process's own
 * SQLite file (synchronously, before anyone sees an action); once it is finished its record and
 * log are copied here, so any process answers for it: its exports, replay, and the histories and
 * statistics of its players. Copies are idempotent, and a process copies at start what it
 * finished while the shared store could not be reached.
 */
export class GameArchive {
  constructor(private readonly accounts: Accounts) {}

  private async db() {
    await this.accounts.ready;
    return this.accounts.db;
  }

  /** Copies a finished game (nothing if it is there already). Seat token hashes stay behind: a finished game is never rejoined. */
  async put(record: GameRecord, log: RefereeLogEntry[], claims: SeatClaim[]): Promise<void> {
    if (record.status !== 'finished' || record.finished === null) throw new Error(`game ${record.id} is not finished`);
    const db = await this.db();
    const shared = claims.map((c) => ({ seat: c.seat, tokenHash: '', name: c.name, ...(c.account !== undefined ? { account: c.account } : {}) }));
    await db.transaction().execute(async (tx) => {
      const r = await tx
        .insertInto('archived_games')
        .values({ id: record.id, created: record.created, finished: record.finished!, record: JSON.stringify(record), log: JSON.stringify(log), claims: JSON.stringify(shared) })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return;
      const seats = shared.filter((c) => c.account !== undefined).map((c) => ({ game_id: record.id, seat: c.seat, account_id: c.account!, created: record.created }));
      if (seats.length > 0) await tx.insertInto('archived_seats').values(seats).execute();
    });
  }

  async get(id: string): Promise<StoredGame | null> {
    const db = await this.db();
    const row = await db.selectFrom('archived_games').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    let parsed: RefereeLogEntry[] | null = null;
    return {
      record: JSON.parse(row.record) as GameRecord,
      claims: JSON.parse(row.claims) as SeatClaim[],
      commands: () => (parsed ??= JSON.parse(row.log) as RefereeLogEntry[]),
    };
  }

  /** Which of `ids` are archived. */
  async has(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const db = await this.db();
    const rows = await db.selectFrom('archived_games').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The seats `accountId` took in archived games, newest first. */
  async seatsOf(accountId: string): Promise<AccountSeat[]> {
    const db = await this.db();
    const rows = await db.selectFrom('archived_seats').select(['game_id', 'seat', 'created']).where('account_id', '=', accountId).orderBy('created', 'desc').orderBy('game_id').execute();
    return rows.map((r) => ({ gameId: r.game_id, seat: r.seat, created: Number(r.created) }));
  }

  /** The newest archived games' records (the games list). */
  async recent(limit: number): Promise<GameRecord[]> {
    const db = await this.db();
    const rows = await db.selectFrom('archived_games').select('record').orderBy('created', 'desc').orderBy('id').limit(limit).execute();
    return rows.map((r) => JSON.parse(r.record) as GameRecord);
  }

  /** Deletes the games finished before `before` (the retention setting); returns how many. */
  async purgeFinished(before: number): Promise<number> {
    const db = await this.db();
    const r = await db.deleteFrom('archived_games').where('finished', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
