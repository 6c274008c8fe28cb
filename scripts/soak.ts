/**
 * Soak run (a script, not a test): TABLES tables of four SDK bots (two strategies) play against a
 * server in a child process for MINUTES; a finished table is replaced by a new one. Prints hands
 * played, faults, errors and the server's memory at the start and the end; the last line is JSON.
 *
 *   npm run soak                      # 100 tables, 10 minutes
 *   TABLES=20 MINUTES=1 npm run soak
 */
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, strategies, play, type Table } from '../client-sdk/src/index';

/** Every client of this script comes from one address: the server's per-address table limits are off. */
const ONE_ADDRESS = { JANTAKU_TABLES_PER_ADDRESS: '0', JANTAKU_CREATES_PER_MINUTE: '0' };

const TABLES = Number(process.env.TABLES ?? 100);
const MINUTES = Number(process.env.MINUTES ?? 10);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/** The server child's resident memory (MiB), from /proc. */
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

const stats = { tablesStarted: 0, gamesFinished: 0, hands: 0, actions: 0, faults: 0, errors: 0, errorSamples: [] as string[] };

function error(e: unknown): void {
  stats.errors++;
  if (stats.errorSamples.length < 10) stats.errorSamples.push(String((e as Error)?.message ?? e));
}

/** One table: four SDK bots until its game ends (or the run does). */
async function table(url: string, n: number, stop: AbortSignal): Promise<void> {
  const client = connect(url);
  const first = await client.create({ seed: `soak-${n}`, handPauseMs: 200, botDelayMs: 0, seat: 0 });
  const seats: Table[] = [first];
  for (const seat of [1, 2, 3] as const) seats.push(await connect(url).join(first.id, { seat }));
  stats.tablesStarted++;
  first.on('handEnded', () => stats.hands++);
  first.on('fault', () => stats.faults++);
  const played = seats.map((t, i) => play(t, i % 2 === 0 ? strategies.efficiency : strategies.tsumogiri, { signal: stop }));
  try {
    await Promise.all(played);
    stats.gamesFinished++;
    stats.actions += first.state.actions;
  } finally {
    await Promise.all(seats.map((t) => t.leave().catch(() => {})));
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-soak-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), JANTAKU_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...ONE_ADDRESS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `ws://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 300) throw new Error('the server did not start');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const rssStart = rssMiB(server.pid!);
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  const stop = new AbortController();
  setMaxListeners(0, stop.signal); // one listener per seat of every table
  let next = 0;
  const lane = async () => {
    while (Date.now() < end) {
      try {
        await table(url, next++, stop.signal);
      } catch (e) {
        if (Date.now() < end) error(e);
      }
    }
  };
  const timer = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    console.log(`${s}s: ${stats.tablesStarted} tables, ${stats.gamesFinished} games, ${stats.hands} hands, ${stats.faults} faults, ${stats.errors} errors, server ${rssMiB(server.pid!)} MiB`);
  }, 30_000);
  const lanes: Promise<void>[] = [];
  for (let i = 0; i < TABLES; i++) {
    lanes.push(lane());
    await new Promise((r) => setTimeout(r, 50)); // a gradual ramp
  }
  setTimeout(() => stop.abort(), Math.max(0, end - Date.now()));
  await Promise.all(lanes);
  clearInterval(timer);
  const rssEnd = rssMiB(server.pid!);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  const seconds = (Date.now() - started) / 1000;
  console.log(`soak: ${TABLES} concurrent tables for ${MINUTES} min (${seconds.toFixed(0)} s)`);
  console.log(`  tables started ${stats.tablesStarted}, games finished ${stats.gamesFinished}, hands played ${stats.hands}, actions in finished games ${stats.actions}`);
  console.log(`  faults ${stats.faults}, errors ${stats.errors}${stats.errorSamples.length ? `: ${stats.errorSamples.join(' | ')}` : ''}`);
  console.log(`  server memory ${rssStart} MiB at start, ${rssEnd} MiB at end`);
  console.log(JSON.stringify({ tables: TABLES, minutes: MINUTES, ...stats, errorSamples: undefined, rssStartMiB: rssStart, rssEndMiB: rssEnd }));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
