import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/serverProcess';
import { freePort } from './harness';

// Issue 18: `npm start`'s server runs its other threads (V8's collector helpers above all) below its event loop.

const started: { server: ServerProcess; dir: string }[] = [];
afterAll(() => {
  for (const { server, dir } of started) {
    server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'jantaku-nice-'));
  const server = spawnServer(await freePort(), dir, { LOG_LEVEL: 'info', ...env });
  started.push({ server, dir });
  return server;
}

/** Each thread's nice value (field 19 of /proc/PID/task/TID/stat, counted after the command's parenthesis). */
function niceByThread(pid: number): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

/** The server's log line that says how many threads it lowered. */
const loweredLine = (server: ServerProcess) => server.stdout().split('\n').find((l) => l.includes('"event":"helperThreads"'));

describe.runIf(process.platform === 'linux')('helper threads below the event loop', () => {
  it('by default every thread but the main one runs 10 nice steps below it (V8 helpers, the checkpoint thread)', async () => {
    const server = await start();
    await server.healthy(60_000);
    const pid = server.child.pid!;
    const nice = niceByThread(pid);
    const main = nice.get(pid)!;
    const others = [...nice].filter(([tid]) => tid !== pid).map(([, n]) => n);
    // V8's four platform workers at least, the checkpoint worker's thread, libuv's.
    expect(others.length).toBeGreaterThanOrEqual(5);
    expect(others.every((n) => n === Math.min(19, main + 10))).toBe(true);
    const line = JSON.parse(loweredLine(server)!) as { lowered: number; nice: number };
    expect(line.nice).toBe(10);
    expect(line.lowered).toBe(others.length);
  }, 90_000);

  it('JANTAKU_HELPER_NICE=0 leaves every thread at the main thread\'s priority', async () => {
    const server = await start({ JANTAKU_HELPER_NICE: '0' });
    await server.healthy(60_000);
    const pid = server.child.pid!;
    const nice = niceByThread(pid);
    const main = nice.get(pid)!;
    expect(nice.size).toBeGreaterThanOrEqual(6);
    expect([...nice.values()].every((n) => n === main)).toBe(true);
    expect(JSON.parse(loweredLine(server)!)).toMatchObject({ lowered: 0, nice: 0 });
  }, 90_000);

  it('a JANTAKU_HELPER_NICE that is not an integer from 0 to 39 stops the start with one line', async () => {
    const server = await start({ JANTAKU_HELPER_NICE: 'low' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('JANTAKU_HELPER_NICE must be an integer from 0 to 39, got low');
  }, 90_000);
});
