import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connect } from '@jantaku/client-sdk';
import { parse, UsageError } from '../../client-sdk/src/cli/args';
import { rooms, serveDuringFile } from '../server/harness';

const root = fileURLToPath(new URL('../../', import.meta.url));

const served = serveDuringFile();

interface Run {
  child: ChildProcess;
  out: () => string;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function bin(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [`client-sdk/bin/${name}.js`, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, out: () => stdout, done };
}

async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

describe('the command-line tools', () => {
  it('jantaku-bot --fill 4 creates a table, prints its id, plays the game with four bots and prints their standings', async () => {
    const run = bin('jantaku-bot', ['--url', served.url, '--fill', '4', '--strategy', 'tsumogiri', '--hand-pause', '0', '--bot-delay', '0', '--seed', 'cli-fill']);
    const { code, stdout, stderr } = await run.done;
    expect(stderr.replace(/\[Colyseus[^\n]*\n?/g, '')).toBe('');
    expect(code).toBe(0);
    const id = /^table (\S+)$/m.exec(stdout)?.[1];
    expect(id).toBeDefined();
    const game = rooms.get(id!)!.referee.game;
    expect(game.phase).toBe('gameOver');
    for (const s of game.standings!) expect(stdout).toContain(`seat ${s.seat}: rank ${s.rank} points ${s.points} final ${s.final}`);
  });

  it('jantaku-bot plays as a bot account with the API key of env JANTAKU_API_KEY (or --api-key, one seat only)', async () => {
    const owner = connect(served.url);
    await owner.register('Cli Owner', 'cli owner password');
    await owner.createBot('Cli Bot');
    const { key } = await owner.createKey('Cli Bot');
    const creator = await connect(served.url).create({ bots: [1, 2, 3], botDelayMs: 0, handPauseMs: 0, seed: 'cli-api-key', spectator: true });
    const run = bin('jantaku-bot', ['--url', served.url, '--table', creator.id, '--seat', '0', '--strategy', 'tsumogiri'], { JANTAKU_API_KEY: key });
    const { code, stdout } = await run.done;
    expect(code).toBe(0);
    const room = rooms.get(creator.id)!;
    expect(room.state.seats[0].name).toBe('Cli Bot');
    expect(room.referee.game.phase).toBe('gameOver');
    expect(stdout).toMatch(/^seat 0: rank \d/m);
    await creator.leave();
    const many = await bin('jantaku-bot', ['--url', served.url, '--fill', '2', '--api-key', key]).done;
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--api-key plays one seat/);
    await owner.revokeKey('Cli Bot', (await owner.keys('Cli Bot'))[0]!.id);
    const refused = await bin('jantaku-bot', ['--url', served.url, '--table', 'x', '--api-key', key]).done;
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/BAD_API_KEY|unknown or revoked/);
  });

  it('a table id that begins with a dash is read as the id, not as a missing value', () => {
    const options = { url: { type: 'string' }, table: { type: 'string' }, board: { type: 'boolean' } } as const;
    expect(parse(['--table', '-aX1nUIxm', '--board'], options, 'usage')).toMatchObject({ table: '-aX1nUIxm', board: true });
    expect(parse(['--board', '--table=-_x'], options, 'usage')).toMatchObject({ table: '-_x', board: true });
    expect(() => parse(['--table'], options, 'usage')).toThrow(UsageError);
    expect(() => parse(['--board', 'stray'], options, 'usage')).toThrow(UsageError);
  });

  it('jantaku-bot refuses bad arguments with its usage (exit 2)', async () => {
    const { code, stderr } = await bin('jantaku-bot', ['--url', served.url, '--strategy', 'nonsense', '--table', 'x']).done;
    expect(code).toBe(2);
    expect(stderr).toMatch(/--strategy must be one of efficiency, tsumogiri/);
  });

  it('jantaku-watch prints the table live (discards in mpsz, dora, scores, results) until the game ends', async () => {
    // Three built-in bots; the game starts when jantaku-bot takes the last seat, after the watcher is in.
    const creator = await connect(served.url).create({ bots: 3, botDelayMs: 0, handPauseMs: 0, seed: 'cli-watch', spectator: true, name: 'Watched' });
    const watch = bin('jantaku-watch', ['--url', served.url, '--table', creator.id]);
    await waitFor(() => watch.out().includes(`watching table ${creator.id}`));
    const bot = await bin('jantaku-bot', ['--url', served.url, '--table', creator.id, '--name', 'Cli']).done;
    expect(bot.code).toBe(0);
    const { code, stdout } = await watch.done;
    expect(code).toBe(0);
    const game = rooms.get(creator.id)!.referee.game;
    expect(game.phase).toBe('gameOver');
    // Events as they happen, with mpsz tiles and the player's name.
    // (The first hand was dealt before the watcher came: its start is on the board, not in the feed.)
    expect(stdout).toMatch(/^E1-0 {2}tenhou {2}phase turn {2}wall 69 /m);
    expect(game.hands.length).toBeGreaterThan(1);
    expect(stdout).toMatch(/— [ESWN][1-4]-\d+ starts: dealer (Cli|seat [123]), scores \d+\/\d+\/\d+\/\d+, dora indicator [0-9][mpsz]/);
    expect(stdout).toMatch(/\nCli discards [0-9][mpsz]/);
    expect(stdout).toMatch(/\nseat [123] discards [0-9][mpsz]( \(tsumogiri\))?\n/);
    // The board at each hand's end: dora, each seat's score and discards, the result.
    expect(stdout).toMatch(/ dora [1-9][mpsz]/);
    expect(stdout).toMatch(/ {4}discards: ([0-9][mpsz][r*c]* )+/);
    expect(stdout).toMatch(/\nresult: /);
    expect(stdout.match(/— hand over: /g)?.length).toBe(game.hands.length);
    const winner = game.standings!.find((s) => s.rank === 1)!;
    expect(stdout).toContain(`— game over: 1. ${winner.seat === 0 ? 'Cli' : `seat ${winner.seat}`} ${winner.points}`);
    // A spectator's feed: nobody's dealt hand.
    expect(stdout).not.toMatch(/ is dealt /);
    await creator.leave();
  });
});
