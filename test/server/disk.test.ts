import { execFileSync } from 'node:child_process';
import { replyFromWire } from '@jantaku/shared/api/table';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@colyseus/sdk';
import type { Server } from '@colyseus/core';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { viewFor } from '@jantaku/shared/game/views';
import { Referee } from '@jantaku/shared/referee/referee';
import type { TableState } from '@jantaku/shared/schema/table';
import type { GameStore } from '../../server/src/store/index';
import { rooms, seatToAct, startServer, until, type RecordingTableRoom, type TableRoomClient } from './harness';

/**
 * A full disk, for real: the server's data directory is a small tmpfs, filled with a file while
 * tables play, then the file is deleted. Mounting needs root (CI runs as root): without it the
 * test fails in its first line, it is never skipped.
 */
const mountDir = mkdtempSync(join(tmpdir(), 'jantaku-disk-'));
let served: { server: Server & { store: GameStore }; url: string; client: () => Client; dataDir: string };
let mounted = false;
beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('test/server/disk.test.ts mounts a tmpfs for the data directory: run it as root (CI does)');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountDir]);
  mounted = true;
  // No background checkpoints: a checkpointed WAL is reused from its start, so a full disk would
  // take commits until the WAL's old room is used up, at a moment these tests cannot choose.
  served = (await startServer(undefined, mountDir, {}, { checkpointEveryMs: 0 })) as typeof served;
});
afterAll(async () => {
  await served?.server.gracefullyShutdown(false);
  if (mounted) execFileSync('umount', [mountDir]);
  rmSync(mountDir, { recursive: true, force: true });
});

/** Fills the file system of `dir` to its last byte; returns the filler's path. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 16, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

const http = () => served.url.replace('ws', 'http');
const health = async () => {
  const r = await fetch(`${http()}/health`);
  return { status: r.status, body: (await r.json()) as { status: string } };
};

/** One action by the seat to act, as efficiencyBot would choose it on the server's projection: the reply, or the refusal's code. */
async function step(room: RecordingTableRoom, clients: TableRoomClient[]): Promise<string> {
  const game = room.referee.game;
  const seat = seatToAct(game);
  if (seat === undefined) return 'NOTHING_TO_DO';
  const legal = game.legalActions(seat);
  try {
    const reply = replyFromWire(await clients[seat].request('action', efficiencyBot(viewFor(game, seat, legal), legal)));
    return reply.status;
  } catch (e) {
    return (e as { reason?: { code: string } }).reason?.code ?? String(e);
  }
}

describe('a full disk', () => {
  it('actions get UNAVAILABLE and change nothing, creation and seat claims answer 503, /health 503; no table is dropped (bots and clocks wait), and once space returns play goes on with every shown action recorded', async () => {
    const first = await served.client().create<TableState>('table', { seat: 0, seed: 'disk-full' });
    const clients: TableRoomClient[] = [first];
    for (const seat of [1, 2, 3]) clients.push(await served.client().joinById<TableState>(first.roomId, { seat }));
    const left: number[] = [];
    clients.forEach((c, i) => {
      c.onMessage('*', () => {});
      c.onLeave(() => left.push(i));
    });
    const room = rooms.get(first.roomId)!;
    // A table played by bots alone, meanwhile: its automatic moves meet the full disk too.
    const botsClient = await served.client().create<TableState>('table', { bots: 4, botDelayMs: 20, handPauseMs: 0, seed: 'disk-bots', spectator: true });
    botsClient.onMessage('*', () => {});
    botsClient.onLeave(() => left.push(4));
    const bots = rooms.get(botsClient.roomId)!;
    // A timed table whose two human seats never act: their clocks play for them (the clock's own writes).
    const timedFirst = await served.client().create<TableState>('table', {
      seat: 0,
      bots: 2,
      botDelayMs: 20,
      handPauseMs: 0,
      seed: 'disk-timed',
      timeControl: { kind: 'bank', baseMs: 100, bankMs: 0, bankScope: 'game', claimMs: 100 },
    });
    const timedSecond = await served.client().joinById<TableState>(timedFirst.roomId, { seat: 1 });
    for (const c of [timedFirst, timedSecond]) {
      c.onMessage('*', () => {});
      c.onLeave(() => left.push(5));
    }
    const timed = rooms.get(timedFirst.roomId)!;
    // A table with free seats: a seat claimed while the disk is full is refused, and stays free.
    const open = await served.client().create<TableState>('table', { seat: 0, seed: 'disk-open' });
    open.onMessage('*', () => {});
    await until('the deal', () => room.state.started && seatToAct(room.referee.game) !== undefined);
    for (let i = 0; i < 3; i++) expect(await step(room, clients)).toMatch(/^(accepted|NOTHING_TO_DO)$/);

    const filler = fill(mountDir);
    // The first refused write: its action is taken back, nothing of it shown.
    let code = '';
    const logBefore: number[] = [];
    for (let i = 0; i < 50 && code !== 'UNAVAILABLE'; i++) {
      logBefore[0] = room.referee.logLength;
      logBefore[1] = room.state.actions;
      code = await step(room, clients);
    }
    expect(code).toBe('UNAVAILABLE');
    expect(room.referee.logLength).toBe(logBefore[0]);
    expect(room.state.actions).toBe(logBefore[1]);
    expect(await step(room, clients)).toBe('UNAVAILABLE');
    expect((await health()).status).toBe(503);
    expect((await health()).body.status).toBe('unavailable');
    const create = await fetch(`${http()}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(create.status).toBe(503);
    expect(((await create.json()) as { error: string }).error).toMatch(/^UNAVAILABLE: /);
    const claim = await served.client().joinById<TableState>(open.roomId, { seat: 1 }).then(
      () => null,
      (e: { code?: number; message?: string }) => e,
    );
    expect(claim?.code).toBe(503);
    expect(claim?.message).toMatch(/^UNAVAILABLE: /);
    // The self-playing tables stop at their first refused write, and wait.
    await until('the bot and timed tables to wait for the disk', () => bots.waitingForStore && timed.waitingForStore);
    for (const r of [bots, timed]) expect(served.server.store.commandRows(r.roomId).length).toBe(r.referee.logLength);
    const botsWaiting = bots.referee.logLength;
    const timedWaiting = timed.referee.logLength;

    rmSync(filler);
    let ok = false;
    while (!ok) {
      ok = (await health()).status === 200;
      if (!ok) await new Promise((r) => setTimeout(r, 100));
    }
    let reply = 'UNAVAILABLE';
    while (reply === 'UNAVAILABLE') {
      reply = await step(room, clients);
      if (reply === 'UNAVAILABLE') await new Promise((r) => setTimeout(r, 100));
    }
    expect(reply).toMatch(/^(accepted|fault)$/);
    for (let i = 0; i < 5; i++) await step(room, clients);
    await until('the bot and timed tables to play on', () => bots.referee.logLength > botsWaiting + 10 && timed.referee.logLength > timedWaiting + 10);
    const seated = await served.client().joinById<TableState>(open.roomId, { seat: 1 });
    seated.onMessage('*', () => {});

    // Nothing dropped; the store holds exactly what the tables applied, and replays to the same game.
    // (The bots play on: compared when no table has an action waiting for its group commit, at the end of this turn.)
    await until('every table to have recorded what it applied', () => [room, bots, timed].every((r) => r.settled));
    expect(left).toEqual([]);
    expect(rooms.get(first.roomId)).toBe(room);
    const store = served.server.store;
    expect(store.seatClaims(open.roomId).map((c) => c.seat)).toEqual([0, 1]);
    for (const r of [room, bots, timed]) {
      const stored = store.commands(r.roomId);
      expect(stored.length).toBe(r.referee.logLength);
      const again = Referee.replay({ rules: r.settings.rules, seed: r.settings.seed }, stored);
      expect(again.game.scores).toEqual(r.referee.game.scores);
      expect(again.log.length).toBe(r.referee.logLength);
    }
    for (const c of [...clients, botsClient, timedFirst, timedSecond, open, seated]) await c.leave();
  }, 120_000);

  it('the time the disk refuses writes is nobody’s: a seat whose turn was running when the table stopped has its time when play resumes', async () => {
    const control = { kind: 'bank', baseMs: 3000, bankMs: 0, bankScope: 'game', claimMs: 3000 };
    const me = await served.client().create<TableState>('table', { seat: 0, bots: 3, botDelayMs: 20, handPauseMs: 0, seed: 'disk-clock', timeControl: control });
    me.onMessage('*', () => {});
    const room = rooms.get(me.roomId)!;
    const myTurn = () => room.referee.game.legalActions(0).some((a) => a.type === 'discard');
    await until('seat 0 to have a discard to make', myTurn);
    const filler = fill(mountDir);
    const tile = room.referee.game.seats[0].hand[0];
    // Refused: the table stops and waits for its disk.
    let code = '';
    try {
      await me.request('action', { type: 'discard', tile });
    } catch (e) {
      code = (e as { reason?: { code: string } }).reason?.code ?? String(e);
    }
    expect(code).toBe('UNAVAILABLE');
    const actions = room.state.actions;
    // Longer than the whole turn's time.
    await new Promise((r) => setTimeout(r, 3500));
    rmSync(filler);
    await until('the disk to take writes', () => !room.waitingForStore, 10_000);
    // The clock did not play for seat 0: it is still its turn, and its own discard is accepted.
    await new Promise((r) => setTimeout(r, 300));
    expect(room.state.actions).toBe(actions);
    expect(myTurn()).toBe(true);
    const reply = replyFromWire(await me.request('action', { type: 'discard', tile }));
    expect(reply.status).toBe('accepted');
    expect(room.referee.game.seats[0].discards.at(-1)?.tile).toBe(tile);
    await me.leave();
  }, 60_000);
});
