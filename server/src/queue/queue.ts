import { EventEmitter } from 'node:events';
import type { Presence } from '@colyseus/core';
import type { QueueStatus } from '@jantaku/shared/api/queue';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { PlayersDb } from '../players/db';
import { ratingIn } from '../players/ratings';
import type { PublicAccount } from '../players/accounts';
import { GAME_KINDS, kindFor, type GameKind } from './kinds';

/**
 * The queues: who waits for a table of which kind, kept in the players store (so every process
 * on one database shares them), and the matcher that seats four of similar rating. Any process
 * may match: taking four entries is one transaction that deletes exactly those four rows, so of
 * two processes matching at once only one gets them. A matched player learns its table from
 * the store (`queue_matches`), through whichever process it asks; the matching process tells
 * every process (Colyseus's presence: Redis with REDIS_URL) so a waiting request answers at once.
 */
export interface QueueSettings {
  /** Rating band (openskill ordinal) a newcomer accepts: the spread of the four, at most. */
  baseBand: number;
  /** How much wider the band gets per second of waiting. */
  widenPerSecond: number;
  /** The widest band. */
  maxBand: number;
  /** How often the matcher looks, ms. */
  tickMs: number;
  /** An entry whose account has not asked for this long (it stopped polling) is dropped, ms. */
  staleMs: number;
  /** Seconds a matched player has to sit down before the game starts without them. */
  joinSeconds: number;
  /** Table options over each kind's (tests: shorter games). */
  table: Record<string, unknown>;
  /** Quick play's wait before bots fill in, s, over each quick kind's own. */
  botsAfterSeconds?: number;
}

export const DEFAULT_QUEUE: QueueSettings = { baseBand: 3, widenPerSecond: 0.25, maxBand: 40, tickMs: 500, staleMs: 15_000, joinSeconds: 30, table: {} };

export class QueueError extends Error {
  constructor(
    readonly code: 'NO_QUEUE' | 'GUESTS_NOT_RANKED' | 'BOTS_LADDER_ONLY' | 'PEOPLE_ONLY' | 'ALREADY_QUEUED' | 'NOT_QUEUED' | 'ALREADY_MATCHED' | 'IN_GAME',
    message: string,
    readonly table?: string | null,
  ) {
    super(message);
  }
}

interface Entry {
  account_id: string;
  kind: string;
  rating: number;
  joined: number;
  seen: number;
}

/** Makes the table for a match; the seats are account ids (null: one of the server's bots). Answers the table's id. */
export type CreateTable = (kind: GameKind, seats: (string | null)[], settings: QueueSettings) => Promise<string>;

/** Whether a table is still open in some process (Colyseus's matchmaking: with Redis, every process's). */
export type IsLive = (tableId: string) => Promise<boolean>;

const TOPIC = 'jantaku:queue:matched';
/** A match is kept until its game ends ('finished' or 'abandoned'); this long at most, should that never be heard. */
const MATCH_KEPT_MS = 24 * 3600_000;
/** Longest a table takes to be made; a match still without one after this is dropped. */
const MAKING_KEPT_MS = 60_000;

export function bandOf(s: QueueSettings, waitedMs: number): number {
  return Math.min(s.maxBand, s.baseBand + (s.widenPerSecond * Math.max(0, waitedMs)) / 1000);
}

/**
 * Groups of four among `entries` (of one kind) whose rating spread every member's band accepts,
 * the longest waiting first: for each, of the four-in-a-row by rating around it, the tightest.
 */
export function groupsOf(entries: readonly Entry[], s: QueueSettings, now: number): Entry[][] {
  let pool = [...entries].sort((a, b) => a.rating - b.rating || a.joined - b.joined);
  const groups: Entry[][] = [];
  for (const anchor of [...entries].sort((a, b) => a.joined - b.joined)) {
    const i = pool.indexOf(anchor);
    if (i < 0) continue;
    let best: Entry[] | null = null;
    for (let start = Math.max(0, i - 3); start <= i && start + 3 < pool.length; start++) {
      const four = pool.slice(start, start + 4);
      const spread = four[3]!.rating - four[0]!.rating;
      const accepted = Math.min(...four.map((e) => bandOf(s, now - e.joined)));
      if (spread <= accepted && (!best || spread < best[3]!.rating - best[0]!.rating)) best = four;
    }
    if (best) {
      groups.push(best);
      pool = pool.filter((e) => !best.includes(e));
    }
  }
  return groups;
}

const shuffled = <T>(xs: T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

export class Queues {
  readonly settings: QueueSettings;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;
  private again = false;
  /** Wakes the requests waiting here when a match is made (here or, through presence, elsewhere). */
  private readonly wake = new EventEmitter();
  private readonly onPresence = (ids: string[]) => ids.forEach((id) => this.wake.emit(id));

  constructor(
    private readonly db: Kysely<PlayersDb>,
    private readonly createTable: CreateTable,
    private readonly isLive: IsLive,
    private readonly log: Logger,
    settings: Partial<QueueSettings> = {},
    private readonly presence?: Presence,
  ) {
    this.settings = { ...DEFAULT_QUEUE, ...settings };
    this.wake.setMaxListeners(0);
  }

  start(): void {
    if (this.timer) return;
    void this.presence?.subscribe(TOPIC, this.onPresence);
    this.timer = setInterval(() => void this.tick(), this.settings.tickMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.presence?.unsubscribe(TOPIC, this.onPresence);
    while (this.ticking) await new Promise((r) => setTimeout(r, 20));
  }

  /** Puts `account` in the queue of `kind` (a bot account: that kind's bot ladder); answers its status. */
  async join(account: PublicAccount, requested: string): Promise<QueueStatus> {
    const kind = GAME_KINDS.get(kindFor(requested, account.bot));
    if (!kind) throw new QueueError('NO_QUEUE', `no queue ${requested}: GET /api/queues lists them`);
    if (kind.ranked && account.guest) throw new QueueError('GUESTS_NOT_RANKED', 'guests cannot play ranked: register (your guest games are kept) or choose quick play');
    if (kind.ladder === 'bots' && !account.bot) throw new QueueError('BOTS_LADDER_ONLY', 'the bot ladder is for bot accounts');
    if (kind.ladder === 'people' && account.bot) throw new QueueError('PEOPLE_ONLY', `bot accounts play the bot ladder, not ${kind.kind}`);
    const now = Date.now();
    const rating = await ratingIn(this.db, account.id, kind.kind);
    const queued = await this.db.selectFrom('queue_entries').select('kind').where('account_id', '=', account.id).executeTakeFirst();
    if (queued && queued.kind !== kind.kind) throw new QueueError('ALREADY_QUEUED', `already waiting for ${queued.kind}: leave that queue first`);
    // One table at a time: a player whose game goes on is sent back to it (as on Tenhou).
    const match = await this.db.selectFrom('queue_matches').selectAll().where('account_id', '=', account.id).executeTakeFirst();
    if (match && (match.table_id === null || (await this.isLive(match.table_id))))
      throw new QueueError('IN_GAME', 'your last table is still playing: go back to it (or wait for it to end)', match.table_id);
    if (match) await this.db.deleteFrom('queue_matches').where('account_id', '=', account.id).execute();
    if (!queued) {
      await this.db
        .insertInto('queue_entries')
        .values({ account_id: account.id, kind: kind.kind, rating, joined: now, seen: now })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      this.log.info({ event: 'queued', account: account.id, kind: kind.kind, rating }, 'queued');
      // A newcomer may complete a table: look now rather than at the next tick.
      if (this.timer) void this.tick();
    }
    return this.status(account.id);
  }

  /** Takes `accountId` out of its queue at once; ALREADY_MATCHED once it has a table, NOT_QUEUED if it was in none. */
  async leave(accountId: string): Promise<{ kind: string }> {
    const left = await this.db.deleteFrom('queue_entries').where('account_id', '=', accountId).returning('kind').executeTakeFirst();
    if (left) {
      this.log.info({ event: 'queueLeft', account: accountId, kind: left.kind }, 'left the queue');
      return left;
    }
    const match = await this.db.selectFrom('queue_matches').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (match) throw new QueueError('ALREADY_MATCHED', 'already matched: your table is made', match.table_id);
    throw new QueueError('NOT_QUEUED', 'not in a queue');
  }

  /** How `accountId` stands (and it is still there: it asked). NOT_QUEUED if it is in no queue and has no match. */
  async status(accountId: string, touch = true): Promise<QueueStatus> {
    const now = Date.now();
    // The sign of life is written at most once a second: a write is a disk sync, a read is not.
    if (touch) await this.db.updateTable('queue_entries').set({ seen: now }).where('account_id', '=', accountId).where('seen', '<', now - 1000).execute();
    const r = await this.db.selectFrom('queue_entries').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (r) {
      const { n } = await this.db.selectFrom('queue_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', r.kind).executeTakeFirstOrThrow();
      return { status: 'queued', kind: r.kind, rating: r.rating, waitedMs: now - Number(r.joined), band: bandOf(this.settings, now - Number(r.joined)), waiting: Number(n) };
    }
    const m = await this.db.selectFrom('queue_matches').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (m) return m.table_id === null ? { status: 'matching', kind: m.kind } : { status: 'matched', kind: m.kind, table: m.table_id, seat: m.seat };
    throw new QueueError('NOT_QUEUED', 'not in a queue');
  }

  /** The status once it is a match, or after `ms` (a long poll); at once if matched already. */
  async wait(accountId: string, ms: number, signal?: AbortSignal): Promise<QueueStatus> {
    const first = await this.status(accountId);
    if (first.status === 'matched' || ms <= 0) return first;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        clearInterval(check);
        this.wake.off(accountId, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, ms);
      // Once a second the store as well: a wake-up another process sent may be lost.
      const check = setInterval(() => void this.matched(accountId).then((m) => m && done(), () => {}), 1000);
      this.wake.on(accountId, done);
      signal?.addEventListener('abort', done);
    });
    // Not a sign of life: the asker may have gone while it waited.
    return this.status(accountId, false);
  }

  private async matched(accountId: string): Promise<boolean> {
    const m = await this.db.selectFrom('queue_matches').select('table_id').where('account_id', '=', accountId).executeTakeFirst();
    return !!m?.table_id;
  }

  /** The game `tableId` is over (finished, or abandoned before it began): its players may queue again. */
  async ended(tableId: string): Promise<void> {
    await this.db.deleteFrom('queue_matches').where('table_id', '=', tableId).execute();
  }

  /** How many wait in each queue. */
  async waiting(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('queue_entries').select(['kind', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('kind').execute();
    return new Map(rows.map((r) => [r.kind, Number(r.n)]));
  }

  /** One look at every queue: drops the quiet, seats the matched. */
  async tick(now = Date.now()): Promise<number> {
    if (this.ticking) {
      // Someone joined while it looked: look again right after.
      this.again = true;
      return 0;
    }
    this.ticking = true;
    this.again = false;
    let tables = 0;
    try {
      await this.db.deleteFrom('queue_entries').where('seen', '<', now - this.settings.staleMs).execute();
      await this.db.deleteFrom('queue_matches').where('created', '<', now - MATCH_KEPT_MS).execute();
      // A match whose table was never made (its process died making it): its players may queue again.
      await this.db.deleteFrom('queue_matches').where('table_id', 'is', null).where('created', '<', now - MAKING_KEPT_MS).execute();
      const entries = (await this.db.selectFrom('queue_entries').selectAll().execute()).map((e) => ({ ...e, joined: Number(e.joined), seen: Number(e.seen) }));
      for (const kind of GAME_KINDS.values()) {
        const mine = entries.filter((e) => e.kind === kind.kind);
        // Claimed one by one (cheap), the tables then made all at once (a table's creation is the slow part).
        const claimed: { group: Entry[]; order: (string | null)[] }[] = [];
        for (const group of this.groups(kind, mine, now)) {
          const order = await this.claim(kind, group);
          if (order) claimed.push({ group, order });
        }
        tables += (await Promise.all(claimed.map((c) => this.open(kind, c.group, c.order)))).filter(Boolean).length;
      }
    } catch (e) {
      this.log.error({ event: 'queueTickFailed', message: (e as Error).message }, 'queue tick failed');
    } finally {
      this.ticking = false;
      if (this.again && this.timer) void this.tick();
    }
    return tables;
  }

  private groups(kind: GameKind, entries: Entry[], now: number): Entry[][] {
    if (kind.ranked) return groupsOf(entries, this.settings, now);
    // Quick play: by arrival, four at a time; after the wait, the few left with bots.
    const byJoin = [...entries].sort((a, b) => a.joined - b.joined);
    const groups: Entry[][] = [];
    while (byJoin.length >= 4) groups.push(byJoin.splice(0, 4));
    const wait = (this.settings.botsAfterSeconds ?? kind.botsAfterSeconds ?? 20) * 1000;
    if (byJoin.length > 0 && now - byJoin[0]!.joined >= wait) groups.push(byJoin);
    return groups;
  }

  /** Takes the group out of the queue, all of it or none, and gives it seats; null if another process or a leave got there first. */
  private async claim(kind: GameKind, group: Entry[]): Promise<(string | null)[] | null> {
    const ids = group.map((e) => e.account_id);
    const now = Date.now();
    const order = shuffled([...ids, ...Array<null>(4 - ids.length).fill(null)]);
    const claimed = await this.db
      .transaction()
      .execute(async (tx) => {
        const r = await tx.deleteFrom('queue_entries').where('account_id', 'in', ids).where('kind', '=', kind.kind).executeTakeFirst();
        if (Number(r.numDeletedRows) !== ids.length) throw new Lost();
        await tx.deleteFrom('queue_matches').where('account_id', 'in', ids).execute();
        await tx
          .insertInto('queue_matches')
          .values(order.flatMap((id, seat) => (id ? [{ account_id: id, kind: kind.kind, table_id: null, seat, created: now }] : [])))
          .execute();
        return true;
      })
      .catch((e) => {
        if (e instanceof Lost) return false;
        throw e;
      });
    return claimed ? order : null;
  }

  /** Makes the claimed group's table and tells its players; on failure puts them back in the queue. */
  private async open(kind: GameKind, group: Entry[], order: (string | null)[]): Promise<boolean> {
    const ids = group.map((e) => e.account_id);
    let table: string;
    try {
      table = await this.createTable(kind, order, this.settings);
    } catch (e) {
      // No table: back in the queue as they were.
      this.log.error({ event: 'queueTableFailed', kind: kind.kind, message: (e as Error).message }, 'could not make the matched table');
      await this.db.deleteFrom('queue_matches').where('account_id', 'in', ids).execute();
      await this.db.insertInto('queue_entries').values(group.map((e) => ({ ...e, seen: Date.now() }))).onConflict((oc) => oc.column('account_id').doNothing()).execute();
      return false;
    }
    await this.db.updateTable('queue_matches').set({ table_id: table }).where('account_id', 'in', ids).where('table_id', 'is', null).execute();
    this.log.info({ event: 'matched', kind: kind.kind, table, seats: order, ratings: group.map((e) => e.rating) }, 'queue matched a table');
    if (this.presence) await this.presence.publish(TOPIC, ids);
    else this.onPresence(ids);
    return true;
  }
}

/** Another process (or a leave) took one of the group first. */
class Lost extends Error {}
