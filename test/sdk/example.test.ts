import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connect } from '@jantaku/client-sdk';
import { rooms, serveDuringFile } from '../server/harness';
import { run } from '../support/run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = 'client-sdk/examples/bot.ts';

const served = serveDuringFile();

const runNode = (args: string[]) => run(process.execPath, args, { cwd: root });

describe('the README bot example', () => {
  it('is the file the README shows, at most twenty lines, and plays a whole game as written', async () => {
    const source = readFileSync(`${root}${example}`, 'utf8');
    expect(source.trimEnd().split('\n').length).toBeLessThanOrEqual(20);
    // The README shows this file verbatim.
    expect(readFileSync(`${root}client-sdk/README.md`, 'utf8')).toContain(source.trimEnd());

    // A table with three built-in bots (fast), watched by the test; the example takes the free seat.
    const watcher = await connect(served.url).create({ bots: 3, botDelayMs: 0, handPauseMs: 0, seed: 'readme-example', spectator: true });
    const { code, stdout, stderr } = await runNode(['--import', 'tsx', example, served.url, watcher.id]);
    expect(stderr.replace(/\[Colyseus[^\n]*\n?/g, '')).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`seat 0 at table ${watcher.id}:`);
    const game = rooms.get(watcher.id)!.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(watcher.state.phase).toBe('gameOver');
    expect(JSON.parse(watcher.state.standings)).toEqual(game.standings);
    await watcher.leave();
  });
});
