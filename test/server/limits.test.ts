import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, JantakuError, type Table } from '@jantaku/client-sdk';
import { DEFAULT_LIMITS, limitsFromEnv } from '../../server/src/limits';
import { Metrics } from '../../server/src/metrics';
import { DEFAULT_CLOSE_EMPTY_SECONDS, parseTableOptions } from '../../server/src/rooms/options';
import { startRetention } from '../../server/src/retention';
import { GameStore } from '../../server/src/store/index';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { rooms, serveDuringFile, startServer, until } from './harness';

/**
 * The limits on abuse (issue 14) against live servers: tables per address and per minute (and
 * that a client cannot pick its address), private tables reached only with their invite code,
 * seats claimed and left before play released, the commentator delay's floor, finished games
 * deleted by the retention setting, and every limit in /metrics.
 */

const opened: Table[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.leave().catch(() => {})));
});

async function refusal(p: Promise<unknown>): Promise<JantakuError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(JantakuError);
    return e as JantakuError;
  }
  throw new Error('expected a refusal');
}

const http = (ws: string) => ws.replace(/^ws/, 'http');
const keep = (t: Table) => (opened.push(t), t);

describe('tables per address', () => {
  // The defaults but for two small numbers, so the test reaches them.
  const served = serveDuringFile(undefined, { tablesPerAddress: 2, createsPerMinute: 4 });

  it('an address has at most tablesPerAddress tables open, and creates at most createsPerMinute a minute; X-Forwarded-For does not change its address', async () => {
    // Each claims to be somebody else: the server takes the peer's address (no trusted proxy).
    const spoofed = (n: number) => connect(served.url, { headers: { 'x-forwarded-for': `203.0.113.${n}`, 'x-real-ip': `198.51.100.${n}` } });
    // Two bots and the creator: a table waiting for its fourth player.
    const a = keep(await spoofed(1).create({ bots: 2, botDelayMs: 60_000, closeEmptySeconds: 0 }));
    keep(await spoofed(2).create({ bots: 3, botDelayMs: 60_000 }));
    const third = await refusal(spoofed(3).create({ bots: 3, botDelayMs: 60_000 }));
    expect(third.message).toMatch(/^MATCHMAKE: TABLE_LIMIT: at most 2 tables open at once from one address/);
    expect(third.status).toBe(429);
    // One closes (its game never began, nobody is left): the address may open another.
    await a.leave();
    let again: Table | undefined;
    for (let i = 0; i < 200 && !again; i++) {
      again = await spoofed(4)
        .create({ bots: 3, botDelayMs: 60_000 })
        .catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 25)));
    }
    expect(again?.seat).toBe(0);
    keep(again!);
  });
});

describe('tables created per minute', () => {
  const served = serveDuringFile(undefined, { tablesPerAddress: 0, createsPerMinute: 3 });

  it('the fourth creation within a minute from one address is refused with CREATE_RATE_LIMITED, and counted in /metrics', async () => {
    for (let i = 0; i < 3; i++) keep(await connect(served.url).create({ bots: 3, botDelayMs: 60_000 }));
    const fourth = await refusal(connect(served.url).create({ bots: 3, botDelayMs: 60_000 }));
    expect(fourth.message).toMatch(/CREATE_RATE_LIMITED: at most 3 tables created per minute from one address/);
    expect(fourth.status).toBe(429);
    const metrics = await (await fetch(`${http(served.url)}/metrics`)).text();
    expect(metrics).toMatch(/^jantaku_limit_refusals_total\{limit="createsPerMinute"\} 1$/m);
    expect(metrics).toMatch(/^jantaku_limit\{limit="createsPerMinute"\} 3$/m);
  });
});

describe('every limit in /metrics', () => {
  it('reports each configured and fixed limit, 0 meaning none', async () => {
    const m = new Metrics({ defaultMetrics: false, tables: () => [], limits: { ...DEFAULT_LIMITS, retentionDays: 30 } });
    const text = await m.text();
    for (const [limit, value] of Object.entries({ ...DEFAULT_LIMITS, retentionDays: 30, trustProxy: 0, maxActionBytes: 512, minCommentatorDelayMs: 1000, closeEmptySecondsDefault: DEFAULT_CLOSE_EMPTY_SECONDS }))
      expect(text, limit).toMatch(new RegExp(`^jantaku_limit\\{limit="${limit}"\\} ${Number(value)}$`, 'm'));
    expect(text).toMatch(/^jantaku_limit\{limit="messageBurst"\} \d+$/m);
  });

  it('limits come from the environment, checked: a bad value stops the server naming its variable', () => {
    expect(limitsFromEnv({ JANTAKU_TABLES_PER_ADDRESS: '3', JANTAKU_RETENTION_DAYS: '0', JANTAKU_TRUST_PROXY: '1' })).toMatchObject({ tablesPerAddress: 3, retentionDays: 0, trustProxy: true });
    expect(() => limitsFromEnv({ JANTAKU_CREATES_PER_MINUTE: 'lots' })).toThrow('invalid JANTAKU_CREATES_PER_MINUTE: lots');
    expect(() => limitsFromEnv({ JANTAKU_TRUST_PROXY: 'yes' })).toThrow('invalid JANTAKU_TRUST_PROXY');
    expect(() => limitsFromEnv({ JANTAKU_RETENTION_DAYS: '-1' })).toThrow('invalid JANTAKU_RETENTION_DAYS');
  });
});

describe('message limits, configured', () => {
  const served = serveDuringFile(undefined, { messageBurst: 3, messagesPerSecond: 1, maxFrameBytes: 1024 });

  it('a burst of 3: the fourth refused message is RATE_LIMITED; a frame over maxFrameBytes closes the connection', async () => {
    const room = await served.client().create<TableState>('table', { bots: 3, botDelayMs: 60_000 });
    room.onMessage('*', () => {});
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      try {
        await room.request('action', { type: 'nonsense' });
      } catch (e) {
        codes.push((e as { reason?: { code: string } }).reason?.code ?? String(e));
      }
    }
    expect(codes.slice(0, 3).every((c) => c !== 'RATE_LIMITED')).toBe(true);
    expect(codes.slice(3)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const closed = new Promise<number>((r) => room.onLeave((code) => r(code)));
    room.send('action', { type: 'discard', pad: 'x'.repeat(1500) });
    expect(await closed).toBeGreaterThanOrEqual(1000);
  });
});

describe('private tables', () => {
  const served = serveDuringFile();

  it('are listed nowhere, and are joined, watched and read over HTTP only with their invite code', async () => {
    const host = keep(await connect(served.url).create({ private: true, bots: 2, botDelayMs: 60_000, name: 'Friends only', seed: 'private-1' }));
    expect(host.invite).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const id = host.id;
    // Not in the lobby's list nor in the games'.
    const tables = (await (await fetch(`${http(served.url)}/api/tables`)).json()) as { tables: { id: string }[] };
    expect(tables.tables.map((t) => t.id)).not.toContain(id);
    const games = (await (await fetch(`${http(served.url)}/api/games`)).json()) as { games: { id: string }[] };
    expect(games.games.map((g) => g.id)).not.toContain(id);
    // Without the code (or with a wrong one): no seat, no watching, no record.
    for (const attempt of [connect(served.url).join(id), connect(served.url).join(id, { code: 'x'.repeat(12) }), connect(served.url).spectate(id)]) {
      const r = await refusal(attempt);
      expect(r.status).toBe(403);
      expect(r.message).toContain('INVITE_REQUIRED');
    }
    for (const path of [`/api/games/${id}`, `/api/games/${id}/fairness`, `/api/games/${id}?code=wrong`]) expect((await fetch(`${http(served.url)}${path}`)).status, path).toBe(404);
    // With it: a spectator, the record, and the last seat (the game begins).
    const code = host.invite!;
    const watcher = keep(await connect(served.url).spectate(id, { code }));
    expect(watcher.role).toBe('spectator');
    const record = await fetch(`${http(served.url)}/api/games/${id}?code=${code}`);
    expect(record.status).toBe(200);
    expect(((await record.json()) as { id: string }).id).toBe(id);
    expect((await fetch(`${http(served.url)}/api/games/${id}/mjai?code=${code}`)).status).toBe(409); // there, but not finished
    const friend = keep(await connect(served.url).join(id, { code }));
    expect(friend.seat).toBe(1);
    expect(friend.invite).toBe(code);
    await until('the game to begin', () => rooms.get(id)!.state.started);
  });
});

describe('seats claimed and left before play', () => {
  const served = serveDuringFile();

  it('are free again: a stranger who takes every free seat and leaves cannot start the game with absent seats', async () => {
    const host = keep(await connect(served.url).create({ bots: 0, botDelayMs: 60_000, seed: 'squat' }));
    const room = rooms.get(host.id)!;
    // The squatter takes two free seats and leaves them, then the last one and leaves it: every
    // seat has been claimed, as the old server counted it, but nobody but the host is there.
    const squats = [await connect(served.url).join(host.id, { name: 'squatter' }), await connect(served.url).join(host.id, { name: 'squatter' })];
    expect(squats.map((q) => q.seat)).toEqual([1, 2]);
    await Promise.all(squats.map((q) => q.leave()));
    const last = await connect(served.url).join(host.id, { seat: 3, name: 'squatter' });
    await last.leave();
    await until('seats 1 to 3 to be free', () => [1, 2, 3].every((s) => room.state.seats[s].presence === 'empty'));
    expect(room.state.started).toBe(false);
    expect([...room.state.seats].map((s) => s.name).slice(1)).toEqual(['', '', '']);
    // The invited friends get those seats, and play begins with everyone there.
    const friends = ([1, 2, 3] as const).map((seat) => connect(served.url).join(host.id, { seat, name: `friend ${seat}` }));
    expect((await Promise.all(friends)).map((f) => keep(f).seat)).toEqual([1, 2, 3]);
    await until('the game to begin', () => room.state.started);
    expect([...room.state.seats].map((s) => s.presence)).toEqual(['player', 'player', 'player', 'player']);
    // The store forgot the squatter's claims: the four players' are recorded, by name.
    const claims = (served.server as unknown as { store: GameStore }).store.seatClaims(host.id);
    expect(claims.map((c) => c.name).sort()).toEqual(['', 'friend 1', 'friend 2', 'friend 3']);
  });
});

describe('table options that are limits', () => {
  it('the commentator delay is at least 1000 ms (0 would be a live full view); empty tables close after 20 s by default', () => {
    for (const ms of [0, 1, 999]) expect(() => parseTableOptions({ commentatorDelayMs: ms }), String(ms)).toThrow('invalid table option commentatorDelayMs: must be at least 1000 ms');
    expect(parseTableOptions({ commentatorDelayMs: 1000 }).commentatorDelayMs).toBe(1000);
    expect(parseTableOptions({}).closeEmptySeconds).toBe(20);
    expect(parseTableOptions({}).inviteCode).toBeNull();
    const a = parseTableOptions({ private: true }).inviteCode;
    const b = parseTableOptions({ private: true }).inviteCode;
    expect(a).not.toBe(b);
  });
});

describe('retention', () => {
  it('deletes finished games past JANTAKU_RETENTION_DAYS with their logs, and keeps newer and unfinished ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-retention-'));
    try {
      const store = new GameStore({ path: join(dir, 'jantaku.sqlite') });
      const rules = makeRuleset('tenhou');
      const day = 86_400_000;
      const add = (id: string, finishedDaysAgo: number | null) => {
        store.createGame({ id, rules, seed: id, seats: [{ kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }], options: {} });
        store.claimSeat(id, { seat: 0, tokenHash: 'h', name: 'A' });
        if (finishedDaysAgo !== null) store.finish(id, { standings: [] }, Date.now() - finishedDaysAgo * day);
      };
      add('old', 40);
      add('recent', 10);
      add('running', null);
      const metrics = new Metrics({ defaultMetrics: false, tables: () => [] });
      const stop = startRetention(store, 30, metrics);
      await until('the first sweep', () => store.getGame('old') === null || store.getGame('old') === undefined);
      stop();
      expect(store.getGame('recent')?.status).toBe('finished');
      expect(store.getGame('running')?.status).toBe('open');
      expect(store.seatClaims('old')).toEqual([]);
      expect(await metrics.text()).toMatch(/^jantaku_games_purged_total 1$/m);
      // Retention 0 keeps every game.
      const none = startRetention(store, 0, metrics);
      none();
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('a server started with its defaults counts tables per address (the test servers turn that off)', async () => {
  const { server, url, dataDir } = await startServer(undefined, undefined, { tablesPerAddress: DEFAULT_LIMITS.tablesPerAddress, createsPerMinute: DEFAULT_LIMITS.createsPerMinute });
  try {
    const text = await (await fetch(`${http(url)}/metrics`)).text();
    expect(text).toMatch(new RegExp(`^jantaku_limit\\{limit="tablesPerAddress"\\} ${DEFAULT_LIMITS.tablesPerAddress}$`, 'm'));
  } finally {
    await server.gracefullyShutdown(false);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
