import { describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { Referee } from '@jantaku/shared/referee/referee';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import type { HandResult, Seat } from '@jantaku/shared/game/types';
import { connect, runBot, strategies, type HandEnded, type Table } from '@jantaku/client-sdk';
import type { GameStore } from '../../server/src/store/index';
import { rooms, serveDuringFile } from '../server/harness';

const served = serveDuringFile();

describe('SDK bots play a hanchan over websockets', () => {
  it('four runBot players (two strategies) finish a game whose every hand result equals the engine replay of the stored log', async () => {
    // A seed whose game (these bots, hmac-sha256-v1 walls) reaches the South round with nobody bust; -3 did under the old walls.
    const creator = await connect(served.url).create({ ruleset: 'tenhou', seed: 'sdk-hanchan-13', handPauseMs: 0, botDelayMs: 0, spectator: true });
    const tableId = creator.id;
    const watched: HandEnded[] = [];
    creator.on('handEnded', (h) => watched.push(h));
    const seen: Map<Seat, { hands: HandEnded[]; events: RefereeEvent[]; table?: Table }> = new Map();
    const players = ([0, 1, 2, 3] as Seat[]).map((seat) => {
      const rec = { hands: [] as HandEnded[], events: [] as RefereeEvent[], table: undefined as Table | undefined };
      seen.set(seat, rec);
      return runBot(served.url, seat % 2 === 0 ? strategies.efficiency : strategies.tsumogiri, {
        table: tableId,
        seat,
        name: `bot${seat}`,
        onTable: (t) => {
          rec.table = t;
          t.on('handEnded', (h) => rec.hands.push(h));
          t.on('event', (e) => rec.events.push(e));
        },
      });
    });
    const results = await Promise.all(players);
    expect(results.map((r) => r.seat)).toEqual([0, 1, 2, 3]);
    expect(new Set(results.map((r) => r.tableId))).toEqual(new Set([tableId]));

    const room = rooms.get(tableId)!;
    const game = room.referee.game;
    expect(game.phase).toBe('gameOver');
    for (const r of results) expect(r.standings).toEqual(game.standings);

    // The store's command log, replayed by the engine, gives every hand's result.
    const store = (served.server as Server & { store: GameStore }).store;
    const stored = store.getGame(tableId)!;
    const replayed = Referee.replay({ rules: stored.rules, seed: stored.seed }, store.commands(tableId));
    const results0 = replayed.game.hands.map((h) => h.result as HandResult);
    // A whole hanchan: into the South round, nobody bust.
    expect(replayed.game.hands.at(-1)!.round).toBeGreaterThanOrEqual(4);
    expect(game.scores.every((x) => x >= 0)).toBe(true);
    expect(replayed.game.standings).toEqual(game.standings);
    // Each seat saw every hand end, with the replay's result.
    for (const [seat, rec] of seen) {
      expect(rec.hands.map((h) => h.result), `seat ${seat}`).toEqual(results0);
      expect(rec.hands.map((h) => h.hand)).toEqual(results0.map((_, i) => i + 1));
    }
    expect(watched.map((h) => h.result)).toEqual(results0);
    // The event stream carries the same results, to the seats and to the spectator.
    for (const [, rec] of seen) {
      expect(rec.events.filter((e) => e.type === 'handEnded').map((e) => (e.type === 'handEnded' ? e.result : null))).toEqual(results0);
      expect(rec.events.filter((e) => e.type === 'gameEnded')).toHaveLength(1);
    }
    console.log(`sdk hanchan: ${results0.length} hands, ${room.state.actions} actions, standings ${JSON.stringify(game.standings?.map((s) => s.points))}, events seen by seat 0: ${seen.get(0)!.events.length}`);
    await creator.leave();
  });
});
