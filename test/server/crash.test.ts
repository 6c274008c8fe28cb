import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Room } from '@colyseus/sdk';
import type { Seat } from '@jantaku/shared/game/types';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { DB_FILE } from '../../server/src/index';
import { GameStore } from '../../server/src/store/index';
import { botPlay } from './fixtures/botPlay';
import { playSeat } from './fixtures/clientBot';
import { spawnServer } from '../support/serverProcess';
import { freePort, SEATS } from './harness';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** `npm start`'s server in a child process, ready once /health answers. */
async function startChild(port: number, dir: string): Promise<ChildProcess> {
  const server = spawnServer(port, dir);
  children.push(server.child);
  await server.healthy(30_000);
  return server.child;
}

const until = async (what: string, ok: () => boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('crash and recovery', () => {
  it('kill -9 mid-hand, restart, the players rejoin with their seat tokens and finish: the result equals the game without the crash, no acknowledged command lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-crash-'));
    const seed = 'crash-recovery-1';
    try {
      const port = await freePort();
      const url = `ws://127.0.0.1:${port}`;
      let child = await startChild(port, dir);
      const first = await new Client(url).create<TableState>('table', { seed, handPauseMs: 0, botDelayMs: 0, seat: 0 });
      const id = first.roomId;
      const rooms: Room<TableState>[] = [first];
      for (const seat of [1, 2, 3]) rooms.push(await new Client(url).joinById<TableState>(id, { seat }));
      await until('every seat to have its token', () => rooms.every((r, s) => (r.state.seats?.[s]?.own?.token ?? '') !== ''));
      const tokens = rooms.map((r, s) => r.state.seats[s].own!.token);
      expect(new Set(tokens).size).toBe(4);
      const players = rooms.map((r, s) => playSeat(r, s as Seat));

      // A table still waiting for a player when the server dies comes back too, and closes if nobody returns to it.
      const waiting = await new Client(url).create<TableState>('table', { seed: 'never-began', bots: 2, closeEmptySeconds: 2 });
      waiting.onMessage('*', () => {});

      // Mid-hand of the second hand or later: kill -9.
      await until('the game to be well under way', () => first.state.hands >= 2 && first.state.phase === 'turn' && first.state.actions >= 60);
      const ackedBefore = Math.max(...players.flatMap((p) => p.acked));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      players.forEach((p) => p.pause());

      // Every acknowledged command is in the file.
      const store = new GameStore({ path: join(dir, DB_FILE) });
      const stored = store.commands(id);
      expect(store.getGame(id)!.status).toBe('open');
      expect(store.seatClaims(id).map((c) => c.seat)).toEqual([0, 1, 2, 3]);
      store.close();
      expect(stored.filter((e) => e.seat !== -1).length).toBeGreaterThanOrEqual(ackedBefore);

      // Restart on the same data: the table is back under its id; a wrong token is refused.
      child = await startChild(port, dir);
      await expect(new Client(url).joinById(id, { seat: 1, token: 'not-the-token' })).rejects.toThrow(/token/);
      await expect(new Client(url).joinById(id, { seat: 1 })).rejects.toThrow(/taken/);
      const health = async () => ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { tables: number }).tables;
      expect(await health()).toBe(2);
      const back = await Promise.all(SEATS.map((s) => new Client(url).joinById<TableState>(id, { seat: s, token: tokens[s] })));
      back.forEach((r, s) => players[s].attach(r));
      await until('the game to end', () => back[0].state.phase === 'gameOver', 60_000).catch((e) => {
        const st = back[0].state;
        throw new Error(`${e.message}: phase ${st.phase} hands ${st.hands} actions ${st.actions} legal ${back.map((r, s) => r.state.seats[s].own?.legal).join(' | ')} presence ${Array.from(st.seats, (x) => x.presence)}`);
      });
      await Promise.all(players.map((p) => p.done));
      // Every seat saw its own hand right, before and after rejoining.
      expect(players.flatMap((p) => p.badHands)).toEqual([]);
      // Nobody came back to the waiting table: it closed, and left no record.
      for (const deadline = Date.now() + 10_000; (await health()) !== 1 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
      expect(await health()).toBe(1);

      // The same game played without the crash, in the engine alone.
      const reference = botPlay(new Referee({ rules: makeRuleset('tenhou'), seed }));
      expect(JSON.parse(back[0].state.standings)).toEqual(reference.game.standings);
      const after = new GameStore({ path: join(dir, DB_FILE) });
      try {
        const g = after.getGame(id)!;
        expect(g.status).toBe('finished');
        expect(after.getGame(waiting.roomId)).toBeNull();
        // The stored log replays to the same hands (claim answers may be stored in another order).
        const replayed = Referee.replay({ rules: g.rules, seed }, after.commands(id));
        expect(replayed.game.hands.map((h) => h.result)).toEqual(reference.game.hands.map((h) => h.result));
      } finally {
        after.close();
      }
      await Promise.all(back.map((r) => r.leave()));
      child.kill('SIGTERM');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a timed table\'s clocks come back as they were: the bank spent before kill -9 stays spent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-crash-clock-'));
    try {
      const port = await freePort();
      const url = `ws://127.0.0.1:${port}`;
      let child = await startChild(port, dir);
      // 200 ms free a decision, a 5 s bank for the game; three quick bots.
      const timeControl = { kind: 'bank', baseMs: 200, bankMs: 5_000, bankScope: 'game', claimMs: 5_000 };
      const room = await new Client(url).create<TableState>('table', { seed: 'crash-clock', timeControl, bots: 3, botDelayMs: 0, handPauseMs: 0 });
      room.onMessage('*', () => {});
      const id = room.roomId;
      const mine = () => tableViewOf(room.state, 0);
      await until('seat 0 to be on its first turn', () => room.state.started && mine().legalActions.some((a) => a.type === 'discard'));
      const token = room.state.seats[0].own!.token;
      // Seat 0 thinks 1.5 s: about 1.3 s of its bank goes.
      await new Promise((r) => setTimeout(r, 1_500));
      const discard = mine().legalActions.find((a) => a.type === 'discard')!;
      await room.request('action', { type: 'discard', tile: discard.type === 'discard' ? discard.tiles[0] : -1 });
      await until('the discard to be shown with the bank charged', () => room.state.seats[0].bankMs < 5_000 && !mine().legalActions.some((a) => a.type === 'discard'));
      const spent = room.state.seats[0].bankMs;
      expect(spent).toBeLessThan(5_000 - 1_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      child = await startChild(port, dir);
      const back = await new Client(url).joinById<TableState>(id, { seat: 0, token });
      back.onMessage('*', () => {});
      await until('the state', () => back.state.seats?.[0]?.own !== undefined);
      // The bank can only have gone down since (seat 0 may be thinking again): never refilled.
      expect(back.state.seats[0].bankMs).toBeLessThanOrEqual(spent);
      expect(back.state.seats[0].bankMs).toBeGreaterThan(0);
      await back.leave();
      child.kill('SIGTERM');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
