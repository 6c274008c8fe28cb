import { describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Seat } from '@jantaku/shared/game/types';
import { connect, runBot, strategies, type Bot, type BotResult, type CreateOptions, type Table } from '@jantaku/client-sdk';
import type { GameStore } from '../../server/src/store/index';
import { rooms, serveDuringFile } from '../server/harness';

const served = serveDuringFile();

/** Closes the table's websocket abruptly, as a network failure would (no leave message). */
function cut(table: Table): void {
  const ws = (table.room.connection.transport as unknown as { ws: { terminate?: () => void; close: () => void } }).ws;
  if (ws.terminate) ws.terminate();
  else ws.close();
}

interface Cut {
  via: string[];
  reconnecting: string[];
  left: number;
  /** Moves the cut bot chose after it was back. */
  movesAfter: number;
  seatBefore: Seat | null;
  seatAfter: Seat | null;
  sameRoom: boolean;
}

/**
 * Four SDK bots play a game; once the game is some way into a hand, seat 2's socket is cut.
 * Returns the bots' results and what the cut seat saw.
 */
async function playWithCut(create: CreateOptions, seed: string): Promise<{ results: BotResult[]; cut: Cut; tableId: string }> {
  const creator = await connect(served.url).create({ ...create, seed, handPauseMs: 0, botDelayMs: 0, spectator: true });
  const info: Cut = { via: [], reconnecting: [], left: 0, movesAfter: 0, seatBefore: null, seatAfter: null, sameRoom: true };
  let back = false;
  let done = false;
  const counting = (bot: Bot): Bot => (view, legal) => {
    if (back) info.movesAfter++;
    return bot(view, legal);
  };
  const results = await Promise.all(
    ([0, 1, 2, 3] as Seat[]).map((seat) =>
      runBot(served.url, counting(seat % 2 ? strategies.tsumogiri : strategies.efficiency), {
        table: creator.id,
        seat,
        connect: { reconnect: { minDelayMs: 50, maxDelayMs: 500 } },
        onTable: (t) => {
          if (seat !== 2) return;
          const room = t.room;
          t.on('reconnecting', (r) => info.reconnecting.push(r.via));
          t.on('reconnected', (r) => {
            info.via.push(r.via);
            info.seatAfter = t.seat;
            info.sameRoom = t.room === room;
            back = true;
          });
          t.on('leave', () => info.left++);
          const off = t.on('change', (s) => {
            // Mid-hand, some way into the game, while the others are still playing.
            if (!done && s.hands >= 2 && s.actions >= 40 && (s.phase === 'turn' || s.phase === 'claims')) {
              done = true;
              off();
              info.seatBefore = t.seat;
              cut(t);
            }
          });
        },
      }),
    ),
  );
  await creator.leave();
  return { results, cut: info, tableId: creator.id };
}

/** The game the server played equals the engine's replay of the stored log, and every bot saw its end. */
function checkGame(tableId: string, results: BotResult[]): void {
  const game = rooms.get(tableId)!.referee.game;
  expect(game.phase).toBe('gameOver');
  for (const r of results) expect(r.standings).toEqual(game.standings);
  const store = (served.server as Server & { store: GameStore }).store;
  const stored = store.getGame(tableId)!;
  const replayed = Referee.replay({ rules: stored.rules, seed: stored.seed }, store.commands(tableId));
  expect(replayed.game.hands.map((h) => h.result)).toEqual(game.hands.map((h) => h.result));
  expect(replayed.game.standings).toEqual(game.standings);
}

describe('reconnection', () => {
  it('a bot whose socket is cut mid-hand is back through Colyseus reconnection (same session) and finishes the game', async () => {
    const { results, cut, tableId } = await playWithCut({ ruleset: 'tenhou' }, 'sdk-reconnect-colyseus');
    expect(cut.seatBefore).toBe(2);
    expect(cut.reconnecting).toContain('colyseus');
    expect(cut.via).toEqual(['colyseus']);
    expect(cut.sameRoom).toBe(true);
    expect(cut.seatAfter).toBe(2);
    expect(cut.movesAfter).toBeGreaterThan(0);
    expect(results[2].seat).toBe(2);
    checkGame(tableId, results);
  });

  it('when the server no longer holds the session, the bot takes its seat back with the seat token and finishes', async () => {
    // reconnectSeconds 0: the server drops the session at once, so only the token brings the seat back.
    const { results, cut, tableId } = await playWithCut({ ruleset: 'tenhou', reconnectSeconds: 0 }, 'sdk-reconnect-token');
    expect(cut.seatBefore).toBe(2);
    expect(cut.reconnecting).toContain('token');
    expect(cut.via).toEqual(['token']);
    expect(cut.sameRoom).toBe(false);
    expect(cut.seatAfter).toBe(2);
    expect(cut.movesAfter).toBeGreaterThan(0);
    checkGame(tableId, results);
  });
});
