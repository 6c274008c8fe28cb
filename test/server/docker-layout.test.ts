import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, runBot, strategies } from '@jantaku/client-sdk';
import type { Seat } from '@jantaku/shared/game/types';
import { freePort } from './harness';
import { applyCopy, copiesOf, dockerignore, envOf, execForm, last, parseDockerfile, setWritable, userIds, type Stage } from '../support/dockerfile';

/**
 * The Docker image, proven without Docker (no daemon here): its files are laid out in a clean
 * directory as the Dockerfile lays them out — the build context minus .dockerignore, the web
 * client built and the production install (`npm ci --omit=dev`, from the registry), then only
 * what the run stage COPYs — and the run stage's own CMD starts it as a non-root user, the code
 * read-only, the data volume writable.
 */
const ROOT = process.cwd();
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const run = stages.at(-1)!;
const build = stages.find((s) => s.name && copiesOf(run).some((c) => c.from === s.name))!;
const workdir = (s: Stage) => last(s, 'WORKDIR') ?? '/';

const tmp = mkdtempSync(join(tmpdir(), 'jantaku-image-'));
chmodSync(tmp, 0o755); // the unprivileged user must reach the image's directory
const buildRoot = join(tmp, 'build'); // the build stage's `/`
const buildDir = join(buildRoot, workdir(build));

function sh(cmd: string, args: string[], cwd: string): void {
  const { NODE_ENV: _test, ...env } = process.env; // not vitest's NODE_ENV=test, as in a docker build
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${(r.stdout + r.stderr).slice(-3000)}`);
}

/** The run stage's files under `root` (its `/`), from a Dockerfile's run stage. */
function layOut(runStage: Stage, root: string): string {
  for (const c of copiesOf(runStage)) applyCopy(c, buildRoot, workdir(build), root, workdir(runStage));
  return join(root, workdir(runStage));
}

/** The user the image runs as, or `nobody` where this machine has no such user. */
function runUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined; // not root: the test's own user is the unprivileged one
  const name = last(run, 'USER')!;
  const ids = userIds(name) ?? userIds('nobody');
  return ids && { name: userIds(name) ? name : 'nobody', ...ids };
}

interface Started {
  proc: ChildProcess;
  out: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The image started: its CMD in its WORKDIR, its ENV (paths under the image's root), as its user. */
async function startImage(root: string, port: number, argv = execForm(last(run, 'CMD')!)): Promise<Started & { env: Record<string, string> }> {
  const user = runUser();
  const imageEnv = Object.fromEntries(Object.entries(envOf(run)).map(([k, v]) => [k, v.startsWith('/') ? join(root, v) : v]));
  const env = { PATH: process.env.PATH!, HOME: tmpdir(), ...imageEnv, PORT: String(port) };
  const [cmd, ...args] = argv;
  const proc = spawn(cmd === 'node' ? process.execPath : cmd!, args, { cwd: join(root, workdir(run)), env, uid: user?.uid, gid: user?.gid, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, out: () => out, exit, env };
}

async function healthy(port: number, exit: Promise<unknown>, out: () => string): Promise<void> {
  let exited = false;
  void exit.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the image's server exited before /health answered:\n${out().slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const children: ChildProcess[] = [];
let image = '';

beforeAll(() => {
  // The build stage: the context (minus .dockerignore) at its WORKDIR, then its RUN steps.
  const ignored = dockerignore(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
  mkdirSync(buildDir, { recursive: true });
  applyCopy({ sources: ['.'], dest: '.' }, ROOT, '/', buildDir, '/', ignored);
  const runs = build.steps.filter((s) => s.op === 'RUN').map((s) => s.args).join(' && ');
  expect(runs).toMatch(/npm run build:web && npm ci --omit=dev/);
  // `npm run build:web` needs the full install; this checkout's stands in for the build stage's
  // `npm ci` (taken away again before the production install replaces it).
  symlinkSync(join(ROOT, 'node_modules'), join(buildDir, 'node_modules'));
  try {
    sh('npm', ['run', 'build:web'], buildDir);
  } finally {
    unlinkSync(join(buildDir, 'node_modules'));
  }
  sh('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], buildDir);

  image = layOut(run, join(tmp, 'image'));
  // The run stage's data volume, the one path its user may write (as its RUN mkdir/chown makes it).
  const volume = last(run, 'VOLUME')!;
  const data = join(tmp, 'image', volume);
  mkdirSync(data, { recursive: true });
  setWritable(join(tmp, 'image'), false);
  chmodSync(data, 0o755);
  const user = runUser();
  if (user) chownSync(data, user.uid, user.gid);
}, 900_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (existsSync(tmp)) setWritable(tmp, true);
  rmSync(tmp, { recursive: true, force: true });
});

describe('the Docker image, laid out as its Dockerfile says and started by its CMD', () => {
  it('the run stage: Node 22, a non-root USER, the data volume is JANTAKU_DATA_DIR, a HEALTHCHECK, exec-form CMD', () => {
    expect(run.from).toMatch(/^node:22[-.]/);
    expect(build.from).toBe(run.from); // the native module is built for the Node that runs it
    expect(last(run, 'USER')).toMatch(/^(?!root$|0$)\S+$/);
    expect(envOf(run).JANTAKU_DATA_DIR).toBe(last(run, 'VOLUME'));
    expect(last(run, 'HEALTHCHECK')).toMatch(/CMD \[/);
    expect(execForm(last(run, 'CMD')!)[0]).toBe('node');
  });

  it('serves /health (its HEALTHCHECK passes) and the web client, plays a game of SDK bots, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const img = await startImage(join(tmp, 'image'), port);
    children.push(img.proc);
    await healthy(port, img.exit, img.out);

    // The image's own HEALTHCHECK command, as the image's user with its environment.
    const check = execForm(last(run, 'HEALTHCHECK')!.replace(/^.*?CMD /, 'CMD '));
    const user = runUser();
    const hc = spawnSync(process.execPath, check.slice(1), { cwd: image, env: { ...img.env, PATH: process.env.PATH! }, uid: user?.uid, gid: user?.gid });
    expect(hc.status).toBe(0);
    const index = await fetch(`http://127.0.0.1:${port}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toMatch(/src="\/assets\/[^"]+\.js"/);

    const url = `ws://127.0.0.1:${port}`;
    const creator = await connect(url).create({ ruleset: 'tenhou', seed: 'docker-layout-1', handPauseMs: 0, botDelayMs: 0, spectator: true });
    const results = await Promise.all(([0, 1, 2, 3] as Seat[]).map((seat) => runBot(url, strategies.efficiency, { table: creator.id, seat, name: `bot${seat}` })));
    await creator.leave();
    expect(results.map((r) => r.standings)).toEqual([0, 1, 2, 3].map(() => results[0]!.standings));
    const games = (await (await fetch(`http://127.0.0.1:${port}/api/games`)).json()) as { games: { id: string; status?: string }[] };
    expect(games.games.map((g) => g.id)).toContain(creator.id);

    img.proc.kill('SIGTERM');
    expect(await img.exit).toEqual({ code: 0, signal: null });
    // The game was recorded in the volume, by the image's user.
    const db = join(tmp, 'image', last(run, 'VOLUME')!, 'jantaku.sqlite');
    expect(statSync(db).uid).toBe(user?.uid ?? process.getuid!());
  });

  it('a run stage that forgets to COPY a directory the server needs does not start', async () => {
    const forgetful = { ...run, steps: run.steps.filter((s) => !(s.op === 'COPY' && / shared$/.test(s.args))) };
    expect(forgetful.steps.length).toBe(run.steps.length - 1);
    const root = join(tmp, 'forgetful');
    const dir = layOut(forgetful, root);
    mkdirSync(join(root, last(run, 'VOLUME')!), { recursive: true });
    chmodSync(join(root, last(run, 'VOLUME')!), 0o777);
    expect(existsSync(join(dir, posix.join('server', 'src', 'index.ts')))).toBe(true);
    const img = await startImage(root, await freePort());
    children.push(img.proc);
    const exit = await img.exit;
    expect(exit.code).not.toBe(0);
    expect(img.out()).toMatch(/Cannot find (module|package)|ERR_MODULE_NOT_FOUND/);
  });
});
