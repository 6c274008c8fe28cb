/**
 * Benchmark of the players service (npm run bench:queue), issue 16: logins per second, and the
 * ranked queue's queue-to-seat latency.
 *
 * The server runs in a child process (`node --import tsx server/src/index.ts`, a temporary
 * JANTAKU_DATA_DIR, SQLite players store) so its CPU is not the clients'. The clients are the SDK's
 * (`@jantaku/client-sdk`), over loopback.
 *
 * 1. Registers PLAYERS x WAVES accounts (argon2id each), then LOGINS logins with the right password,
 *    CONCURRENCY at a time: logins per second (argon2id verification dominates it).
 * 2. In each of WAVES waves, PLAYERS new accounts all call `client.queue('tenhou-hanchan')` at once (new
 *    accounts: one rating, so any four match). Latency is from the call to the seated Table (its
 *    first state: the matcher's tick, the table's creation, the long poll's answer, the join);
 *    each table is left before the next wave.
 *
 * Options (argv `--name=value` or env): PLAYERS (64, a multiple of 4), LOGINS (200), CONCURRENCY
 * (8), WAVES (3). Prints a summary, then one JSON line with exactly the keys loginsPerSecond,
 * registrationsPerSecond, queueToSeatP50Ms, queueToSeatP95Ms, queueToSeatMaxMs, queueToMatchP50Ms,
 * queueToMatchP95Ms (to the status that names the table; the rest is joining it), players, waves.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type JantakuClient } from '@jantaku/client-sdk';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string, dflt: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name.toLowerCase()}=`));
  const v = Number(arg ? arg.split('=')[1] : (process.env[name] ?? dflt));
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return Math.floor(v);
}

const PLAYERS = option('PLAYERS', 64);
const LOGINS = option('LOGINS', 200);
const CONCURRENCY = option('CONCURRENCY', 8);
const WAVES = option('WAVES', 3);
if (PLAYERS % 4 !== 0) throw new Error('PLAYERS must be a multiple of 4');

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createNetServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(n: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-bench-queue-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/index.ts')], {
    env: { ...process.env, PORT: String(port), JANTAKU_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JANTAKU_TABLES_PER_ADDRESS: '0', JANTAKU_CREATES_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const watchdog = setTimeout(() => {
    console.error('bench:queue: timed out');
    child.kill('SIGKILL');
    process.exit(1);
  }, 15 * 60_000);
  try {
    const http = `http://127.0.0.1:${port}`;
    const ws = `ws://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await fetch(`${http}/health`).catch(() => null))?.ok) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Fresh accounts for each wave: a player whose last table still plays cannot queue again.
    const names = Array.from({ length: PLAYERS * WAVES }, (_, i) => `Bench ${i}`);
    const password = 'bench password 1';

    let t = performance.now();
    const clients: JantakuClient[] = await pool(
      CONCURRENCY,
      names.map((name) => async () => {
        const c = connect(ws, { reconnect: false });
        await c.register(name, password);
        return c;
      }),
    );
    const registrationsPerSecond = names.length / ((performance.now() - t) / 1000);

    t = performance.now();
    await pool(
      CONCURRENCY,
      Array.from({ length: LOGINS }, (_, i) => async () => {
        await connect(ws).login(names[i % names.length]!, password);
      }),
    );
    const loginsPerSecond = LOGINS / ((performance.now() - t) / 1000);

    const latencies: number[] = [];
    /** Queue to the answer that names the table (the rest, to the seated Table, is the join). */
    const toMatch: number[] = [];
    for (let w = 0; w < WAVES; w++) {
      const tables = await Promise.all(
        clients.slice(w * PLAYERS, (w + 1) * PLAYERS).map(async (c) => {
          const start = performance.now();
          const table = await c.queue('tenhou-hanchan', { onStatus: (st) => void (st.status === 'matched' && toMatch.push(performance.now() - start)) });
          latencies.push(performance.now() - start);
          return table;
        }),
      );
      await Promise.all(tables.map((tb) => tb.leave()));
    }

    const result = {
      loginsPerSecond: Math.round(loginsPerSecond * 10) / 10,
      registrationsPerSecond: Math.round(registrationsPerSecond * 10) / 10,
      queueToSeatP50Ms: Math.round(quantile(latencies, 0.5)),
      queueToSeatP95Ms: Math.round(quantile(latencies, 0.95)),
      queueToSeatMaxMs: Math.round(Math.max(...latencies)),
      queueToMatchP50Ms: Math.round(quantile(toMatch, 0.5)),
      queueToMatchP95Ms: Math.round(quantile(toMatch, 0.95)),
      players: PLAYERS,
      waves: WAVES,
    };
    console.log(`players service, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)} (SQLite players store, server in a child process)`);
    console.log(`  registrations/s ${result.registrationsPerSecond}   logins/s ${result.loginsPerSecond} (${LOGINS} logins, ${CONCURRENCY} at a time)`);
    console.log(`  queue to seat (${PLAYERS} players x ${WAVES} waves): p50 ${result.queueToSeatP50Ms} ms, p95 ${result.queueToSeatP95Ms} ms, max ${result.queueToSeatMaxMs} ms; to the answer naming the table: p50 ${result.queueToMatchP50Ms} ms, p95 ${result.queueToMatchP95Ms} ms`);
    console.log(JSON.stringify(result));
  } finally {
    clearTimeout(watchdog);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    console.error(`bench:queue: ${e.message}`);
    process.exit(1);
  },
);
