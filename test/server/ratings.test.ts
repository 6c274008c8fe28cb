import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ordinal, rate } from 'openskill';
import { plackettLuce } from 'openskill/models';
import { tenhou } from '@jantaku/shared/rules/shipped';
import { newRow } from '../../server/src/players/accounts';
import { migratePlayers, openPlayersDb, type PlayersDb } from '../../server/src/players/db';
import { DANS, PLACE_POINTS, Ratings, danAfter, leaderboard, ratingChangesOf, ratingsOf, MU, SIGMA } from '../../server/src/players/ratings';
import { GameStore, type StoredSeat } from '../../server/src/store/index';
import { Accounts } from '../../server/src/players/accounts';
import { Sessions } from '../../server/src/players/sessions';
import { rankedService } from '../../server/src/queue/index';
import { TableEvents } from '../../server/src/rooms/events';
import { logger } from '../../server/src/log';

const danIndex = (name: string) => DANS.findIndex((d) => d.name === name);

describe('the dan ladder', () => {
  it('adds Tenhou points per placement by game length; the fourth place costs by rank', () => {
    const d1 = danIndex('1-dan');
    expect(danAfter({ dan: d1, points: 200 }, 1, 'hanchan')).toEqual({ dan: d1, points: 275 });
    expect(danAfter({ dan: d1, points: 200 }, 1, 'tonpuusen')).toEqual({ dan: d1, points: 250 });
    expect(danAfter({ dan: d1, points: 200 }, 2, 'hanchan')).toEqual({ dan: d1, points: 230 });
    expect(danAfter({ dan: d1, points: 200 }, 3, 'hanchan')).toEqual({ dan: d1, points: 200 });
    expect(danAfter({ dan: d1, points: 200 }, 4, 'hanchan')).toEqual({ dan: d1, points: 170 });
    expect(danAfter({ dan: d1, points: 200 }, 4, 'tonpuusen')).toEqual({ dan: d1, points: 180 });
    // A higher dan loses more for a fourth place.
    const d5 = danIndex('5-dan');
    expect(danAfter({ dan: d5, points: 1500 }, 4, 'hanchan')).toEqual({ dan: d5, points: 1410 });
    expect(PLACE_POINTS.hanchan[0]).toBeGreaterThan(PLACE_POINTS.tonpuusen[0]);
  });

  it('promotes at the threshold (to the next rank’s start) and demotes below 0 from 1-dan up only', () => {
    const d1 = danIndex('1-dan');
    expect(danAfter({ dan: d1, points: 350 }, 1, 'hanchan')).toEqual({ dan: d1 + 1, points: 400 });
    expect(danAfter({ dan: d1 + 1, points: 20 }, 4, 'hanchan')).toEqual({ dan: d1, points: 200 });
    expect(danAfter({ dan: d1, points: 10 }, 4, 'hanchan')).toEqual({ dan: danIndex('1-kyu'), points: 0 });
    // Kyu ranks do not drop: their points stop at 0.
    expect(danAfter({ dan: danIndex('1-kyu'), points: 5 }, 4, 'hanchan')).toEqual({ dan: danIndex('1-kyu'), points: 0 });
    expect(danAfter({ dan: danIndex('novice'), points: 0 }, 1, 'tonpuusen')).toEqual({ dan: danIndex('9-kyu'), points: 0 });
    expect(danAfter({ dan: danIndex('1-kyu'), points: 90 }, 2, 'hanchan')).toEqual({ dan: d1, points: 200 });
    // Tenhoui is the top: nothing moves it.
    const top = DANS.length - 1;
    expect(danAfter({ dan: top, points: 0 }, 4, 'hanchan')).toEqual({ dan: top, points: 0 });
  });
});

describe('rating ranked games into the players store (a real SQLite file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jantaku-ratings-'));
  let db: Kysely<PlayersDb>;
  let store: GameStore;
  let ratings: Ratings;
  const people = ['p0', 'p1', 'p2', 'p3'].map((n) => newRow(`Person ${n}`, { hash: 'x' }));
  const owner = people[0]!;
  const bots = ['b0', 'b1', 'b2', 'b3'].map((n) => newRow(`Bot ${n}`, { owner: owner.id }));
  const SEATS: StoredSeat[] = [0, 1, 2, 3].map((i) => ({ kind: 'player', name: `seat${i}` }) as unknown as StoredSeat);

  beforeAll(async () => {
    db = openPlayersDb({ path: join(dir, 'players.sqlite'), databaseUrl: '' });
    await migratePlayers(db);
    await db.insertInto('accounts').values([...people, ...bots]).execute();
    store = new GameStore({ path: join(dir, 'games.sqlite') });
    ratings = new Ratings(db, store);
  });
  afterAll(async () => {
    store.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A finished game of `kind` with the accounts at seats 0–3 and the seats' ranks `ranks`. */
  const finished = (id: string, kind: string, seats: (string | null)[], ranks: number[], eventKind = 'ranked') => {
    store.createGame({ id, rules: tenhou, seed: id, seats: SEATS, options: { service: { event: { kind: eventKind, ref: kind }, seats, joinSeconds: 30 } } });
    store.finish(id, { standings: ranks.map((rank, seat) => ({ seat, rank, points: 25000, penalty: 0, final: 0 })) });
  };
  /** The stored records of the games `ids`, as the start's listing gives them to a catch-up. */
  const records = (...ids: string[]) => ids.map((id) => store.getGame(id)!);

  it('moves mu and sigma as openskill’s Plackett–Luce says, and the dan points by placement', async () => {
    // Seat 2 first, seat 0 second, seat 3 third, seat 1 fourth.
    finished('g1', 'tenhou-hanchan', people.map((p) => p.id), [2, 4, 1, 3]);
    expect(await ratings.rate('g1')).toBe(true);
    const want = rate([[{ mu: MU, sigma: SIGMA }], [{ mu: MU, sigma: SIGMA }], [{ mu: MU, sigma: SIGMA }], [{ mu: MU, sigma: SIGMA }]], { model: plackettLuce, rank: [1, 2, 3, 4] });
    const byPlace = [people[2]!, people[0]!, people[3]!, people[1]!];
    for (const [i, p] of byPlace.entries()) {
      const [r] = await ratingsOf(db, p.id);
      expect(r).toMatchObject({ kind: 'tenhou-hanchan', games: 1 });
      expect(r!.mu).toBeCloseTo(want[i]![0]!.mu, 9);
      expect(r!.sigma).toBeCloseTo(want[i]![0]!.sigma, 9);
      expect(r!.rating).toBeCloseTo(ordinal(want[i]![0]!), 9);
    }
    // Novice: first +75 and second +30 promote (threshold 20); third 0 and fourth 0 do not.
    expect((await ratingsOf(db, people[2]!.id))[0]).toMatchObject({ dan: 1, danName: '9-kyu', danPoints: 0 });
    expect((await ratingsOf(db, people[0]!.id))[0]).toMatchObject({ dan: 1, danPoints: 0 });
    expect((await ratingsOf(db, people[3]!.id))[0]).toMatchObject({ dan: 0, danName: 'novice', danPoints: 0 });
    const first = (await ratingsOf(db, people[2]!.id))[0]!;
    const last = (await ratingsOf(db, people[1]!.id))[0]!;
    expect(first.rating).toBeGreaterThan(last.rating);
    // The history's record of the game, before and after.
    const [change] = await ratingChangesOf(db, people[1]!.id);
    expect(change).toMatchObject({ gameId: 'g1', kind: 'tenhou-hanchan', placement: 4, before: { mu: MU, dan: 0, danPoints: 0 }, after: { mu: last.mu, rating: last.rating } });
  });

  it('rates a game once: a second finished event, a replay or a catch-up changes nothing', async () => {
    const before = await ratingsOf(db, people[2]!.id);
    expect(await ratings.rate('g1')).toBe(false);
    expect(await ratings.catchUp(records('g1', 'g1'))).toBe(0);
    expect(await ratingsOf(db, people[2]!.id)).toEqual(before);
    expect(await ratingChangesOf(db, people[2]!.id)).toHaveLength(1);
  });

  it('rates each kind apart (tonpuusen points are smaller), and ignores unranked, unknown and unfinished games', async () => {
    finished('g2', 'tenhou-tonpuusen', people.map((p) => p.id), [1, 2, 3, 4]);
    finished('quick', 'quick-tenhou-tonpuusen', people.map((p) => p.id), [1, 2, 3, 4], 'quick');
    finished('tour', 'tenhou-hanchan', people.map((p) => p.id), [1, 2, 3, 4], 'tournament');
    finished('unknown', 'no-such-kind', people.map((p) => p.id), [1, 2, 3, 4]);
    store.createGame({ id: 'open', rules: tenhou, seed: 'open', seats: SEATS, options: { service: { event: { kind: 'ranked', ref: 'tenhou-hanchan' }, seats: people.map((p) => p.id) } } });
    expect(await ratings.catchUp(records('g2', 'quick', 'tour', 'unknown', 'open'))).toBe(1);
    const p0 = await ratingsOf(db, people[0]!.id);
    expect(p0.map((r) => r.kind)).toEqual(['tenhou-hanchan', 'tenhou-tonpuusen']);
    // Tonpuusen first from novice: +50 promotes all the same; the hanchan rating is untouched.
    expect(p0[1]).toMatchObject({ games: 1, dan: 1 });
    expect(p0[0]!.games).toBe(1);
  });

  it('keeps bots on their own ladder: a bot kind rates bot accounts only, a people kind people only', async () => {
    // A bot kind with two people among its seats: only the two bots are rated.
    finished('b1', 'bot-tenhou-hanchan', [bots[0]!.id, people[1]!.id, bots[1]!.id, people[2]!.id], [1, 2, 3, 4]);
    expect(await ratings.rate('b1')).toBe(true);
    expect((await ratingsOf(db, bots[0]!.id)).map((r) => r.kind)).toEqual(['bot-tenhou-hanchan']);
    expect((await ratingsOf(db, people[1]!.id)).map((r) => r.kind)).not.toContain('bot-tenhou-hanchan');
    // A people kind with bots at three seats: fewer than two people, not rated at all.
    finished('b2', 'tenhou-hanchan', [bots[2]!.id, people[3]!.id, bots[3]!.id, bots[1]!.id], [1, 2, 3, 4]);
    expect(await ratings.rate('b2')).toBe(false);
    expect(await ratingsOf(db, bots[2]!.id)).toEqual([]);
    // Each account counted once, even if it sat twice.
    finished('dup', 'bot-tenhou-hanchan', [bots[2]!.id, bots[2]!.id, bots[3]!.id, null], [1, 2, 3, 4]);
    expect(await ratings.rate('dup')).toBe(true);
    expect((await ratingsOf(db, bots[2]!.id))[0]).toMatchObject({ games: 1 });
    expect(await ratingChangesOf(db, bots[2]!.id)).toHaveLength(1);
  });

  it('lists a leaderboard per kind, best rating first, people and bots apart', async () => {
    const board = await leaderboard(db, 'tenhou-hanchan', 10);
    expect(board.map((e) => e.name)).toEqual(['Person p2', 'Person p0', 'Person p3', 'Person p1']);
    expect(board.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    for (let i = 1; i < board.length; i++) expect(board[i - 1]!.rating).toBeGreaterThanOrEqual(board[i]!.rating);
    const botBoard = await leaderboard(db, 'bot-tenhou-hanchan', 10);
    expect(botBoard.map((e) => e.name).sort()).toEqual(['Bot b0', 'Bot b1', 'Bot b2', 'Bot b3']);
    expect((await leaderboard(db, 'tenhou-hanchan', 2, 2)).map((e) => e.rank)).toEqual([3, 4]);
  });
});

describe('the ranked service at start', () => {
  it('rates the ranked games that finished while it was down, once, whatever restarts and events follow', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-ratings-restart-'));
    const store = new GameStore({ path: join(dir, 'games.sqlite') });
    const people = ['r0', 'r1', 'r2', 'r3'].map((n) => newRow(`Restart ${n}`, { hash: 'x' }));
    const SEATS: StoredSeat[] = [0, 1, 2, 3].map((i) => ({ kind: 'player', name: `seat${i}` }));
    const start = async () => {
      const accounts = new Accounts({ path: join(dir, 'players.sqlite'), databaseUrl: '' });
      const tableEvents = new TableEvents();
      const service = rankedService({ accounts, sessions: new Sessions('restart'), store, tableEvents, log: logger });
      await service.ready;
      return { accounts, tableEvents, service };
    };
    try {
      const first = await start();
      await first.accounts.db.insertInto('accounts').values(people).execute();
      // Finished while no service listened (as after a crash between the end and the rating).
      store.createGame({ id: 'missed', rules: tenhou, seed: 'missed', seats: SEATS, options: { service: { event: { kind: 'ranked', ref: 'tenhou-hanchan' }, seats: people.map((p) => p.id), joinSeconds: 30 } } });
      store.finish('missed', { standings: [1, 2, 3, 4].map((rank, seat) => ({ seat, rank, points: 25000, penalty: 0, final: 0 })) });
      await first.service.stop();
      await first.accounts.close();

      const second = await start();
      expect((await ratingsOf(second.accounts.db, people[0]!.id))[0]).toMatchObject({ kind: 'tenhou-hanchan', games: 1 });
      // The table's event for it, late: nothing more.
      await second.service.ratings.rate('missed');
      second.tableEvents.emit('finished', 'missed');
      await second.service.stop();
      await second.accounts.close();

      const third = await start();
      for (const p of people) expect(await ratingChangesOf(third.accounts.db, p.id)).toHaveLength(1);
      expect((await ratingsOf(third.accounts.db, people[3]!.id))[0]).toMatchObject({ games: 1 });
      await third.service.stop();
      await third.accounts.close();
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
