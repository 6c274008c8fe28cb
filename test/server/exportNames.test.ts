import { describe, expect, it } from 'vitest';
import { connect, runBot, strategies } from '@jantaku/client-sdk';
import { fromMjlog } from '@jantaku/shared/logs/mjlogImport';
import { parseTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import { rooms, serveDuringFile } from './harness';

const served = serveDuringFile();
const http = () => served.url.replace(/^ws/, 'http');

/** Issue 19 item 3: every export of a finished game carries who played it. */
describe('game exports name the players', () => {
  it('tenhou.net/6, mjai and mjlog each carry the seats\' claimed names and the bots as bots; the mjlog replays to the same scores', async () => {
    const names = ['Ann', '李 白', 'Bot (efficiency)', 'Bot (efficiency)'];
    const creator = await connect(served.url).create({ ruleset: 'tenhou', seed: 'export-names', bots: [2, 3], botDelayMs: 0, handPauseMs: 0, overrides: { length: 'tonpuusen' }, spectator: true });
    const id = creator.id;
    const results = await Promise.all([0, 1].map((seat) => runBot(served.url, strategies.efficiency, { table: id, seat: seat as 0 | 1, name: names[seat] })));
    const game = rooms.get(id)!.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(results.map((r) => r.standings)).toEqual([game.standings, game.standings]);

    const get = async (kind: string) => {
      const res = await fetch(`${http()}/api/games/${id}/${kind}`);
      expect(res.status, kind).toBe(200);
      return { type: res.headers.get('content-type'), text: await res.text() };
    };
    const t6 = await get('tenhou6');
    expect(parseTenhou6(t6.text).names).toEqual(names);

    const mjai = await get('mjai');
    expect(mjai.type).toMatch(/application\/x-ndjson/);
    expect(JSON.parse(mjai.text.split('\n')[0])).toEqual({ type: 'start_game', id: 0, names });

    const mjlog = await get('mjlog');
    expect(mjlog.type).toMatch(/application\/xml/);
    expect(mjlog.text).toMatch(/^<mjloggm ver="2\.3">/);
    expect(mjlog.text).toContain('sx="M,M,C,C"'); // Tenhou's mark of a computer player
    const imported = fromMjlog(mjlog.text);
    expect(imported.names).toEqual(names);
    const replay = replayGame(imported, undefined, { complete: true });
    expect(replay.hands.filter((h) => !h.ok).map((h) => h.mismatch)).toEqual([]);
    expect(replay.hands.at(-1)!.game!.scores).toEqual(game.scores);

    // Not finished, not exported: 409 as for the other logs.
    const running = await connect(served.url).create({ ruleset: 'tenhou', seed: 'export-running', bots: 3, botDelayMs: 60_000, spectator: true });
    expect((await fetch(`${http()}/api/games/${running.id}/mjlog`)).status).toBe(409);
    await Promise.all([creator.leave(), running.leave()]);
  });
});
