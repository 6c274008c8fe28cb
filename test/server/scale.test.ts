import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyFromWire } from '@jantaku/shared/api/table';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@colyseus/sdk';
import type { LegalAction } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { scaleSettings } from '../../server/src/scale';
import { freePort, type TableRoomClient } from './harness';
import { unpackDiscard } from '@jantaku/shared/schema/table';

/** A child process with everything it printed, and its exit. */
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

async function waitFor(what: string, proc: Proc, ready: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
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

/** One server process sharing matchmaking through Redis, with its own data dir and public address. */
interface Node {
  name: string;
  port: number;
  http: string;
  ws: string;
  proc: Proc;
}

const entry = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url));
const dirs: string[] = [];
let redis: Proc | undefined;
let redisUrl: string;
const nodes: Node[] = [];

async function startNode(name: string): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `jantaku-scale-${name}-`));
  dirs.push(dataDir);
  const env = { ...process.env, PORT: String(port), REDIS_URL: redisUrl, JANTAKU_DATA_DIR: dataDir, PUBLIC_ADDRESS: `127.0.0.1:${port}` };
  const proc = run(process.execPath, ['--import', 'tsx', entry], env);
  const node = { name, port, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}`, proc };
  nodes.push(node);
  await waitFor(`server ${name}`, proc, async () => (await fetch(`${node.http}/health`).catch(() => null))?.status === 200);
  return node;
}

/** Resolves once `done` holds for the room's state. */
function until(room: TableRoomClient, done: (s: TableState) => boolean, what: string, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${what} (phase ${room.state?.phase})`)), ms);
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

/** The first command a seat may send now: a discard if it may discard, else a pass. */
function someCommand(legal: LegalAction[]): Record<string, unknown> | null {
  const discard = legal.find((a) => a.type === 'discard') as { tiles: number[] } | undefined;
  if (discard) return { type: 'discard', tile: discard.tiles[0] };
  return legal.some((a) => a.type === 'pass') ? { type: 'pass' } : null;
}

describe('scale-out: two server processes sharing matchmaking through Redis', () => {
  beforeAll(async () => {
    // `npm test` installs redis-server first (scripts/system-deps.ts); without it this test fails rather than skips.
    const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0)
      throw new Error(`redis-server is not on PATH (${probe.error?.message ?? probe.stderr}): npm test installs it (scripts/system-deps.ts), or: apt-get install redis-server; the scale-out test starts its own`);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-redis-'));
    dirs.push(dir);
    redis = run('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no']);
    await waitFor('redis-server', redis, () => /ready to accept connections/i.test(redis!.out()));
    redisUrl = `redis://127.0.0.1:${port}`;
    await Promise.all([startNode('A'), startNode('B')]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => stop(n.proc)));
    await stop(redis);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a table created through one process is found, joined and played through the other; the websocket goes to its host', async () => {
    const [a, b] = nodes;
    const alice = await new Client(a.ws).create<TableState>('table', { seed: 'scale-1', bots: [2, 3], botDelayMs: 0, handPauseMs: 0 });
    const id = alice.roomId;

    // The room lives in one process (Colyseus picks the one with fewer rooms): its store records
    // the game, the other's does not (each process records only the rooms it hosts).
    const found = await Promise.all(nodes.map(async (n) => (await fetch(`${n.http}/api/games/${id}`)).status));
    expect(found.sort()).toEqual([200, 404]);
    const host = nodes[(await fetch(`${a.http}/api/games/${id}`)).status === 200 ? 0 : 1];
    const other = host === a ? b : a;
    expect(alice.connection.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${host.port}/`));

    // Both processes list it: the listings are in Redis.
    for (const n of nodes) expect(await (await fetch(`${n.http}/health`)).json()).toMatchObject({ tables: 1 });

    // Matchmaking through the process that does not host it: a plain join finds the table's free
    // seat, joinById a spectator's place; both connect to the host at its public address.
    const bob = await new Client(other.ws).join<TableState>('table', {});
    expect(bob.roomId).toBe(id);
    expect(bob.connection.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${host.port}/`));
    const watcher = await new Client(other.ws).joinById<TableState>(id, { spectator: true });
    expect(watcher.connection.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${host.port}/`));

    // Both seats taken: the game starts. Alice (seat 0, the dealer) and Bob (seat 1) each act and
    // get the referee's answer; the bots at seats 2 and 3 play on; the spectator sees it all.
    await until(alice, (s) => s.started && someCommand(tableViewOf(s, 0).legalActions) !== null, 'the dealer to act');
    expect(tableViewOf(alice.state, 0).dealer).toBe(0);
    expect(replyFromWire(await alice.request('action', someCommand(tableViewOf(alice.state, 0).legalActions)))).toMatchObject({ status: 'accepted' });
    await until(bob, (s) => someCommand(tableViewOf(s, 1).legalActions) !== null, "Bob's turn");
    const bobSays = someCommand(tableViewOf(bob.state, 1).legalActions)!;
    const reply = replyFromWire(await bob.request('action', bobSays));
    expect(reply.status).toBe('accepted');
    await until(watcher, (s) => s.actions >= reply.actions, 'the spectator to see Bob act');
    if (bobSays.type === 'discard') expect(Array.from(watcher.state.seats[1].discards, (d) => unpackDiscard(d).tile)).toContain(bobSays.tile);
    expect(watcher.state.seats[1].own).toBeUndefined();

    // The host's store has every command of the game so far.
    const record = (await (await fetch(`${host.http}/api/games/${id}`)).json()) as { status: string; commands: number; seats: { kind: string }[] };
    expect(record.status).toBe('open');
    expect(record.commands).toBeGreaterThanOrEqual(reply.actions);
    for (const r of [alice, bob, watcher]) await r.leave();
  }, 60_000);

  it('both processes stop on SIGTERM with exit 0 (rooms closed, Redis connections quit)', async () => {
    const codes = await Promise.all(nodes.map((n) => stop(n.proc)));
    expect(codes).toEqual([0, 0]);
  }, 30_000);
});

type Disconnectable = { disconnect(): void };

describe('scaleSettings', () => {
  it('without REDIS_URL: no presence or driver (Colyseus keeps its in-memory ones)', () => {
    expect(scaleSettings({}, {})).toEqual({});
    expect(scaleSettings({}, { REDIS_URL: ' ', PUBLIC_ADDRESS: 'game1.example.com:443' })).toEqual({ publicAddress: 'game1.example.com:443' });
  });

  it('refuses a REDIS_URL that is not redis:// and a PUBLIC_ADDRESS with a scheme, without echoing a password', () => {
    expect(() => scaleSettings({}, { REDIS_URL: 'http://user:secret@host:6379' })).toThrow(/redis:\/\/.*\*\*\*/);
    expect(() => scaleSettings({}, { REDIS_URL: 'http://user:secret@host:6379' })).not.toThrow(/secret/);
    expect(() => scaleSettings({}, { PUBLIC_ADDRESS: 'ws://127.0.0.1:2567' })).toThrow(/PUBLIC_ADDRESS/);
  });

  it('with an unreachable Redis, listen fails with a clear error instead of hanging', async () => {
    const port = await freePort();
    const s = scaleSettings({ redisUrl: `redis://127.0.0.1:${port}`, redisTimeoutMs: 500 }, {});
    try {
      await expect(s.beforeListen!()).rejects.toThrow(`no answer from Redis at redis://127.0.0.1:${port}`);
    } finally {
      // quit() would queue behind the retries: drop the connections instead.
      const p = s.presence as unknown as { pub: Disconnectable; sub: Disconnectable };
      for (const c of [p.pub, p.sub, (s.driver as unknown as { _client: Disconnectable })._client]) c.disconnect();
    }
  });
});
