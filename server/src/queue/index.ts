import { matchMaker, type Presence } from '@colyseus/core';
import { PostgresAdapter } from 'kysely';
import type { Logger } from 'pino';
import type { Accounts } from '../players/accounts';
import { Ratings } from '../players/ratings';
import type { Sessions } from '../players/sessions';
import type { TableEvents } from '../rooms/events';
import { SERVICE_KEY, type ServiceTable } from '../rooms/service';
import type { GameRecord, GameStore } from '../store/index';
import type { GameKind } from './kinds';
import { Queues, type QueueSettings } from './queue';
import { queueRoutes } from './routes';

/**
 * Ranked play as a service beside the tables: the queues (queue.ts), which make service tables
 * for the four they match, and the ratings (players/ratings.ts), fed by the tables' `finished`.
 */
export interface RankedDeps {
  accounts: Accounts;
  sessions: Sessions;
  store: GameStore;
  tableEvents: TableEvents;
  /** Colyseus's presence when processes share Redis: the matcher's wake-ups reach them all. */
  presence?: Presence;
  settings?: Partial<QueueSettings>;
  /** The store's finished games at start, when the server lists them once for every catch-up; else they are listed here. */
  finished?: Promise<readonly GameRecord[]>;
  log: Logger;
}

/** The matched four's table: a service table whose seats are theirs (null seats: the server's bots, quick play only). */
async function createTable(kind: GameKind, seats: (string | null)[], settings: QueueSettings): Promise<string> {
  const { overrides, ...table } = settings.table as { overrides?: Record<string, unknown> };
  const bots = seats.flatMap((s, i) => (s === null ? [i] : []));
  const service: ServiceTable = { event: { kind: kind.ranked ? 'ranked' : 'quick', ref: kind.kind }, seats, joinSeconds: settings.joinSeconds };
  const room = await matchMaker.createRoom('table', {
    ruleset: kind.ruleset,
    timeControl: kind.timeControl,
    name: kind.title,
    ...(bots.length ? { bots } : {}),
    ...table,
    overrides: { length: kind.length, ...overrides },
    [SERVICE_KEY]: service,
  });
  return room.roomId;
}

export function rankedService(d: RankedDeps) {
  const db = d.accounts.db;
  const ratings = new Ratings(db, d.store, d.log, db.getExecutor().adapter instanceof PostgresAdapter);
  const isLive = async (id: string) => (await matchMaker.query({ roomId: id })).length > 0;
  const queues = new Queues(db, createTable, isLive, d.log, d.settings, d.presence);
  // What the events started, so that stopping waits for it (the store closes after).
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const ended = (id: string) => track(queues.ended(id).catch((e: Error) => d.log.error({ event: 'queueEndFailed', gameId: id, message: e.message }, 'could not release a finished table’s players')));
  const rate = (id: string) => {
    ended(id);
    track(ratings.rate(id).catch((e: Error) => d.log.error({ event: 'ratingFailed', gameId: id, message: e.message }, 'could not rate a ranked game')));
  };
  d.tableEvents.on('finished', rate);
  d.tableEvents.on('abandoned', ended);
  // Once the schema is there: match, and rate the ranked games that finished while no one was listening (a crash).
  const started = d.accounts.ready.then(async () => {
    queues.start();
    const n = await ratings.catchUp(await (d.finished ?? d.store.listGames({ status: 'finished' })));
    if (n) d.log.info({ event: 'ratingsCaughtUp', games: n }, 'rated ranked games finished before a restart');
  });
  started.catch(() => {});
  return {
    queues,
    ratings,
    /** Matching has begun and the catch-up is done. */
    ready: started,
    routes: queueRoutes(queues, d.accounts, d.sessions, db, d.log),
    async stop(): Promise<void> {
      d.tableEvents.off('finished', rate);
      d.tableEvents.off('abandoned', ended);
      await started.catch(() => {});
      await queues.stop();
      await Promise.allSettled([...pending]);
    },
  };
}
