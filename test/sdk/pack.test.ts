import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@jantaku/client-sdk';
import { rooms, serveDuringFile } from '../server/harness';
import { run } from '../support/run';

/**
 * The packages as a bot author gets them: `npm pack` of both (their prepack builds dist/), the
 * tarballs installed into an empty plain-JavaScript project, and the README's bot, the bins and
 * a TypeScript consumer run there with nothing of this repository (no tsx, no TypeScript sources,
 * no jantaku-source condition).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const corpusGame = join(root, '../shared/corpus/tenhou6/games/2010081709gm-00a9-0000-fe3371ad.json');
const served = serveDuringFile();

/** This process's environment without what npm set for the repo (its .npmrc's NODE_OPTIONS, npm_* config). */
const outside = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS' && !k.startsWith('npm_')));

/** Runs `cmd` in the packed project, outside this repository's npm environment. */
const runOutside = (cmd: string, args: string[], cwd: string) => run(cmd, args, { cwd, env: outside });

const npm = (args: string[], cwd: string, env?: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) =>
    execFile('npm', args, { cwd, env, maxBuffer: 64 << 20 }, (e, stdout, stderr) => (e ? reject(new Error(`npm ${args.join(' ')}: ${stderr}`)) : resolve(stdout))),
  );

const withoutColyseusNoise = (s: string) => s.replace(/\[Colyseus[^\n]*\n?/g, '');

let dir: string;
let packed: { name: string; filename: string; files: { path: string }[] }[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jantaku-pack-'));
  packed = JSON.parse(await npm(['pack', '--json', '--pack-destination', dir, '-w', '@jantaku/shared', '-w', '@jantaku/client-sdk'], root));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', ...packed.map((p) => `./${p.filename}`)], dir, outside);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed @jantaku/shared and @jantaku/client-sdk', () => {
  it('ship dist/ (JavaScript with .d.ts) and the bins, not the TypeScript sources, and need no tsx or TypeScript', () => {
    expect(packed.map((p) => p.name)).toEqual(['@jantaku/shared', '@jantaku/client-sdk']);
    for (const p of packed) {
      const files = p.files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'package.json']));
      // TypeScript only as the SDK's example (examples/bot.ts, beside bot.mjs), never as code to run.
      expect(files.filter((f) => f.startsWith('src/') || (f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('examples/')))).toEqual([]);
    }
    expect(packed[1]!.files.map((f) => f.path)).toEqual(expect.arrayContaining(['bin/jantaku-bot.js', 'bin/jantaku-mjai.js', 'dist/browser/jantaku-client.js']));
    for (const name of ['shared', 'client-sdk']) {
      const pkg = JSON.parse(readFileSync(join(dir, 'node_modules/@jantaku', name, 'package.json'), 'utf8'));
      expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    }
    expect(existsSync(join(dir, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules/typescript'))).toBe(false);
  });

  it("the README's plain-JavaScript bot, installed from them, plays a whole game", async () => {
    const source = readFileSync(join(root, 'client-sdk/examples/bot.mjs'), 'utf8');
    expect(source.trimEnd().split('\n').length).toBeLessThanOrEqual(20);
    expect(readFileSync(join(root, 'client-sdk/README.md'), 'utf8')).toContain(source.trimEnd());
    writeFileSync(join(dir, 'bot.mjs'), source);

    const watcher = await connect(served.url).create({ bots: 3, botDelayMs: 0, handPauseMs: 0, seed: 'packed-readme-bot', spectator: true });
    const r = await runOutside(process.execPath, ['bot.mjs', served.url, watcher.id], dir);
    expect(withoutColyseusNoise(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`seat 0 at table ${watcher.id}:`);
    const game = rooms.get(watcher.id)!.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(JSON.parse(watcher.state.standings)).toEqual(game.standings);
    await watcher.leave();
  });

  it('jantaku-bot plays a game and jantaku-replay replays a corpus game, with plain node', async () => {
    const bot = await runOutside(process.execPath, ['node_modules/.bin/jantaku-bot', '--url', served.url, '--fill', '4', '--hand-pause', '0', '--bot-delay', '0', '--seed', 'packed-bin'], dir);
    expect(withoutColyseusNoise(bot.stderr)).toBe('');
    expect(bot.code).toBe(0);
    const id = /^table (\S+)$/m.exec(bot.stdout)?.[1];
    expect(rooms.get(id!)!.referee.game.phase).toBe('gameOver');

    const replay = await runOutside(process.execPath, ['node_modules/.bin/jantaku-replay', corpusGame], dir);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/^hands: (\d+)\/\1 matched$/m);
  });

  it('jantaku-mjai seats an mjai bot at a table and jantaku-watch answers, with plain node', async () => {
    const watcher = await connect(served.url).create({ bots: [0, 1, 3], botDelayMs: 0, handPauseMs: 0, seed: 'packed-mjai', spectator: true });
    const mjaiBot = fileURLToPath(new URL('./fixtures/mjai-tsumogiri.mjs', import.meta.url));
    const mjai = await runOutside(process.execPath, ['node_modules/.bin/jantaku-mjai', '--url', served.url, '--table', watcher.id, '--seat', '2', '--', process.execPath, mjaiBot], dir);
    await watcher.leave();
    expect(mjai.code).toBe(0);
    const game = rooms.get(watcher.id)!.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(JSON.parse(mjai.stdout.trim().split('\n').at(-1)!)).toMatchObject({ table: watcher.id, seat: 2, standings: game.standings });

    const watch = await runOutside(process.execPath, ['node_modules/.bin/jantaku-watch', '--help'], dir);
    expect(watch.code).toBe(0);
    expect(watch.stdout + watch.stderr).toContain('usage: jantaku-watch');
  });

  it('their .d.ts type a TypeScript consumer (node16 resolution: every import in them a full path), and the browser bundle is one module', async () => {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['es2023', 'dom'] },
      files: ['check.mts'],
    }));
    writeFileSync(join(dir, 'check.mts'), [
      "import { connect, runBot, type Bot } from '@jantaku/client-sdk';",
      "import { scoreHand } from '@jantaku/shared';",
      "import { Game } from '@jantaku/shared/game/game';",
      "const bot: Bot = (_view, legal) => (legal.some((a) => a.type === 'draw') ? { type: 'draw' } : { type: 'pass' });",
      '// @ts-expect-error a bot answers with a command, which the types know',
      'const wrong: Bot = () => 42;',
      "const r = scoreHand({ hand: '234m567p23456s88p', winTile: '7s', riichi: true });",
      "const s: number = r.ok ? r.deltas[1] : r.reason.length;",
      'export { connect, runBot, bot, wrong, s, Game };',
    ].join('\n'));
    const r = await runOutside(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);

    // Self-contained: it loads from a directory with no node_modules, and names no Node module.
    const alone = mkdtempSync(join(tmpdir(), 'jantaku-browser-'));
    const bundle = join(alone, 'jantaku-client.js');
    copyFileSync(join(dir, 'node_modules/@jantaku/client-sdk/dist/browser/jantaku-client.js'), bundle);
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/\bfrom\s*["']node:|import\(\s*["']node:/);
    const m = await import(bundle);
    rmSync(alone, { recursive: true, force: true });
    expect(typeof m.connect).toBe('function');
  });
});
