import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { runMjaiBridge, seatName, type MjaiOutcome } from '../../client-sdk/src/mjai/bridge';
import { parseMjaiArgs } from '../../client-sdk/src/mjai/cli';
import { exportMjai, type MjaiMessage } from '@jantaku/shared/logs/mjai';
import { rooms, startServer } from '../server/harness';
import { run } from '../support/run';
import { roomGame } from '../support/roomLog';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let server: Server;
let url: string;
let dataDir: string;

beforeAll(async () => {
  ({ server, url, dataDir } = await startServer());
});
afterAll(async () => {
  await server.gracefullyShutdown(false);
  rmSync(dataDir, { recursive: true, force: true });
});

const fast = { bots: [1, 2, 3], handPauseMs: 0, botDelayMs: 0 };

/** The names the bridge sends in start_game: the players' (the table's bots have none). */
const namesAt = (roomId: string) => Array.from(rooms.get(roomId)!.state.seats, (s, i) => seatName(s, i));

/** A full mjai log as seat 0 sees it. */
function seatView(log: string): MjaiMessage[] {
  return log.trim().split('\n').map((l) => JSON.parse(l) as MjaiMessage).map((m) => {
    if (m.type === 'start_kyoku') return { ...m, tehais: (m.tehais as string[][]).map((h, i) => (i === 0 ? h : h.map(() => '?'))) };
    return m.type === 'tsumo' && m.actor !== 0 ? { ...m, pai: '?' } : m;
  });
}

describe('mjai bridge, end to end', () => {
  it.each([
    ['events', 'line'],
    ['state', 'line'],
    ['events', 'batch'],
  ] as const)('a tsumogiri mjai bot (a separate Node process) plays a whole game against three server bots (source: %s, framing: %s)', async (source, framing) => {
    const lines: string[] = [];
    const sent: MjaiMessage[] = [];
    const r = await runMjaiBridge({
      url, seat: 0, create: { ...fast, ruleset: 'tenhou', seed: 'mjai-tsumogiri' },
      command: process.execPath, args: [fixture('mjai-tsumogiri.mjs')],
      log: (l) => lines.push(l), source, framing, onSent: (m) => sent.push(...m),
    });
    const game = roomGame(rooms.get(r.roomId)!);
    expect(game.phase).toBe('gameOver');
    expect(r.standings).toEqual(game.standings);
    expect(r.seat).toBe(0);
    // Every declaration the bot made (a discard, or a pass where it could have called) was accepted; the bridge never stepped in.
    expect(r.outcomes.length).toBeGreaterThan(20);
    expect(r.outcomes.filter((o) => o.answer.status !== 'accepted' || o.fallback || (o.command.type !== 'discard' && o.command.type !== 'pass'))).toEqual([]);
    // Seat 0 discarded only what it drew, in every hand, and each discard was the bot's.
    const mine = game.hands.flatMap((h) => h.steps.filter((s) => s.type === 'discard' && s.seat === 0));
    expect(mine.length).toBe(r.outcomes.filter((o) => o.command.type === 'discard').length);
    expect(mine.every((s) => s.type === 'discard' && s.tsumogiri)).toBe(true);
    // The bot saw nothing it should not (its own checks) and got to end_game.
    expect(lines.filter((l) => l.startsWith('bot: ') && !l.includes('end_game after'))).toEqual([]);
    expect(lines.some((l) => l.includes('end_game after'))).toBe(true);
    expect(r.exitCode).toBe(0);
    // What the bot was sent is the server's game as an mjai log, with what seat 0 may not see hidden.
    expect(sent).toEqual(seatView(exportMjai(game, namesAt(r.roomId))));
    console.log(`mjai tsumogiri (${source}, ${framing}): ${game.hands.length} hands, ${r.outcomes.length} discards; ${lines.find((l) => l.includes('end_game'))}`);
  });

  it.each(['events', 'state'] as const)('a broken mjai bot under wrc2015 gets the faults its replies deserve (source: %s)', async (source) => {
    const outcomes: MjaiOutcome[] = [];
    const sent: MjaiMessage[] = [];
    const r = await runMjaiBridge({
      url, seat: 0, create: { ...fast, ruleset: 'wrc2015', seed: 'mjai-broken' },
      command: process.execPath, args: [fixture('mjai-broken.mjs')],
      onOutcome: (o) => outcomes.push(o), onSent: (m) => sent.push(...m), source,
    });
    const referee = rooms.get(r.roomId)!.referee;
    const game = roomGame(rooms.get(r.roomId)!);
    expect(game.phase).toBe('gameOver');
    const bad = outcomes.filter((o) => o.answer.status !== 'accepted' && !o.unasked);
    const summary = bad.map((o) => [o.command.type, o.answer.status === 'fault' ? o.answer.rule : o.answer.status === 'refused' ? o.answer.code : '']);
    // In the bot's order: a false tsumo (shown: chombo), a kan of tiles it lacks, a tile it lacks, a pon it cannot make.
    expect(summary).toEqual([
      ['tsumo', 'WRC-F-FALSE-WIN-REVEALED'],
      ['ankan', 'WRC-F-FALSE-CALL-ANKAN'],
      ['discard', 'TILE_NOT_IN_HAND'],
      ['pon', 'WRC-F-FALSE-CALL-MELD'],
    ]);
    expect(bad[0].answer).toMatchObject({ penalty: { kind: 'chombo' } });
    // The referee recorded the three faults against seat 0 (the refused discard is a protocol error, not a fault).
    expect(referee.faults.filter((f) => f.seat === 0).map((f) => f.rule)).toEqual(['WRC-F-FALSE-WIN-REVEALED', 'WRC-F-FALSE-CALL-ANKAN', 'WRC-F-FALSE-CALL-MELD']);
    // After the refused discard and the cancelled kan the bridge discarded as the clock would, and said so.
    expect(outcomes.filter((o) => o.fallback).map((o) => o.command.type)).toEqual(['discard', 'discard']);
    expect(r.standings).toEqual(game.standings);
    // A `hora` sent when nothing asked (another seat's tsumo) was declared too, and refused: not its turn.
    const unasked = outcomes.filter((o) => o.unasked);
    expect(unasked.map((o) => [o.command.type, o.answer.status])).toEqual([['tsumo', 'refused']]);
    // Its `reach` was answered with its own `reach` message, and the `dahai` after it became one riichi.
    const riichi = outcomes.filter((o) => o.command.type === 'riichi');
    expect(riichi).toHaveLength(1);
    expect(riichi[0].reply).toMatchObject({ type: 'dahai', tsumogiri: true });
    const i = sent.findIndex((m) => m.type === 'reach' && m.actor === 0);
    expect(sent.slice(i - 1, i + 2).map((m) => m.type)).toEqual(['tsumo', 'reach', 'dahai']);
    expect(sent.filter((m) => m.type === 'reach' && m.actor === 0)).toHaveLength(1);
    expect(game.hands.flatMap((h) => h.steps).filter((s) => s.type === 'discard' && s.seat === 0 && s.riichi)).toHaveLength(1);
    // The export writes the hand ended by chombo as the bot was told it: a ryukyoku with reason "chombo".
    expect(sent).toEqual(seatView(exportMjai(game, namesAt(r.roomId))));
    expect(sent.find((m) => m.type === 'ryukyoku')).toMatchObject({ reason: 'chombo' });
  });
});

describe('jantaku-mjai (the CLI)', () => {
  const bin = fileURLToPath(new URL('../../client-sdk/bin/jantaku-mjai.js', import.meta.url));
  const runCli = (args: string[]) => run(process.execPath, [bin, ...args]);

  it('seats the bot at an existing table by id and prints the standings when the game ends', async () => {
    const { Client } = await import('@colyseus/sdk');
    // A table whose seat 2 waits for a player; the other three are server bots.
    const spectator = await new Client(url).create('table', { ...fast, bots: [0, 1, 3], ruleset: 'ema2016', seed: 'mjai-cli', spectator: true });
    spectator.onMessage('*', () => {});
    const r = await runCli(['--url', url, '--table', spectator.roomId, '--seat', '2', '--', process.execPath, fixture('mjai-tsumogiri.mjs')]);
    await spectator.leave();
    expect(r.stderr).toContain(`table ${spectator.roomId}, seat 2`);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    const game = rooms.get(spectator.roomId)!.referee.game;
    expect(printed).toMatchObject({ table: spectator.roomId, seat: 2, standings: game.standings });
    expect(Object.keys(printed.declarations)).toEqual(['accepted']);
  });

  it('reads a table id that begins with a dash (Colyseus ids may) as the id, written either way', () => {
    for (const table of [['--table', '-aX1nUIxm'], ['--table=-aX1nUIxm']]) {
      const o = parseMjaiArgs(['--url', 'ws://127.0.0.1:1', ...table, '--seat', '2', '--', 'node', '--bot-flag']);
      expect(o).toMatchObject({ url: 'ws://127.0.0.1:1', table: '-aX1nUIxm', seat: 2, command: 'node', args: ['--bot-flag'] });
    }
  });

  it('a command line without the bot or the table is a usage error (exit 2)', async () => {
    const noBot = await runCli(['--url', url, '--table', 'x']);
    expect(noBot.code).toBe(2);
    expect(noBot.stderr).toContain('usage: jantaku-mjai');
    const noTable = await runCli(['--url', url, '--', 'node']);
    expect(noTable.code).toBe(2);
    expect(noTable.stderr).toContain('--table or --create');
  });
});
