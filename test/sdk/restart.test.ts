import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';
import { connect, runBot, strategies } from '@jantaku/client-sdk';
import { DB_FILE } from '../../server/src/index';
import { GameStore } from '../../server/src/store/index';
import { freePort } from '../server/harness';

const entry = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url));

/** `npm start` as a child process on `port`, recording in `dir`; resolves once it listens. */
async function startChild(port: number, dir: string): Promise<{ child: ChildProcess; exited: Promise<number | null>; out: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    // LOG_LEVEL: the server is silent under vitest, and its 'listening' line is what we wait for.
    env: { ...process.env, PORT: String(port), JANTAKU_DATA_DIR: dir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited, out: () => out };
}

describe('reconnection across a server restart', () => {
  it('four SDK bots get their seats back with their tokens after the server restarts mid-game, and finish it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-sdk-restart-'));
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}`;
    let server = await startChild(port, dir);
    try {
      const creator = await connect(url, { reconnect: false }).create({ seed: 'sdk-restart', handPauseMs: 0, botDelayMs: 0, spectator: true });
      const tableId = creator.id;
      await creator.leave();
      const via: string[][] = [[], [], [], []];
      let restarted: Promise<void> | null = null;
      const results = await Promise.all(
        ([0, 1, 2, 3] as Seat[]).map((seat) =>
          runBot(url, seat % 2 ? strategies.tsumogiri : strategies.efficiency, {
            table: tableId,
            seat,
            connect: { reconnect: { retries: 60, minDelayMs: 100, maxDelayMs: 500 } },
            onTable: (t) => {
              t.on('reconnected', (r) => via[seat].push(r.via));
              if (seat !== 0) return;
              t.on('change', (s) => {
                if (restarted || s.hands < 2 || s.actions < 30) return;
                // Mid-game: stop the server (SIGTERM: it closes its rooms) and start it again on the same store.
                restarted = (async () => {
                  server.child.kill('SIGTERM');
                  expect(await server.exited).toBe(0);
                  server = await startChild(port, dir);
                })();
              });
            },
          }),
        ),
      );
      await restarted;
      expect(restarted).not.toBeNull();
      expect(server.out()).toMatch(/recovered/);
      // Every seat came back, through its token (the sessions died with the old process).
      for (const v of via) expect(v).toContain('token');
      expect(new Set(results.map((r) => JSON.stringify(r.standings))).size).toBe(1);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const store = new GameStore({ path: join(dir, DB_FILE) });
      try {
        const g = store.getGame(tableId)!;
        expect(g.status).toBe('finished');
        const replayed = Referee.replay({ rules: g.rules, seed: g.seed }, store.commands(tableId));
        expect(replayed.game.phase).toBe('gameOver');
        expect(replayed.game.standings).toEqual(results[0].standings);
      } finally {
        store.close();
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 110_000);
});
