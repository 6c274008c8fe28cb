import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { TableState } from '@jantaku/shared/schema/table';
import { spawnServer, type ServerProcess } from '../support/serverProcess';
import { freePort, until } from './harness';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** `npm start`'s server in a child process, its logs off. */
function startChild(port: number, dir: string): ServerProcess {
  const server = spawnServer(port, dir, { LOG_LEVEL: 'silent' });
  children.push(server.child);
  return server;
}

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'jantaku-startup-'));
  dirs.push(d);
  return d;
};

describe('starting the server', () => {
  it('a port already in use: the second server ends with exit 1 and one line; the first goes on serving', async () => {
    const port = await freePort();
    const first = startChild(port, tempDir());
    await first.healthy();
    const second = startChild(port, tempDir());
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(`jantaku: cannot listen on port ${port}: the port is already in use\n`);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 60_000);

  it('after a restart the seats taken before it show presence "away" (state and lobby listing) until their players rejoin', async () => {
    const port = await freePort();
    const dir = tempDir();
    const url = `ws://127.0.0.1:${port}`;
    const before = startChild(port, dir);
    await before.healthy();
    const first = await new Client(url).create<TableState>('table', { seat: 0, playerName: 'Ann', bots: 2, botDelayMs: 60_000 });
    const second = await new Client(url).joinById<TableState>(first.roomId, { seat: 1, name: 'Bo' });
    first.onMessage('*', () => {});
    second.onMessage('*', () => {});
    await until('the game to start', () => first.state.started === true && (first.state.seats?.[0]?.own?.token ?? '') !== '');
    const token = first.state.seats[0].own.token;
    before.child.kill('SIGKILL');
    await before.exited;

    const after = startChild(port, dir);
    await after.healthy();
    const watcher = await new Client(url).joinById<TableState>(first.roomId, { spectator: true });
    watcher.onMessage('*', () => {});
    const presence = () => Array.from(watcher.state.seats ?? [], (s) => s.presence);
    await until('the recovered state', () => presence().length === 4);
    expect(presence()).toEqual(['away', 'away', 'bot', 'bot']);
    const listed = async () =>
      ((await (await fetch(`http://127.0.0.1:${port}/api/tables`)).json()) as { tables: { id: string; seats: { presence: string }[] }[] }).tables
        .find((t) => t.id === first.roomId)!
        .seats.map((s) => s.presence);
    expect(await listed()).toEqual(['away', 'away', 'bot', 'bot']);

    const back = await new Client(url).joinById<TableState>(first.roomId, { seat: 0, token });
    back.onMessage('*', () => {});
    await until('seat 0 back', () => presence()[0] === 'player');
    expect(presence()).toEqual(['player', 'away', 'bot', 'bot']);
    await back.leave();
    await watcher.leave();
    after.child.kill('SIGTERM');
    await after.exited;
  }, 90_000);
});
