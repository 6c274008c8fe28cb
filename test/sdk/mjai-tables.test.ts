import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { runMjaiBridge, seatName, type MjaiOutcome } from '../../client-sdk/src/mjai/bridge';
import { exportMjai, tileToMjai, type MjaiMessage } from '@jantaku/shared/logs/mjai';
import { SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { rooms, startServer } from '../server/harness';
import { run } from '../support/run';
import { roomGame } from '../support/roomLog';

/**
 * The mjai bridge at every kind of table the server hosts: each shipped ruleset with overrides
 * and a clock, a tonpuusen with a late bot (mjai.app's convention, found by the auto framing)
 * and a nonsense bot (gimite's), and the CLI's lines on stderr.
 */

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

const fast = { handPauseMs: 0, botDelayMs: 0 };
const namesAt = (roomId: string) => Array.from(rooms.get(roomId)!.state.seats, (s, i) => seatName(s, i));

/** A full mjai log as `seat` sees it. */
function seatView(log: string, seat: number): MjaiMessage[] {
  return log.trim().split('\n').map((l) => JSON.parse(l) as MjaiMessage).map((m) => {
    if (m.type === 'start_game') return { ...m, id: seat };
    if (m.type === 'start_kyoku') return { ...m, tehais: (m.tehais as string[][]).map((h, i) => (i === seat ? h : h.map(() => '?'))) };
    return m.type === 'tsumo' && m.actor !== seat ? { ...m, pai: '?' } : m;
  });
}

describe('the mjai bridge at every shipped ruleset, with overrides and a clock', () => {
  it.each(Object.keys(SHIPPED_RULESETS))('%s as a tonpuusen with a bank clock: a whole game, in the table\'s own tiles', async (ruleset) => {
    const sent: MjaiMessage[] = [];
    const lines: string[] = [];
    const r = await runMjaiBridge({
      url, seat: 0, name: 'Mjai Ann',
      create: { ...fast, bots: [1, 2, 3], ruleset, seed: `mjai-every-${ruleset}`, overrides: { length: 'tonpuusen' }, timeControl: 'bank' },
      command: process.execPath, args: [fixture('mjai-tsumogiri.mjs')],
      onSent: (m) => sent.push(...m), log: (l) => lines.push(l),
    });
    const room = rooms.get(r.roomId)!;
    const game = roomGame(room);
    expect(room.state.ruleset).toBe(`${ruleset}+custom`);
    expect(game.rules.length).toBe('tonpuusen');
    expect(game.phase).toBe('gameOver');
    expect(r.standings).toEqual(game.standings);
    expect(lines[0]).toMatch(new RegExp(`^table ${r.roomId}, seat 0 \\(${ruleset}\\+custom: tonpuusen, time control bank`));
    // What the bot was sent is the game's mjai log in the table's tiles (red fives where its rules have them), with the players' names.
    expect(sent).toEqual(seatView(exportMjai(game, namesAt(r.roomId)), 0));
    expect(sent[0]).toEqual({ type: 'start_game', id: 0, names: ['Mjai Ann', 'bot1', 'bot2', 'bot3'] });
    const fives = new Set(sent.flatMap((m) => JSON.stringify(m).match(/5[mps]r/g) ?? []));
    expect(fives.size > 0).toBe(game.rules.redFives.some((x) => x === 1));
    // The tsumogiri bot answered in time (a bank of 5 s a turn): the bridge never played for it.
    expect(r.outcomes.filter((o) => o.fallback || o.answer.status !== 'accepted')).toEqual([]);
    expect(r.framing).toBe('line');
  });
});

describe('a tonpuusen with overrides and a clock, a late bot and a nonsense bot', () => {
  it('the bridge gives each late or invalid answer the prescribed move, says so in one line each, and the game is played to its end', async () => {
    // A 600 ms turn and claim window (no bank): the bridge waits 400 ms, the table's clock 600.
    const clock = { kind: 'bank', baseMs: 600, bankMs: 0, bankScope: 'game', claimMs: 600 };
    const late = { lines: [] as string[], outcomes: [] as MjaiOutcome[], sent: [] as MjaiMessage[] };
    const nonsense = { lines: [] as string[], outcomes: [] as MjaiOutcome[], sent: [] as MjaiMessage[] };
    let roomId = '';
    let seated!: () => void;
    const created = new Promise<void>((r) => (seated = r));
    const first = runMjaiBridge({
      url, seat: 0,
      create: { ...fast, bots: [2, 3], ruleset: 'tenhou', seed: 'mjai-late-nonsense', overrides: { length: 'tonpuusen', redFives: [0, 0, 0] }, timeControl: clock },
      // As mjai.app's bots are shipped: no seat argument (the bridge finds the framing and adds it).
      command: process.execPath, args: [fixture('mjai-app-late.mjs')],
      log: (l) => late.lines.push(l), onOutcome: (o) => late.outcomes.push(o), onSent: (m) => late.sent.push(...m),
      onSeated: (s) => {
        roomId = s.roomId;
        seated();
      },
    });
    await created;
    const second = runMjaiBridge({
      url, table: roomId, seat: 1, name: 'Nonsense',
      command: process.execPath, args: [fixture('mjai-nonsense.mjs')],
      log: (l) => nonsense.lines.push(l), onOutcome: (o) => nonsense.outcomes.push(o), onSent: (m) => nonsense.sent.push(...m),
    });
    const [a, b] = await Promise.all([first, second]);
    const room = rooms.get(roomId)!;
    const game = roomGame(room);
    expect(game.phase).toBe('gameOver');
    expect(game.rules).toMatchObject({ name: 'tenhou+custom', length: 'tonpuusen', redFives: [0, 0, 0], timeControl: clock });
    expect(a.standings).toEqual(game.standings);
    expect(b.standings).toEqual(game.standings);
    expect([a.framing, b.framing]).toEqual(['batch', 'line']);
    expect(late.lines.some((l) => l.includes('starting it as mjai.app does'))).toBe(true);

    // The late bot: every answer it held back (it says which on stderr) came too late and the bridge discarded the drawn tile for it.
    const heldBack = late.lines.filter((l) => /^bot: late on tsumo/.test(l));
    expect(heldBack.length).toBeGreaterThan(2);
    const lateMoves = late.outcomes.filter((o) => o.because === 'late');
    const said = late.lines.filter((l) => /^seat 0: no answer within \d+ ms to its (tsumo|claim window): the bridge (discards \w+|passes) for it$/.test(l));
    expect(said.length).toBe(lateMoves.length);
    // Where the table's own clock acted first (a loaded machine), the bridge says that instead.
    const clockFirst = late.lines.filter((l) => /^seat 0: no answer within \d+ ms .*; the table's clock has already acted for it$/.test(l));
    expect(lateMoves.length + clockFirst.length).toBeGreaterThanOrEqual(heldBack.length);
    for (const o of lateMoves) {
      expect(['discard', 'pass']).toContain(o.command.type);
      // Accepted, or the table's own clock had just played the same move (then the seat had nothing left to do).
      if (o.answer.status !== 'accepted') expect(o.answer).toMatchObject({ status: 'refused' });
    }
    // Each held-back tsumo was played as the prescribed move: the drawn tile, thrown at once.
    const discards0 = game.hands.flatMap((h) => h.steps.filter((s) => s.type === 'discard' && s.seat === 0));
    for (const l of heldBack) {
      const pai = /\((\w+)\)/.exec(l)![1];
      expect(discards0.some((s) => s.type === 'discard' && s.tsumogiri && tileToMjai(s.tile, game.rules.redFives) === pai)).toBe(true);
    }
    expect(lateMoves.some((o) => o.command.type === 'discard' && o.answer.status === 'accepted')).toBe(true);
    expect(late.lines.some((l) => /late answer .* came after its time and was dropped/.test(l))).toBe(true);

    // The nonsense bot: every answer it was asked for was nonsense; none reached the table, each became the prescribed move.
    expect(nonsense.outcomes.length).toBeGreaterThan(10);
    expect(nonsense.outcomes.filter((o) => !o.fallback)).toEqual([]);
    expect(new Set(nonsense.outcomes.map((o) => o.because))).toEqual(new Set(['invalid']));
    const reasons = nonsense.lines.filter((l) => l.startsWith('seat 1: invalid answer') && !l.includes('nothing was asked'));
    expect(reasons.filter((l) => /: the bridge (discards \w+|passes) for it$/.test(l)).length).toBe(nonsense.outcomes.length);
    for (const why of ['not JSON', 'not an mjai message', '"banana" is none of', '"pai" "9z" is no tile', 'is not seat 1']) {
      expect(reasons.some((l) => l.includes(why))).toBe(true);
    }
    // The discards of seat 1 were all its drawn tile, as prescribed; no fault, no refusal of anything it said.
    const mine = game.hands.flatMap((h) => h.steps.filter((s) => s.type === 'discard' && s.seat === 1));
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((s) => s.type === 'discard' && s.tsumogiri)).toBe(true);
    expect(room.referee.faults).toEqual([]);

    // Each was sent the game as its seat sees it, with the players' names.
    const names = namesAt(roomId);
    expect(names).toEqual(['player0', 'Nonsense', 'bot2', 'bot3']);
    expect(late.sent).toEqual(seatView(exportMjai(game, names), 0));
    expect(nonsense.sent).toEqual(seatView(exportMjai(game, names), 1));
    console.log(`mjai late/nonsense tonpuusen: ${game.hands.length} hands; late ${heldBack.length} held back, ${lateMoves.length} played by the bridge; nonsense ${nonsense.outcomes.length}`);
  });
});

describe('jantaku-mjai on stderr', () => {
  const bin = fileURLToPath(new URL('../../client-sdk/bin/jantaku-mjai.js', import.meta.url));
  const runCli = (args: string[]) => run(process.execPath, [bin, ...args]);

  it('with --create at a custom timed table: says the table and seat it got, plays an mjai.app bot by default, exit 0', async () => {
    const create = { ...fast, bots: 3, ruleset: 'wrc2015', seed: 'mjai-cli-create', overrides: { length: 'tonpuusen' }, timeControl: 'wsom' };
    const r = await runCli(['--url', url, '--create', JSON.stringify(create), '--', process.execPath, fixture('mjai-app-late.mjs')]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(r.stderr.split('\n')[0]).toBe(`jantaku-mjai: table ${printed.table}, seat 0 (wrc2015+custom: tonpuusen, time control wsom, fouls penalise)`);
    const game = rooms.get(printed.table)!.referee.game;
    expect(printed).toMatchObject({ seat: 0, standings: game.standings, framing: 'batch' });
  });

  it.each([
    ['a table the server refuses', ['--create', '{"bots":9}', '--', process.execPath, fixture('mjai-tsumogiri.mjs')], /^jantaku-mjai: cannot create the table: invalid table option bots: .+ \(400\)$/],
    ['a table that does not exist', ['--table', 'no-such-table', '--', process.execPath, fixture('mjai-tsumogiri.mjs')], /^jantaku-mjai: cannot join table no-such-table: .+$/],
    ['a bot that cannot run', ['--create', '{"bots":3,"handPauseMs":0,"botDelayMs":0}', '--', '/nonexistent/mjai-bot'], /^jantaku-mjai: the mjai bot could not run: .*ENOENT.*$/],
  ])('%s: one line on stderr, exit 1, no stack trace', async (_what, args, line) => {
    const r = await runCli(['--url', url, ...args]);
    expect(r.code).toBe(1);
    const errLines = r.stderr.trim().split('\n').filter((l) => !l.includes(', seat ') && !l.includes('starting it as mjai.app does'));
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(line);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
