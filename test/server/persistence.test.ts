import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { parseTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import type { TableState } from '@jantaku/shared/schema/table';
import { createServer, DB_FILE } from '../../server/src/index';
import { TableRoom } from '../../server/src/rooms/TableRoom';
import { GameStore } from '../../server/src/store/index';
import { freePort } from './harness';

/**
 * Checks, at every patch it sends, that everything the referee logged is already in the store.
 * A call that sends nothing is not counted: Colyseus's patch timer may fire between a bot's move
 * and the commit at the end of that turn of the event loop, and then finds nothing to send (the
 * state follows the referee only after the commit).
 */
class CheckedTableRoom extends TableRoom {
  static last: CheckedTableRoom | null = null;
  patches = 0;
  /** Patches sent while the store lagged the referee's log. */
  unrecorded: string[] = [];

  override onCreate(options: unknown): void {
    super.onCreate(options);
    CheckedTableRoom.last = this;
  }

  override broadcastPatch(): boolean {
    const checked = this.referee && this.store?.isOpen ? { stored: this.store.getGame(this.roomId)?.commands ?? -1, logged: this.referee.logLength } : null;
    const sent = super.broadcastPatch();
    if (sent && checked) {
      this.patches++;
      if (checked.stored !== checked.logged) this.unrecorded.push(`${checked.stored}/${checked.logged}`);
    }
    return sent;
  }
}

let server: Server & { store: GameStore };
let dataDir: string;
let http: string;
let ws: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'jantaku-persist-'));
  const port = await freePort();
  server = createServer({ room: CheckedTableRoom, gracefullyShutdown: false, dataDir });
  await server.listen(port);
  http = `http://127.0.0.1:${port}`;
  ws = `ws://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.gracefullyShutdown(false);
  rmSync(dataDir, { recursive: true, force: true });
});

const getJson = async (path: string) => {
  const res = await fetch(`${http}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as Record<string, unknown> };
};

function until(room: { state: TableState; onStateChange: (cb: (s: TableState) => void) => unknown }, done: (s: TableState) => boolean, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out at phase ${room.state?.phase}`)), ms);
    const check = () => {
      if (room.state?.seats?.length && done(room.state)) {
        clearTimeout(t);
        resolve();
      }
    };
    room.onStateChange(check);
    check();
  });
}

describe('games recorded in SQLite and served over HTTP', () => {
  it('a four-bot table watched by a spectator is stored before each patch, finished, listed and exported as a tenhou.net/6 log that replays to the same standings', async () => {
    expect(server.store.path).toBe(join(dataDir, DB_FILE));
    const spectator = await new Client(ws).create<TableState>('table', {
      ruleset: 'tenhou',
      seed: 'persist-1',
      bots: 4,
      bot: 'efficiency',
      botDelayMs: 0,
      handPauseMs: 0,
      spectator: true,
    });
    const id = spectator.roomId;
    const room = CheckedTableRoom.last!;
    expect(room.roomId).toBe(id);

    // While it plays: listed as open, with its full ruleset and seats; never its seed (issue 14: it gives every wall).
    const open = await getJson(`/api/games/${id}`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id, ruleset: 'tenhou', status: 'open', wallAlgorithm: 'hmac-sha256-v1', standings: null });
    expect(open.body).not.toHaveProperty('seed');
    expect((open.body.rules as { name: string }).name).toBe('tenhou');
    expect(open.body.seats).toEqual([0, 1, 2, 3].map(() => ({ kind: 'bot', bot: 'efficiency' })));
    const health = await getJson('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', tables: 1, full: false, load: { tables: 1, seats: 0, maxTables: 0, maxSeats: 0, full: false, refusedTables: 0, refusedSeats: 0 } });

    await until(spectator, (s) => s.phase === 'gameOver', 60_000);
    const game = room.referee.game;
    expect(game.phase).toBe('gameOver');
    const standings = JSON.parse(spectator.state.standings);
    expect(standings).toEqual(game.standings);

    // Every patch went out with the referee's whole log already stored.
    expect(room.patches).toBeGreaterThan(100);
    expect(room.unrecorded).toEqual([]);
    const stored = server.store.commands(id);
    expect(stored.length).toBe(room.referee.logLength);
    expect(server.store.getGame(id)!.commands).toBe(stored.length);
    // The room let go of every stored entry (Referee.forgetLog): it holds none of the game's log.
    expect(room.referee.logStart).toBe(stored.length);
    expect(room.referee.log).toEqual([]);
    // The room's game recorded no hand's steps (ROOM_GAME), though it counted them; the export
    // below, replayed from the stored log, has every hand's.
    expect(game.hands.length).toBeGreaterThan(1);
    expect(game.hands.map((h) => h.steps.length + h.haipai.length)).toEqual(game.hands.map(() => 0));
    expect(game.stepsInHand).toBeGreaterThan(0);

    const list = await getJson('/api/games');
    expect(list.status).toBe(200);
    const listed = (list.body.games as Record<string, unknown>[]).find((g) => g.id === id);
    expect(listed).toMatchObject({ id, ruleset: 'tenhou', status: 'finished', standings, commands: room.referee.logLength });
    expect(typeof listed!.created).toBe('string');

    const one = await getJson(`/api/games/${id}`);
    expect(one.body).toMatchObject({ id, status: 'finished', seed: 'persist-1', standings, faults: room.referee.faults });
    expect((one.body.result as { standings: unknown }).standings).toEqual(standings);

    const res = await fetch(`${http}/api/games/${id}/tenhou6`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const log = parseTenhou6(await res.text());
    expect(log.hands.length).toBe(game.hands.filter((h) => h.result?.kind !== 'chombo').length);
    const replay = replayGame(log, undefined, { complete: true });
    expect(replay.hands.filter((h) => !h.ok).map((h) => h.mismatch)).toEqual([]);
    expect(replay.matched).toBe(log.hands.length);
    const last = replay.hands.at(-1)!.game!;
    expect(last.phase).toBe('gameOver');
    expect(last.scores).toEqual(game.scores);
    expect(last.standings).toEqual(standings);
    await spectator.leave();
  }, 90_000);

  it('answers 404 for an unknown game and 409 for the log of an unfinished one', async () => {
    for (const path of ['/api/games/nope', '/api/games/nope/tenhou6']) {
      const r = await getJson(path);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'NOT_FOUND' });
    }
    // A table waiting for its players: recorded, open, no log to export yet.
    const player = await new Client(ws).create<TableState>('table', { seed: 'waiting', bots: 3 });
    const id = player.roomId;
    const r = await getJson(`/api/games/${id}/tenhou6`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'NOT_FINISHED' });
    expect(server.store.getGame(id)!.seats.map((s) => s.kind)).toEqual(['empty', 'bot', 'bot', 'bot']);
    const list = await getJson('/api/games');
    expect((list.body.games as { id: string; status: string }[]).find((g) => g.id === id)?.status).toBe('open');
    await player.leave();
  });
});

describe('live tables and the mjai export', () => {
  it('GET /api/tables lists the public tables with their lobby metadata, not the private ones; a finished game exports as an mjai log', async () => {
    const listed = await new Client(ws).create<TableState>('table', { seed: 'listed', bots: 4, botDelayMs: 0, handPauseMs: 0, name: 'Listed table', spectator: true });
    const hidden = await new Client(ws).create<TableState>('table', { seed: 'hidden', bots: 3, private: true });
    const r = await getJson('/api/tables');
    expect(r.status).toBe(200);
    const tables = r.body.tables as { id: string; name: string; ruleset: string; seats: { presence: string }[]; clients: number }[];
    const mine = tables.find((t) => t.id === listed.roomId);
    expect(mine).toMatchObject({ name: 'Listed table', ruleset: 'tenhou', clients: 1 });
    // What a client names an unnamed table by ("Tenhou · hanchan"): here the creator named it.
    expect(mine).toMatchObject({ named: true, baseRuleset: 'tenhou', length: 'hanchan', timeControl: 'none', clockSeconds: [] });
    expect(mine!.seats.map((s) => s.presence)).toEqual(['bot', 'bot', 'bot', 'bot']);
    expect(tables.some((t) => t.id === hidden.roomId)).toBe(false);
    // The mjai log of the finished game: one JSON message a line, from start_game to end_game.
    await new Promise<void>((resolve) => listed.onStateChange((s) => s.phase === 'gameOver' && resolve()));
    const res = await fetch(`${http}/api/games/${listed.roomId}/mjai`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // Larger than one socket write: the router's adapter must still end the response (server/src/web.ts).
    expect(text.length).toBeGreaterThan(16_384);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; scores?: number[] });
    expect(lines[0].type).toBe('start_game');
    expect(lines.at(-1)).toEqual({ type: 'end_game', scores: Array.from(listed.state.seats, (s) => s.score) });
    expect(lines.filter((l) => l.type === 'start_kyoku').length).toBe(listed.state.hands);
    // A private table's game is not even said to exist without its invite code (test/server/limits.test.ts).
    expect((await fetch(`${http}/api/games/${hidden.roomId}/mjai`)).status).toBe(404);
    await Promise.all([listed.leave(), hidden.leave()]);
  });
});

describe('start(): graceful shutdown', () => {
  it('on SIGTERM stops, closes the store (WAL checkpointed) and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-sigterm-'));
    try {
      const port = await freePort();
      const entry = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        env: { ...process.env, PORT: String(port), JANTAKU_DATA_DIR: dir, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const deadline = Date.now() + 20_000;
      while (!out.includes('listening')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', tables: 0, full: false });
      // A table recorded, then the signal.
      const c = new Client(`ws://127.0.0.1:${port}`);
      const room = await c.create('table', { seed: 'sigterm', bots: 3, botDelayMs: 0, handPauseMs: 0 });
      const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The room was closed with its client (no leave() from here: the connection is gone).
      expect(await left).toBeGreaterThan(1000);
      const file = join(dir, DB_FILE);
      expect(existsSync(file)).toBe(true);
      expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);
      const store = new GameStore({ path: file });
      try {
        const g = store.getGame(room.roomId);
        expect(g).not.toBeNull();
        expect(g!.status).toBe('open');
      } finally {
        store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
