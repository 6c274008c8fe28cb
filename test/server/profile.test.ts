import { describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { connect, play, strategies, type JantakuClient, type PlayerProfile, type Table } from '@jantaku/client-sdk';
import type { GameStore } from '../../server/src/store/index';
import { logFacts, type Facts } from '../support/tenhou6Facts';
import { serveDuringFile, until } from './harness';

/**
 * Issue 16 item 4: an account's history and statistics over HTTP (`GET /api/players/:name`), on a
 * real server with its SQLite files, the games played over websockets. What the profile says is
 * checked against the games' exported tenhou.net/6 logs, read in the test (support/tenhou6Facts.ts).
 */
const served = serveDuringFile();
const store = () => (served.server as Server & { store: GameStore }).store;

let n = 0;
async function account(prefix: string): Promise<{ client: JantakuClient; name: string; id: string }> {
  const client = connect(served.url);
  const name = `${prefix} ${++n}`;
  const a = await client.register(name, `profile password ${n}`);
  return { client, name, id: a.id };
}

const http = () => served.url.replace(/^ws/, 'http');
const get = (path: string, token?: string) => fetch(`${http()}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Plays a table to its end with the efficiency bot (it wins, calls and declares riichi) and waits for the record. */
async function playOut(table: Table): Promise<void> {
  await play(table, strategies.efficiency);
  await until('the game recorded as finished', () => store().getGame(table.id)?.status === 'finished', 60_000);
  await table.leave();
}

const short = (seed: string) => ({ ruleset: 'tenhou' as const, overrides: { length: 'tonpuusen' }, seed, handPauseMs: 0, botDelayMs: 0 });

/** The exported tenhou.net/6 log's facts of one seat (`code`: a private game's). */
async function facts(id: string, seat: number, code?: string): Promise<Facts> {
  const res = await get(`/api/games/${encodeURIComponent(id)}/tenhou6${code ? `?code=${encodeURIComponent(code)}` : ''}`);
  expect(res.status).toBe(200);
  const log = (await res.json()) as { log: unknown[][] };
  return logFacts(log.log)[seat];
}

function expectStatsOf(profile: PlayerProfile, games: Facts[]): void {
  const total = (k: keyof Facts) => games.reduce((s, f) => s + (f[k] as number), 0);
  const wins = games.flatMap((f) => f.winValues);
  const dealIns = games.flatMap((f) => f.dealInValues);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const hands = total('hands');
  const s = profile.stats;
  expect(s).toMatchObject({ games: games.length, hands, wins: total('wins'), tsumo: total('tsumo'), dealIns: total('dealIns'), riichi: total('riichi'), calls: total('calls') });
  expect(s.placementCounts).toEqual([1, 2, 3, 4].map((p) => games.filter((f) => f.placement === p).length));
  expect(s.averagePlacement).toBeCloseTo(total('placement') / games.length, 12);
  expect(s.winRate).toBeCloseTo(total('wins') / hands, 12);
  expect(s.dealInRate).toBeCloseTo(total('dealIns') / hands, 12);
  expect(s.riichiRate).toBeCloseTo(total('riichi') / hands, 12);
  expect(s.callRate).toBeCloseTo(total('calls') / hands, 12);
  if (total('wins')) expect(s.tsumoRate).toBeCloseTo(total('tsumo') / total('wins'), 12);
  else expect(s.tsumoRate).toBeNull();
  if (wins.length) expect(s.averageWin).toBeCloseTo(mean(wins)!, 9);
  else expect(s.averageWin).toBeNull();
  if (dealIns.length) expect(s.averageDealIn).toBeCloseTo(mean(dealIns)!, 9);
  else expect(s.averageDealIn).toBeNull();
  expect(s.averageScore).toBeCloseTo(total('score') / games.length, 9);
  expect(s.fouls).toEqual({});
}

describe('player profiles: history and statistics (issue 16 item 4)', () => {
  const played: { id: string; seat: number }[] = [];
  let me: Awaited<ReturnType<typeof account>>;
  let friend: Awaited<ReturnType<typeof account>>;
  let privateGame = { id: '', code: '' };

  it("an account's games and statistics equal what the games' logs say, and grow with each game", async () => {
    me = await account('Profile Player');
    // Two public games: the account at East, then at West (bots at the other seats).
    for (const [seat, seed] of [
      [0, 'profile-1'],
      [2, 'profile-2'],
    ] as const) {
      const table = await me.client.create({ ...short(seed), bots: ([0, 1, 2, 3] as const).filter((s) => s !== seat), seat });
      expect(table.seat).toBe(seat);
      await playOut(table);
      played.unshift({ id: table.id, seat });
    }
    const first = await connect(served.url).player(me.name);
    expect(first.name).toBe(me.name);
    expect(first.ratings).toEqual([]);
    expect(first.games.map((g) => [g.id, g.seat])).toEqual(played.map((p) => [p.id, p.seat]));
    const expected = await Promise.all(played.map((p) => facts(p.id, p.seat)));
    first.games.forEach((g, i) => {
      expect(g).toMatchObject({ status: 'finished', placement: expected[i].placement, score: expected[i].score, private: false });
      expect(g.replay).toBe(`/#/replay/${g.id}`);
      expect(g.downloads).toEqual({ tenhou6: `/api/games/${g.id}/tenhou6`, mjai: `/api/games/${g.id}/mjai`, mjlog: `/api/games/${g.id}/mjlog` });
      expect(g.players[g.seat]).toBe(me.name);
    });
    expectStatsOf(first, expected);
    // The bots did things the statistics count: a test that could not tell a wrong rate from a right one would be no test.
    expect(first.stats.hands).toBeGreaterThan(3);
    expect(first.stats.wins + first.stats.dealIns + first.stats.riichi + first.stats.calls).toBeGreaterThan(0);

    // A third game: the cached statistics follow the account's games.
    const table = await me.client.create({ ...short('profile-3'), bots: [1, 2, 3], seat: 0 });
    await playOut(table);
    played.unshift({ id: table.id, seat: 0 });
    const after = await me.client.player(me.name);
    expect(after.games.map((g) => g.id)).toEqual(played.map((p) => p.id));
    expectStatsOf(after, await Promise.all(played.map((p) => facts(p.id, p.seat))));
  }, 300_000);

  it("a private table's game is shown only to its own players' sessions, and its code never to anyone else", async () => {
    friend = await account('Profile Friend');
    const host = await me.client.create({ ...short('profile-private'), private: true, bots: [2, 3], seat: 0 });
    const code = await until('the invite code', () => host.invite !== null).then(() => host.invite!);
    const guest = await friend.client.join(host.id, { code, seat: 1 });
    await Promise.all([playOut(host), playOut(guest)]);
    privateGame = { id: host.id, code };

    const stranger = await account('Profile Stranger');
    for (const viewer of [connect(served.url), stranger.client]) {
      for (const name of [me.name, friend.name]) {
        const res = await get(`/api/players/${encodeURIComponent(name)}`, viewer.session ?? undefined);
        const text = await res.text();
        expect(res.status).toBe(200);
        expect(text).not.toContain(host.id);
        expect(text).not.toContain(code);
      }
      const p = await viewer.player(me.name);
      expect(p.games.map((g) => g.id)).toEqual(played.map((x) => x.id));
      expectStatsOf(p, await Promise.all(played.map((x) => facts(x.id, x.seat))));
      expect((await viewer.player(friend.name)).games).toEqual([]);
    }
    // Its players see it, with links that open it.
    for (const [who, seat] of [
      [me, 0],
      [friend, 1],
    ] as const) {
      const p = await who.client.player(who.name);
      const g = p.games[0];
      expect(g).toMatchObject({ id: host.id, private: true, seat });
      expect(g.replay).toBe(`/#/replay/${host.id}?code=${code}`);
      const res = await get(g.downloads!.tenhou6);
      expect(res.status).toBe(200);
      const f = await facts(host.id, seat, code);
      expect(g).toMatchObject({ placement: f.placement, score: f.score });
    }
    // Each sees it on the other's profile too (both played it); the stranger does not.
    expect((await friend.client.player(me.name)).games[0].id).toBe(host.id);
    const mine = await me.client.player(me.name);
    expectStatsOf(mine, await Promise.all([facts(host.id, 0, code), ...played.map((x) => facts(x.id, x.seat))]));
  }, 300_000);

  it('pages through the games, newest first, a bounded page at a time', async () => {
    const one = await me.client.player(me.name, { page: 1 });
    expect(one).toMatchObject({ page: 1, pages: 1, total: 4 });
    const two = await me.client.player(me.name, { page: 2 });
    expect(two.games).toEqual([]);
    expect(two.stats).toEqual(one.stats);
  });

  it('hostile names and pages get a clear error and change nothing', async () => {
    const before = await (await get(`/api/players/${encodeURIComponent(me.name)}`, me.client.session!)).json();
    const cases: [string, number, string][] = [
      ['/api/players/nobody%20here', 404, 'NO_PLAYER'],
      [`/api/players/${'x'.repeat(300)}`, 400, 'BAD_NAME'],
      [`/api/players/${'y'.repeat(30)}`, 400, 'BAD_NAME'],
      ['/api/players/a%00b', 400, 'BAD_NAME'],
      ['/api/players/a%1Bb', 400, 'BAD_NAME'],
      ['/api/players/%E2%80%AEevil', 400, 'BAD_NAME'],
      ['/api/players/%20%20', 400, 'BAD_NAME'],
      ['/api/players/..%2F..%2Fetc%2Fpasswd', 404, 'NO_PLAYER'],
      ['/api/players/%ZZ', 404, 'NO_PLAYER'],
      [`/api/players/${encodeURIComponent(me.name)}?page=0`, 400, 'BAD_PAGE'],
      [`/api/players/${encodeURIComponent(me.name)}?page=-1`, 400, 'BAD_PAGE'],
      [`/api/players/${encodeURIComponent(me.name)}?page=abc`, 400, 'BAD_PAGE'],
      [`/api/players/${encodeURIComponent(me.name)}?page=99999999999`, 400, 'BAD_PAGE'],
      [`/api/players/${encodeURIComponent(me.name)}?page=1.5`, 400, 'BAD_PAGE'],
    ];
    for (const [path, status, error] of cases) {
      const res = await get(path);
      const body = (await res.json()) as { error: string; reason: string };
      expect([path, res.status, body.error]).toEqual([path, status, error]);
      expect(typeof body.reason).toBe('string');
    }
    // A forged session is a stranger: no private game.
    const forged = await (await get(`/api/players/${encodeURIComponent(me.name)}`, `${me.client.session!.split('.')[0]}.AAAA`)).json();
    expect(JSON.stringify(forged)).not.toContain(privateGame.id);
    expect(await (await get(`/api/players/${encodeURIComponent(me.name)}`, me.client.session!)).json()).toEqual(before);
    // Names are matched ignoring case, as they are unique.
    expect((await connect(served.url).player(me.name.toUpperCase())).name).toBe(me.name);
    await expect(connect(served.url).player('nobody here')).rejects.toMatchObject({ code: 'NO_PLAYER' });
  });
});
