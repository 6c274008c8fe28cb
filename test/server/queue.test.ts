import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from '@colyseus/core';
import { connect, play, strategies, type JantakuClient, type Table } from '@jantaku/client-sdk';
import { createServer } from '../../server/src/index';
import type { Accounts } from '../../server/src/players/accounts';
import { ratingChangesOf, ratingsOf } from '../../server/src/players/ratings';
import { bandOf, groupsOf, DEFAULT_QUEUE } from '../../server/src/queue/queue';
import type { ServiceTable } from '../../server/src/rooms/service';
import type { GameStore } from '../../server/src/store/index';
import { freePort, RecordingTableRoom, rooms, until } from './harness';

/** The matcher alone: bands and groups, at chosen moments. */
describe('matching by rating band', () => {
  const s = { ...DEFAULT_QUEUE, baseBand: 2, widenPerSecond: 1, maxBand: 10 };
  const entry = (id: string, rating: number, joined: number) => ({ account_id: id, kind: 'k', rating, joined, seen: joined });

  it('widens the band with the wait, up to its widest', () => {
    expect(bandOf(s, 0)).toBe(2);
    expect(bandOf(s, 3000)).toBe(5);
    expect(bandOf(s, 60_000)).toBe(10);
  });

  it('seats four only when every one of them accepts their spread; a long wait widens it', () => {
    const es = [entry('a', 0, 0), entry('b', 1, 0), entry('c', 2, 0), entry('d', 5, 0)];
    expect(groupsOf(es, s, 0)).toEqual([]);
    // Spread 5: after 3 s every band is 5.
    expect(groupsOf(es, s, 2999)).toEqual([]);
    expect(groupsOf(es, s, 3000).map((g) => g.map((e) => e.account_id))).toEqual([['a', 'b', 'c', 'd']]);
    // A newcomer's narrow band holds the others back.
    const late = [entry('a', 0, 0), entry('b', 1, 0), entry('c', 2, 0), entry('d', 5, 2900)];
    expect(groupsOf(late, s, 3000)).toEqual([]);
  });

  it('takes the tightest four around the longest waiting, and no one twice', () => {
    const es = [0, 1, 2, 3, 20, 21, 22, 23, 24].map((r, i) => entry(`p${r}`, r, i));
    const groups = groupsOf(es, s, 1_000_000);
    expect(groups.map((g) => g.map((e) => e.rating))).toEqual([
      [0, 1, 2, 3],
      [20, 21, 22, 23],
    ]);
  });
});

describe('ranked queues over real websockets and a real SQLite players store', () => {
  let server: Server & { store: GameStore; accounts: Accounts };
  let url: string;
  let http: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-queue-'));

  beforeAll(async () => {
    const port = await freePort();
    server = createServer({
      room: RecordingTableRoom,
      gracefullyShutdown: false,
      dataDir,
      limits: { tablesPerAddress: 0, createsPerMinute: 0 },
      // No widening: the bands are the base band, so the test knows which four may meet.
      queue: { baseBand: 2, widenPerSecond: 0, maxBand: 2, tickMs: 100, botsAfterSeconds: 1, table: { handPauseMs: 0, botDelayMs: 0 } },
    }) as typeof server;
    await server.listen(port);
    url = `ws://127.0.0.1:${port}`;
    http = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.gracefullyShutdown(false);
    rmSync(dataDir, { recursive: true, force: true });
  });

  let n = 0;
  async function player(prefix = 'Queuer'): Promise<{ client: JantakuClient; id: string; name: string }> {
    const client = connect(url);
    const name = `${prefix} ${++n}`;
    const a = await client.register(name, `queue password ${n}`);
    return { client, id: a.id, name };
  }
  const service = (tableId: string) => server.store.getGame(tableId)!.options.service as ServiceTable;
  async function call(method: string, path: string, token?: string | null, body?: unknown) {
    const res = await fetch(http + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
  }

  it('lists the queues: Tenhou hanchan and tonpuusen, WRC hanchan with a clock, the bot ladder, quick play', async () => {
    const queues = await connect(url).queues();
    const kinds = new Map(queues.map((q) => [q.kind, q]));
    expect(kinds.get('tenhou-hanchan')).toMatchObject({ ruleset: 'tenhou', length: 'hanchan', ladder: 'people', ranked: true, guests: false, waiting: 0 });
    expect(kinds.get('tenhou-tonpuusen')).toMatchObject({ ruleset: 'tenhou', length: 'tonpuusen', ranked: true });
    expect(kinds.get('wrc-hanchan')).toMatchObject({ ruleset: 'wrc2015', length: 'hanchan', timeControl: 'wsom', ranked: true });
    expect(queues.filter((q) => q.ladder === 'bots').map((q) => q.kind)).toEqual(['bot-tenhou-hanchan', 'bot-tenhou-tonpuusen']);
    expect(kinds.get('quick-tenhou-tonpuusen')).toMatchObject({ ranked: false, guests: true, botsAfterSeconds: 1 });
  });

  it('sixteen players of four rating levels queue and are seated in four tables, each within the band', async () => {
    const players = await Promise.all(Array.from({ length: 16 }, () => player()));
    // Seeded ratings: four levels 10 apart, the four of a level within 1.5 of each other.
    const ratingOf = new Map(players.map((p, i) => [p.id, Math.floor(i / 4) * 10 + (i % 4) * 0.5]));
    await server.accounts.db
      .insertInto('ratings')
      .values(players.map((p) => ({ account_id: p.id, kind: 'tenhou-hanchan', mu: 25 + ratingOf.get(p.id)!, sigma: 25 / 3, rating: ratingOf.get(p.id)!, games: 10, dan: 10, dan_points: 200, updated: Date.now() })))
      .execute();
    // They queue mixed up.
    const order = [...players].sort((a, b) => (a.name.length * 7 + a.id.charCodeAt(0)) % 5 - (b.name.length * 7 + b.id.charCodeAt(0)) % 5);
    const tables = await Promise.all(order.map((p) => p.client.queue('tenhou-hanchan').then((t) => ({ p, t }))));
    const byTable = new Map<string, { p: (typeof players)[0]; t: Table }[]>();
    for (const x of tables) byTable.set(x.t.id, [...(byTable.get(x.t.id) ?? []), x]);
    expect(byTable.size).toBe(4);
    for (const [id, four] of byTable) {
      expect(four).toHaveLength(4);
      const ratings = four.map((x) => ratingOf.get(x.p.id)!);
      expect(Math.max(...ratings) - Math.min(...ratings)).toBeLessThanOrEqual(2);
      // A ranked service table: its seats are the four accounts, each sat at its own.
      const s = service(id);
      expect(s.event).toEqual({ kind: 'ranked', ref: 'tenhou-hanchan' });
      expect([...s.seats].sort()).toEqual(four.map((x) => x.p.id).sort());
      for (const x of four) expect(s.seats[x.t.seat!]).toBe(x.p.id);
      expect(server.store.getGame(id)!.seats.every((seat) => seat.kind !== 'bot')).toBe(true);
      expect(server.store.getGame(id)!.rules).toMatchObject({ name: expect.stringMatching(/^tenhou/), length: 'hanchan', timeControl: { kind: 'bank' } });
    }
    await until('the four games to start', () => [...byTable.keys()].every((id) => rooms.get(id)?.state.started));
    // Asked again, each is told its table.
    const again = await call('GET', '/api/queue', tables[0]!.p.client.session);
    expect(again.json).toMatchObject({ status: 'matched', kind: 'tenhou-hanchan', table: tables[0]!.t.id, seat: tables[0]!.t.seat });
    await Promise.all(tables.map((x) => x.t.leave()));
  }, 120_000);

  it('the WRC queue seats its four at a WRC 2015 hanchan table with the tournament clock', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player('Wrc')));
    const tables = await Promise.all(players.map((p) => p.client.queue('wrc-hanchan')));
    expect(new Set(tables.map((t) => t.id)).size).toBe(1);
    const game = server.store.getGame(tables[0]!.id)!;
    expect(game.rules).toMatchObject({ name: expect.stringMatching(/^wrc2015/), length: 'hanchan', timeControl: { kind: 'wsom' } });
    expect(service(game.id).event).toEqual({ kind: 'ranked', ref: 'wrc-hanchan' });
    await Promise.all(tables.map((t) => t.leave()));
  }, 60_000);

  it('leaving the queue is instant, and the one who left is never seated', async () => {
    const [a, b, leaver] = await Promise.all([player('Stayer'), player('Stayer'), player('Leaver')]);
    const waits = [a, b].map((p) => p.client.queue('tenhou-tonpuusen'));
    const left = leaver.client.queue('tenhou-tonpuusen');
    const leftResult = left.then(
      () => 'seated',
      (e: { code?: string }) => e.code,
    );
    for (;;) {
      const q = (await connect(url).queues()).find((k) => k.kind === 'tenhou-tonpuusen')!;
      if (q.waiting === 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await leaver.client.leaveQueue()).toBe(true);
    expect(await leftResult).toBe('QUEUE_LEFT');
    // Gone at once: not waiting, not queued, not to be matched.
    expect((await call('GET', '/api/queue', leaver.client.session)).status).toBe(404);
    expect((await connect(url).queues()).find((k) => k.kind === 'tenhou-tonpuusen')!.waiting).toBe(2);
    expect(await leaver.client.leaveQueue()).toBe(false);
    // Cancelled through an AbortSignal, even one that fires before the join has landed.
    const aborted = await player('Aborter');
    const controller = new AbortController();
    const cancelled = aborted.client.queue('tenhou-tonpuusen', { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'QUEUE_LEFT' });
    expect((await call('GET', '/api/queue', aborted.client.session)).status).toBe(404);
    expect((await connect(url).queues()).find((k) => k.kind === 'tenhou-tonpuusen')!.waiting).toBe(2);
    const [c, d] = await Promise.all([player('Stayer'), player('Stayer')]);
    const seated = await Promise.all([...waits, c.client.queue('tenhou-tonpuusen'), d.client.queue('tenhou-tonpuusen')]);
    const s = service(seated[0]!.id);
    expect([...s.seats].sort()).toEqual([a, b, c, d].map((p) => p.id).sort());
    expect(s.seats).not.toContain(leaver.id);
    expect(s.seats).not.toContain(aborted.id);
    expect((await call('GET', '/api/queue', leaver.client.session)).status).toBe(404);
    // A matched player's leave comes too late: its table is made.
    const late = await call('DELETE', '/api/queue', a.client.session);
    expect(late).toMatchObject({ status: 409, json: { error: 'ALREADY_MATCHED', table: seated[0]!.id } });
    // While that game goes on, the player is sent back to it rather than queued again.
    const again = await call('POST', '/api/queue', a.client.session, { kind: 'tenhou-hanchan' });
    expect(again).toMatchObject({ status: 409, json: { error: 'IN_GAME', table: seated[0]!.id } });
    expect((await connect(url).queues()).find((k) => k.kind === 'tenhou-hanchan')!.waiting).toBe(0);
    await Promise.all(seated.map((t) => t.leave()));
  }, 60_000);

  it('guests may not queue ranked; quick play seats a guest with bots after its wait', async () => {
    const guest = connect(url);
    await guest.guest();
    await expect(guest.queue('tenhou-hanchan')).rejects.toMatchObject({ code: 'GUESTS_NOT_RANKED', status: 403 });
    const table = await guest.queue('quick-tenhou-tonpuusen');
    const s = service(table.id);
    expect(s.event).toEqual({ kind: 'quick', ref: 'quick-tenhou-tonpuusen' });
    expect(s.seats.filter((x) => x !== null)).toHaveLength(1);
    const game = server.store.getGame(table.id)!;
    expect(game.seats.filter((x) => x.kind === 'bot')).toHaveLength(3);
    await table.leave();
  }, 30_000);

  it('bot accounts queue the bot ladder, never with people; people cannot queue it', async () => {
    const owner = await player('Owner');
    const keys: string[] = [];
    for (let i = 0; i < 4; i++) {
      const bot = await owner.client.createBot(`Ladder Bot ${i}`);
      expect(bot.bot).toBe(true);
      keys.push((await owner.client.createKey(bot.name)).key);
    }
    await expect(owner.client.queue('bot-tenhou-tonpuusen')).rejects.toMatchObject({ code: 'BOTS_LADDER_ONLY', status: 403 });
    // A person waits in the people's tonpuusen queue meanwhile: no bot is seated with it.
    const person = owner.client.queue('tenhou-tonpuusen');
    const botTables = await Promise.all(keys.map((apiKey) => connect(url, { apiKey }).queue('tenhou-tonpuusen')));
    const s = service(botTables[0]!.id);
    expect(s.event).toEqual({ kind: 'ranked', ref: 'bot-tenhou-tonpuusen' });
    expect(new Set(botTables.map((t) => t.id)).size).toBe(1);
    expect(s.seats).not.toContain(owner.id);
    expect(await owner.client.leaveQueue()).toBe(true);
    await expect(person).rejects.toMatchObject({ code: 'QUEUE_LEFT' });
    await Promise.all(botTables.map((t) => t.leave()));
  }, 60_000);

  it('hostile input on every queue and leaderboard route: a clear error, nothing changed', async () => {
    const p = await player('Hostile');
    const token = p.client.session!;
    const before = JSON.stringify(await connect(url).queues());
    const ratingsBefore = await server.accounts.db.selectFrom('ratings').selectAll().orderBy('account_id').orderBy('kind').execute();
    const cases: [string, string, string | null, unknown, number, string][] = [
      ['POST', '/api/queue', null, { kind: 'tenhou-hanchan' }, 401, 'NO_SESSION'],
      ['POST', '/api/queue', 'forged.token', { kind: 'tenhou-hanchan' }, 401, 'NO_SESSION'],
      ['POST', '/api/queue', token, {}, 400, 'BAD_BODY'],
      ['POST', '/api/queue', token, { kind: 5 }, 400, 'BAD_BODY'],
      ['POST', '/api/queue', token, { kind: 'x'.repeat(1000) }, 400, 'BAD_BODY'],
      ['POST', '/api/queue', token, { kind: 'tenhou-hanchan', rating: 9999 }, 400, 'BAD_BODY'],
      ['POST', '/api/queue', token, ['tenhou-hanchan'], 400, 'BAD_BODY'],
      ['POST', '/api/queue', token, { kind: 'no-such-kind' }, 404, 'NO_QUEUE'],
      ['POST', '/api/queue', token, { kind: '<script>alert(1)</script>' }, 404, 'NO_QUEUE'],
      ['POST', '/api/queue', token, { kind: '__proto__' }, 404, 'NO_QUEUE'],
      ['GET', '/api/queue', null, undefined, 401, 'NO_SESSION'],
      ['GET', '/api/queue', token, undefined, 404, 'NOT_QUEUED'],
      ['GET', '/api/queue?wait=abc', token, undefined, 400, 'BAD_QUERY'],
      ['GET', '/api/queue?wait=-1', token, undefined, 400, 'BAD_QUERY'],
      ['GET', '/api/queue?wait=99999', token, undefined, 400, 'BAD_QUERY'],
      ['DELETE', '/api/queue', null, undefined, 401, 'NO_SESSION'],
      ['DELETE', '/api/queue', token, undefined, 404, 'NOT_QUEUED'],
      ['GET', '/api/leaderboards/no-such-kind', null, undefined, 404, 'NO_LEADERBOARD'],
      ['GET', '/api/leaderboards/quick-tenhou-tonpuusen', null, undefined, 404, 'NO_LEADERBOARD'],
      ['GET', '/api/leaderboards/%ZZ', null, undefined, 404, 'NO_LEADERBOARD'],
      ['GET', '/api/leaderboards/tenhou-hanchan?limit=0', null, undefined, 400, 'BAD_QUERY'],
      ['GET', '/api/leaderboards/tenhou-hanchan?limit=1000', null, undefined, 400, 'BAD_QUERY'],
      ['GET', '/api/leaderboards/tenhou-hanchan?limit=abc', null, undefined, 400, 'BAD_QUERY'],
      ['GET', '/api/leaderboards/tenhou-hanchan?offset=-5', null, undefined, 400, 'BAD_QUERY'],
    ];
    for (const [method, path, tok, body, status, error] of cases) {
      const r = await call(method, path, tok, body);
      expect({ method, path, body, status: r.status, error: r.json.error }).toEqual({ method, path, body, status, error });
      expect(typeof r.json.reason).toBe('string');
    }
    // Malformed JSON: the router's own 400.
    expect((await call('POST', '/api/queue', token, '{"kind":')).status).toBe(400);
    expect(JSON.stringify(await connect(url).queues())).toBe(before);
    expect(await server.accounts.db.selectFrom('ratings').selectAll().orderBy('account_id').orderBy('kind').execute()).toEqual(ratingsBefore);
  }, 30_000);

  it('a ranked game played to the end moves the four ratings and dan points as its placements say', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player('Rated')));
    const tables = await Promise.all(players.map((p) => p.client.queue('tenhou-tonpuusen')));
    const id = tables[0]!.id;
    const standings = await Promise.all(tables.map((t) => play(t, strategies.efficiency, { thinkMs: 1000 })));
    const seats = service(id).seats;
    for (;;) {
      if ((await ratingsOf(server.accounts.db, players[0]!.id)).length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const final = standings[0]!;
    for (const p of players) {
      const [r] = await ratingsOf(server.accounts.db, p.id);
      const placement = final.find((s) => seats[s.seat] === p.id)!.rank;
      expect(r).toMatchObject({ kind: 'tenhou-tonpuusen', games: 1 });
      const [change] = await ratingChangesOf(server.accounts.db, p.id);
      expect(change).toMatchObject({ gameId: id, kind: 'tenhou-tonpuusen', placement, after: { rating: r!.rating, danPoints: r!.danPoints } });
      // From novice (0 points, 20 to promote): first and second promote to 9-kyu, third and fourth stay.
      expect(r!.danName).toBe(placement <= 2 ? '9-kyu' : 'novice');
      // Placement ordering moves the rating: first up from 25, fourth down.
      if (placement === 1) expect(r!.mu).toBeGreaterThan(25);
      if (placement === 4) expect(r!.mu).toBeLessThan(25);
      // The profile shows the same rating, and the game with its placement, to anyone.
      const profile = await connect(url).player(p.name);
      expect(profile.ratings).toEqual([r]);
      expect(profile.games[0]).toMatchObject({ id, placement, event: { kind: 'ranked', ref: 'tenhou-tonpuusen' } });
    }
    // The game is over: its players may queue again.
    for (const p of players) {
      let r = await call('POST', '/api/queue', p.client.session, { kind: 'tenhou-hanchan' });
      while (r.json.error === 'IN_GAME') r = await call('POST', '/api/queue', p.client.session, { kind: 'tenhou-hanchan' });
      expect(r).toMatchObject({ status: 200, json: { status: 'queued', kind: 'tenhou-hanchan' } });
      expect(await p.client.leaveQueue()).toBe(true);
    }
    const board = await connect(url).leaderboard('tenhou-tonpuusen');
    const ours = board.filter((e) => players.some((p) => p.name === e.name));
    expect(ours.map((e) => e.name)).toEqual([...final].sort((a, b) => a.rank - b.rank).map((s) => players.find((p) => p.id === seats[s.seat])!.name));
    await Promise.all(tables.map((t) => t.leave()));
  }, 240_000);
});
