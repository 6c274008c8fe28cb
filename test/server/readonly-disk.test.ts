import { execFileSync } from 'node:child_process';
import { replyFromWire } from '@jantaku/shared/api/table';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@colyseus/sdk';
import type { Server } from '@colyseus/core';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { viewFor } from '@jantaku/shared/game/views';
import type { TableState } from '@jantaku/shared/schema/table';
import type { GameStore } from '../../server/src/store/index';
import { rooms, seatToAct, startServer, until, type RecordingTableRoom, type TableRoomClient } from './harness';

/**
 * A disk that turns read-only under a running server, for real: the data directory is an ext4
 * file system on a loop device mounted with `errors=remount-ro`, and the kernel is told of an
 * error (`/sys/fs/ext4/<dev>/trigger_fs_error`), which makes it read-only at once, open files
 * and all — what a failing disk does. (A tmpfs cannot be remounted read-only while SQLite holds
 * its file open for writing.) Needs root (CI runs as root): without it the test fails, never skipped.
 */
const root = mkdtempSync(join(tmpdir(), 'jantaku-ro-'));
const image = join(root, 'disk.img');
const mountDir = join(root, 'data');
let served: { server: Server & { store: GameStore }; url: string; client: () => Client; dataDir: string };
let device = '';

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('test/server/readonly-disk.test.ts mounts a loop device: run it as root (CI does)');
  execFileSync('truncate', ['-s', '32M', image]);
  execFileSync('/sbin/mkfs.ext4', ['-q', '-F', image]);
  execFileSync('mkdir', ['-p', mountDir]);
  execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, mountDir]);
  device = basename(execFileSync('findmnt', ['-n', '-o', 'SOURCE', mountDir]).toString().trim());
  served = (await startServer(undefined, mountDir)) as typeof served;
});
afterAll(async () => {
  await served?.server.gracefullyShutdown(false);
  if (device) execFileSync('umount', [mountDir]);
  rmSync(root, { recursive: true, force: true });
});

/** One action by the seat to act (efficiencyBot on the server's projection): the reply's status, or the refusal's code. */
async function step(room: RecordingTableRoom, clients: TableRoomClient[]): Promise<string> {
  const game = room.referee.game;
  const seat = seatToAct(game);
  if (seat === undefined) return 'NOTHING_TO_DO';
  const legal = game.legalActions(seat);
  try {
    return replyFromWire(await clients[seat].request('action', efficiencyBot(viewFor(game, seat, legal), legal))).status;
  } catch (e) {
    return (e as { reason?: { code: string } }).reason?.code ?? String(e);
  }
}

describe('a read-only disk', () => {
  it('actions get UNAVAILABLE and change nothing, creation answers 503, /health 503, and no table is dropped', async () => {
    const first = await served.client().create<TableState>('table', { seat: 0, seed: 'disk-ro' });
    const clients: TableRoomClient[] = [first];
    for (const seat of [1, 2, 3]) clients.push(await served.client().joinById<TableState>(first.roomId, { seat }));
    const left: number[] = [];
    clients.forEach((c, i) => {
      c.onMessage('*', () => {});
      c.onLeave(() => left.push(i));
    });
    const room = rooms.get(first.roomId)!;
    await until('the deal', () => room.state.started && seatToAct(room.referee.game) !== undefined);
    for (let i = 0; i < 3; i++) expect(await step(room, clients)).toMatch(/^(accepted|NOTHING_TO_DO)$/);
    const recorded = served.server.store.commandRows(room.roomId).length;

    // The kernel takes the file system read-only.
    writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'jantaku test\n');
    expect(execFileSync('findmnt', ['-n', '-o', 'OPTIONS', mountDir]).toString()).toMatch(/emergency_ro|(^|,)ro(,|$)/);

    const before = { log: room.referee.logLength, actions: room.state.actions };
    const code = await step(room, clients);
    expect(code).toBe('UNAVAILABLE');
    expect(room.referee.logLength).toBe(before.log);
    expect(room.state.actions).toBe(before.actions);
    expect(await step(room, clients)).toBe('UNAVAILABLE');
    const health = await fetch(`${served.url.replace('ws', 'http')}/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe('unavailable');
    const create = await fetch(`${served.url.replace('ws', 'http')}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(create.status).toBe(503);
    expect(((await create.json()) as { error: string }).error).toMatch(/^UNAVAILABLE: /);
    // The table waits for its disk; nobody was dropped, and what it shows is what was recorded.
    expect(room.waitingForStore).toBe(true);
    expect(left).toEqual([]);
    expect(room.referee.logLength).toBeGreaterThanOrEqual(recorded);
    expect(served.server.store.commands(room.roomId).length).toBe(room.referee.logLength);
    for (const c of clients) await c.leave();
  }, 60_000);
});
