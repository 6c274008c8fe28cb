import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Referee } from '@jantaku/shared/referee/referee';
import { tenhou } from '@jantaku/shared/rules/shipped';
import { createServer } from '../../server/src/index';
import { logger } from '../../server/src/log';
import { Accounts, newRow } from '../../server/src/players/accounts';
import { ratingChangesOf, ratingsOf } from '../../server/src/players/ratings';
import { GameArchive } from '../../server/src/store/archive';
import { Games } from '../../server/src/store/games';
import { GameStore } from '../../server/src/store/index';
import { startPostgres, type Postgres } from '../support/postgres';
import { botPlay } from './fixtures/botPlay';
import { freePort } from './harness';

/**
 * The server's start over a local store whose games finished while no server copied or rated
 * them: one listing of the finished games feeds both catch-ups, the archive's copies and the
 * ratings, and no game's record is read again by id. Counted through the real SQLite store's
 * statements (its `trace`), on a real PostgreSQL server started here.
 */
let postgres: Postgres | undefined;

beforeAll(async () => {
  postgres = await startPostgres('jantaku-pg-catchup-');
  process.env.DATABASE_URL = postgres.url;
}, 60_000);

afterAll(() => postgres?.stop());

it('one listing of the finished games at start copies them to the shared store and rates the ranked one, once across restarts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jantaku-catchup-'));
  const people = ['c0', 'c1', 'c2', 'c3'].map((n) => newRow(`Catchup ${n}`, { hash: 'x' }));
  const seats = [0, 1, 2, 3].map((i) => ({ kind: 'player' as const, name: `seat${i}` }));
  const standings = { standings: [1, 2, 3, 4].map((rank, seat) => ({ seat, rank, points: 25000, penalty: 0, final: 0 })) };
  // The accounts exist in the shared store before the server starts (a rating needs them).
  const setup = new Accounts({ path: join(dir, 'setup.sqlite'), databaseUrl: process.env.DATABASE_URL });
  await setup.ready;
  await setup.db.insertInto('accounts').values(people).execute();
  await setup.close();

  /** The game store at `dir`, each SQL statement it runs kept. */
  const openStore = () => {
    const statements: string[] = [];
    const store = new GameStore({ path: join(dir, 'games.sqlite'), trace: (sql) => statements.push(sql) });
    return { store, statements };
  };
  /** A server on `store`, once its start's catch-ups are done. */
  const serve = async (store: GameStore) => {
    const server = createServer({ store, gracefullyShutdown: false, limits: { tablesPerAddress: 0, createsPerMinute: 0 } });
    await server.listen(await freePort());
    await server.caughtUp;
    return server;
  };
  const [ranked, quick] = ['ranked-while-away', 'quick-while-away'] as const;
  const ids = [ranked, quick];
  const listings = (statements: string[]) => statements.filter((s) => /FROM games g WHERE g\.status = 'finished'/.test(s));
  const readsById = (statements: string[]) => statements.filter((s) => ids.some((id) => s.includes(`WHERE g.id = '${id}'`)));
  const logReads = (statements: string[], id: string) => statements.filter((s) => s.includes(`FROM commands WHERE game_id = '${id}'`)).length;
  try {
    // Two games finished while no server ran: a ranked one (to rate) and a quick one (to archive only).
    const first = openStore();
    first.store.createGame({ id: ranked, rules: tenhou, seed: ranked, seats, options: { service: { event: { kind: 'ranked', ref: 'tenhou-hanchan' }, seats: people.map((p) => p.id), joinSeconds: 30 } } });
    first.store.finish(ranked, standings);
    first.store.createGame({ id: quick, rules: tenhou, seed: quick, seats, options: { service: { event: { kind: 'quick', ref: 'quick-tenhou-tonpuusen' }, seats: people.map((p) => p.id), joinSeconds: 30 } } });
    first.store.finish(quick, standings);
    first.statements.length = 0;

    const server = await serve(first.store);
    expect(listings(first.statements)).toHaveLength(1);
    expect(readsById(first.statements)).toEqual([]);
    expect([logReads(first.statements, ranked), logReads(first.statements, quick)]).toEqual([1, 1]);
    // Both copied to the shared store; the ranked one rated, the quick one not.
    expect(await new GameArchive(server.accounts).has(ids)).toEqual(new Set(ids));
    for (const p of people) expect(await ratingChangesOf(server.accounts.db, p.id)).toMatchObject([{ gameId: ranked, kind: 'tenhou-hanchan' }]);
    await server.gracefullyShutdown(false);

    // Restarted: one listing again, and nothing copied or rated a second time.
    const second = openStore();
    const again = await serve(second.store);
    expect(listings(second.statements)).toHaveLength(1);
    expect(readsById(second.statements)).toEqual([]);
    expect([logReads(second.statements, ranked), logReads(second.statements, quick)]).toEqual([0, 0]);
    for (const p of people) {
      expect(await ratingChangesOf(again.accounts.db, p.id)).toHaveLength(1);
      expect(await ratingsOf(again.accounts.db, p.id)).toMatchObject([{ kind: 'tenhou-hanchan', games: 1 }]);
    }
    await again.gracefullyShutdown(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('a game purged by retention after the start listed it is not copied (its log is gone with it)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jantaku-catchup-purged-'));
  const accounts = new Accounts({ path: join(dir, 'players.sqlite'), databaseUrl: process.env.DATABASE_URL });
  const store = new GameStore({ path: join(dir, 'games.sqlite') });
  try {
    const seats = [0, 1, 2, 3].map((i) => ({ kind: 'bot' as const, bot: 'efficiency', name: `bot${i}` }));
    for (const id of ['purged-after-listing', 'kept-after-listing']) {
      store.createGame({ id, rules: tenhou, seed: id, seats });
      const ref = new Referee({ rules: tenhou, seed: id });
      botPlay(ref);
      for (const e of ref.log) store.append(id, e);
      store.finish(id, { standings: ref.game.standings }, id === 'purged-after-listing' ? 1000 : Date.now());
    }
    const listed = store.listGames({ status: 'finished' });
    expect(store.purgeFinished(2000)).toBe(1);
    const archive = new GameArchive(accounts);
    expect(await new Games(store, archive, logger).catchUp(listed)).toBe(1);
    expect(await archive.has(['purged-after-listing', 'kept-after-listing'])).toEqual(new Set(['kept-after-listing']));
    expect((await archive.get('kept-after-listing'))!.commands()).toEqual(store.commands('kept-after-listing'));
  } finally {
    store.close();
    await accounts.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
