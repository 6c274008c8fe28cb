import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, play, strategies, type JantakuClient } from '@jantaku/client-sdk';
import { startPostgres, type Postgres } from '../support/postgres';
import { freePort } from './harness';

/**
 * Two server processes on one PostgreSQL (the players store: accounts, queues, ratings, the
 * finished games) and one Redis (matchmaking, the matcher's wake-ups), both started here: one
 * queue across processes, and every finished game served by both.
 */
interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Proc {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, exited };
}
async function waitFor(what: string, proc: Proc, ready: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited (${proc.child.exitCode}): ${proc.out()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${ms} ms: ${proc.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stop(proc: Proc | undefined): Promise<number | null> {
  if (!proc) return null;
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  return proc.exited;
}

const entry = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'jantaku-queue-scale-'));
let redis: Proc | undefined;
let postgres: Postgres | undefined;
const nodes: { http: string; ws: string; proc: Proc }[] = [];

beforeAll(async () => {
  postgres = await startPostgres('jantaku-queue-scale-pg-');
  const redisPort = await freePort();
  redis = run('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no']);
  await waitFor('redis-server', redis, () => /ready to accept connections/i.test(redis!.out()));
  const shared = { DATABASE_URL: postgres.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, JANTAKU_SECRET: 'queue-scale-secret' };
  // One after the other: both would run the migrations at once otherwise (Kysely's lock serialises them, but the test need not rely on it).
  for (const name of ['A', 'B']) {
    const port = await freePort();
    const dataDir = join(dir, name);
    const env = { ...process.env, ...shared, PORT: String(port), JANTAKU_DATA_DIR: dataDir, PUBLIC_ADDRESS: `127.0.0.1:${port}` };
    const node = { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}`, proc: run(process.execPath, ['--import', 'tsx', entry], env) };
    nodes.push(node);
    await waitFor(`server ${name}`, node.proc, async () => (await fetch(`${node.http}/health`).catch(() => null))?.status === 200);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => stop(n.proc)));
  await stop(redis);
  try {
    postgres?.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

let n = 0;
/** A registered account whose client talks to process `node` (0: A, 1: B). */
async function player(node: number): Promise<{ client: JantakuClient; id: string; name: string }> {
  const client = connect(nodes[node]!.ws);
  const name = `Scaled ${++n}`;
  const a = await client.register(name, `scaled password ${n}`);
  return { client, id: a.id, name };
}

/** The game record from whichever process hosts it. */
async function gameRecord(id: string): Promise<{ host: number; record: Record<string, any> }> {
  for (const [i, node] of nodes.entries()) {
    const r = await fetch(`${node.http}/api/games/${id}`);
    if (r.status === 200) return { host: i, record: (await r.json()) as Record<string, any> };
  }
  throw new Error(`no process has game ${id}`);
}

describe('one queue across two processes (PostgreSQL + Redis)', () => {
  it('players asking through either process are seated together; one who left through the other is not; the game moves the ratings in PostgreSQL and is served by both processes', async () => {
    // The leaver queues through A and leaves through B, with the same session.
    const leaver = await player(0);
    const leaving = leaver.client.queue('tenhou-tonpuusen').catch((e: { code?: string }) => e.code);
    for (;;) {
      const q = ((await (await fetch(`${nodes[1]!.http}/api/queues`)).json()) as { queues: { kind: string; waiting: number }[] }).queues;
      if (q.find((k) => k.kind === 'tenhou-tonpuusen')!.waiting === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await connect(nodes[1]!.ws, { session: leaver.client.session! }).leaveQueue()).toBe(true);
    // Its own poll (on A) learns it from the shared store.
    expect(await leaving).toBe('QUEUE_LEFT');

    const players = await Promise.all([player(0), player(0), player(1), player(1)]);
    const tables = await Promise.all(players.map((p) => p.client.queue('tenhou-tonpuusen')));
    expect(new Set(tables.map((t) => t.id)).size).toBe(1);
    const id = tables[0]!.id;
    const { host, record } = await gameRecord(id);
    expect(record.status).toBe('open');

    // Played to the end: each process reads the same new ratings from PostgreSQL.
    const standings = (await Promise.all(tables.map((t) => play(t, strategies.efficiency, { thinkMs: 1000 }))))[0]!;
    // Each account at the seat it was given, the leaver at none.
    const names = ((await (await fetch(`${nodes[host]!.http}/api/games/${id}/replay`)).json()) as { names: string[] }).names;
    for (const [i, t] of tables.entries()) expect(names[t.seat!]).toBe(players[i]!.name);
    expect(names).not.toContain(leaver.name);
    const nameAt = (seat: number) => names[seat]!;
    for (;;) {
      const board = (await (await fetch(`${nodes[0]!.http}/api/leaderboards/tenhou-tonpuusen`)).json()) as { players: { name: string }[] };
      if (board.players.length === 4) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const boards = await Promise.all(nodes.map(async (node) => ((await (await fetch(`${node.http}/api/leaderboards/tenhou-tonpuusen`)).json()) as { players: { name: string; games: number }[] }).players));
    expect(boards[0]).toEqual(boards[1]);
    expect(boards[0]!.map((e) => e.games)).toEqual([1, 1, 1, 1]);
    expect(boards[0]!.map((e) => e.name)).toEqual([...standings].sort((a, b) => a.rank - b.rank).map((s) => nameAt(s.seat)));

    // The finished game is in the shared store: the process that did not host it serves its record,
    // its logs (byte for byte the host's) and its players' histories.
    const other = nodes[1 - host]!.http;
    for (;;) {
      if ((await fetch(`${other}/api/games/${id}`)).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const there = (await (await fetch(`${other}/api/games/${id}`)).json()) as Record<string, any>;
    const here = (await (await fetch(`${nodes[host]!.http}/api/games/${id}`)).json()) as Record<string, any>;
    expect(there).toEqual(here);
    expect(there.status).toBe('finished');
    for (const log of ['tenhou6', 'mjai', 'mjlog', 'replay']) {
      const [a, b] = await Promise.all([nodes[host]!.http, other].map(async (base) => (await fetch(`${base}/api/games/${id}/${log}`)).text()));
      expect(b).toBe(a);
    }
    for (const p of players) {
      const profile = await connect(nodes[1 - host]!.ws).player(p.name);
      const placement = standings.find((s) => nameAt(s.seat) === p.name)!.rank;
      expect(profile.games).toEqual([expect.objectContaining({ id, placement, status: 'finished' })]);
      expect(profile.stats.games).toBe(1);
    }
    expect(((await (await fetch(`${other}/api/games`)).json()) as { games: { id: string }[] }).games.map((g) => g.id)).toContain(id);
    await Promise.all(tables.map((t) => t.leave()));
  }, 180_000);

  it('both processes stop on SIGTERM with exit 0', async () => {
    expect(await Promise.all(nodes.map((n) => stop(n.proc)))).toEqual([0, 0]);
  }, 60_000);
});
