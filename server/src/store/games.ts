import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { GameArchive, StoredGame } from './archive';
import type { AccountSeat, GameRecord, GameStore } from './gameStore';

/**
 * The games the HTTP routes answer for: this process's own (its SQLite file, running ones
 * included) and, when the site shares a PostgreSQL, every process's finished ones (archive.ts).
 * Without an archive it is the local store alone.
 */
export class Games {
  /** Archived games read back: a finished game never changes. */
  private readonly fetched = new LRUCache<string, StoredGame>({ max: 256 });

  constructor(
    readonly local: GameStore,
    readonly archive: GameArchive | null,
    private readonly log: Logger,
  ) {}

  /** The game `id`, here or in the archive; null if neither has it. */
  async find(id: string): Promise<StoredGame | null> {
    const record = this.local.getGame(id);
    if (record) return { record, claims: this.local.seatClaims(id), commands: () => this.local.commands(id) };
    if (!this.archive) return null;
    const cached = this.fetched.get(id);
    if (cached) return cached;
    const found = await this.archive.get(id);
    if (found) this.fetched.set(id, found);
    return found;
  }

  /** The seats `accountId` took, newest game first: this process's and the archive's, each game once (no record read: `find` reads them). */
  async ofAccount(accountId: string): Promise<AccountSeat[]> {
    const local = this.local.gamesOfAccount(accountId);
    if (!this.archive) return local;
    const seen = new Set(local.map((s) => s.gameId));
    const all = [...local, ...(await this.archive.seatsOf(accountId)).filter((s) => !seen.has(s.gameId))];
    return all.sort((a, b) => b.created - a.created || (a.gameId < b.gameId ? -1 : 1));
  }

  /** Every game this process has, and the archive's newest finished ones (`/api/games`). */
  async list(archived = 500): Promise<GameRecord[]> {
    const local = this.local.listGames();
    if (!this.archive) return local;
    const seen = new Set(local.map((g) => g.id));
    return [...local, ...(await this.archive.recent(archived)).filter((g) => !seen.has(g.id))];
  }

  /** Copies this process's finished game `id` to the archive (a no-op without one). */
  async archiveFinished(id: string): Promise<void> {
    if (!this.archive) return;
    const record = this.local.getGame(id);
    if (!record || record.status !== 'finished') return;
    await this.copy(record);
  }

  /** Copies finished `record` with its log and claims; false if this store no longer has its log. */
  private async copy(record: GameRecord): Promise<boolean> {
    const log = this.local.commands(record.id);
    // A finished game's log never changes: a shorter one means retention purged the game since its record was read.
    if (log.length !== record.commands) return false;
    await this.archive!.put(record, log, this.local.seatClaims(record.id));
    return true;
  }

  /**
   * Copies the finished games the archive lacks (those that ended while it could not be reached);
   * returns how many. `finished`: this process's finished games, when the caller has listed them
   * already (the start lists them once for every catch-up); else they are listed here.
   */
  async catchUp(finished?: readonly GameRecord[]): Promise<number> {
    if (!this.archive) return 0;
    const games = finished ?? this.local.listGames({ status: 'finished' });
    let copied = 0;
    for (let i = 0; i < games.length; i += 500) {
      const chunk = games.slice(i, i + 500);
      const have = await this.archive.has(chunk.map((g) => g.id));
      for (const g of chunk)
        if (g.status === 'finished' && !have.has(g.id) && (await this.copy(g))) copied++;
    }
    if (copied > 0) this.log.info({ event: 'gamesArchived', games: copied }, 'finished games copied to the shared store');
    return copied;
  }
}
