/**
 * Load benchmark of the table server (npm run bench:server), issue 4.
 *
 * N tables, each played by four real @colyseus/sdk clients over loopback websockets. Each client
 * runs a pure strategy from shared/src/bots on `tableViewOf(state, seat)` (not the server's
 * built-in bots: tables are created with `bots: 0`, `handPauseMs: 0`). The clients run in
 * CLIENT_THREADS worker threads of this process (scripts/bench/clients.ts), table i in thread
 * i mod CLIENT_THREADS: each thread's garbage collection and bursts delay its own clients alone.
 * The server runs in a child process (`node --import tsx server/src/index.ts`, a temporary
 * JANTAKU_DATA_DIR) so its CPU and memory are read apart from the clients', from
 * /proc/<pid>/stat and /proc/<pid>/status.
 *
 * Peer, same run: a bare Colyseus room (defined below, served by this file in a child process
 * with `--serve-bare PORT`) that answers a request, bumps a two-field schema state and calls
 * broadcastPatch, played by four clients per room in turn with the same client code. The ratio
 * of our server CPU per action to the bare room's is the price of the game (referee, SQLite log,
 * projection, per-seat views) over Colyseus's own round trip.
 *
 * Measured in a window of DURATION seconds after every table is open (tables are opened
 * gradually over RAMP seconds): actions applied, latency from request to reply and from request
 * to the first patch whose `actions` reaches the reply's, server CPU % and RSS, CPU and memory
 * per table. A game that ends is replaced by a new table. The script stops by itself (a watchdog
 * kills it if anything hangs).
 *
 * Options (argv `--name value` or `--name=value`, or env; an unknown flag is refused): TABLES
 * (100), DURATION s (30), THINK_MS (`--think-ms` or `--think`; 0: flat out;
 * else each bot waits THINK_MS x U(0.5, 1.5) before it acts, like a person), RAMP s
 * (TABLES/25, at least 1), BOT (efficiency | tsumogiri), `--quick` (10 tables, 5 s),
 * `--no-peer` (skip the bare room), `--overload` (below), `--rounds N` (below), `--pin` (below),
 * CLIENT_THREADS (`--client-threads`, 4: at 2,000 tables, 2 and 8 threads gave the clients' loops
 * longer delays), PROBE_TABLES (`--probe`, 1% of TABLES, at most 20: below), SERVER_PROF=dir
 * (V8 CPU profiles of the server children), SERVER_NODE_FLAGS (more node flags for them).
 *
 * Probe tables: PROBE_TABLES of the TABLES are played by one more client thread, at nice -10
 * (scripts/bench/clients.ts). Their request->reply percentiles are reported beside all the
 * tables': the server's latency without the wait of thousands of clients for the one core they
 * share here (each player has a machine of their own). Lowering a thread's nice value needs root
 * (or CAP_SYS_NICE): without it the bench says so and the probe thread runs at 0.
 *
 * `--pin`: each server child runs on the machine's last core alone (taskset), this process and
 * its clients on the others: the server's CPU per action is then not the clients' as well (a
 * client woken on the server's core cools its caches), and "one core" is the server's own.
 *
 * `--bare-helper-nice N` (0: Colyseus as it comes): the bare room's threads but its main one N nice
 * steps below it, as `npm start` runs ours (JANTAKU_HELPER_NICE, 10; server/src/threadPriority.ts).
 *
 * `--processes N` (1): each server, ours and the bare room, runs as N processes (with `--pin`,
 * all on the one core), each on its own port and with its own data directory; table slot i plays
 * on process i mod N, its clients connecting to it directly (as they would through Redis
 * matchmaking, `server/src/scale.ts`, which a window of play does not use). CPU, memory and SQLite
 * commits are the processes' sums; the event-loop delay is the worst process's.
 *
 * `--rounds N` (1): ours and the bare room measured N times in turn (ours, bare, ours, bare…),
 * each round with fresh server processes. On a shared machine a single run's CPU per action
 * drifts by ±15% between the two halves; the report is the round with the median ratio, and
 * every round's CPU per action and ratio is listed before it (`rounds` in the JSON line).
 *
 * Bytes: every websocket frame the clients receive in the window is counted; per action per seat
 * is that over the actions applied and the 4 seats of a table. Beside it, what a seat learns
 * (`countLearned`: its events as self-contained tuples, its new legal-actions texts) and the
 * ratio of the two (issue 18 item 3).
 *
 * `--overload`: the server's capacity is set to TABLES (JANTAKU_MAX_TABLES=TABLES,
 * JANTAKU_MAX_SEATS=4 x TABLES). After the first window (the running tables alone), TABLES more
 * tables try to open (twice the capacity in all), each retrying every second as it is refused
 * with SERVER_FULL, and a second window is measured: the running tables' p99 under the overload
 * beside the first window's, and the joins refused.
 *
 * Prints a table, then the whole measurement as one JSON line, then as its last line one JSON
 * object with exactly the keys cpuMsPerAction, bareCpuMsPerAction, ratio, tables, p99Ms,
 * bytesPerActionPerSeat, kbPerTable, refusedJoins (null where not measured). kbPerTable is a
 * slope: the tables open in two halves, and the server's live memory (heap and external bytes
 * after a full collection, scripts/bench/liveMemory.ts) with the first half playing and with all
 * of them gives the KB each table adds; the RSS slope is printed beside it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BYTE_KINDS, ClientThreads, PROBE_NICE, type Snapshot, type ThreadConfig } from './bench/clients';

/** Every client of this script comes from one address: the server's per-address table limits are off. */
const ONE_ADDRESS = { JANTAKU_TABLES_PER_ADDRESS: '0', JANTAKU_CREATES_PER_MINUTE: '0' };

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');

// ---------------------------------------------------------------------------------------------
// The peer's server fixture: a bare Colyseus room (child process mode).

async function serveBare(port: number): Promise<void> {
  // Imported here so the client process never loads the server framework.
  const { Room: ServerRoom, defineRoom, defineServer } = await import('@colyseus/core');
  const { WebSocketTransport } = await import('@colyseus/ws-transport');
  const { schema, t } = await import('@colyseus/schema');
  const BareState = schema({ turn: t.uint8().default(0), actions: t.uint32().default(0) }, 'BareState');
  class BareRoom extends ServerRoom<{ state: InstanceType<typeof BareState> }> {
    override maxClients = 4;
    override onCreate(): void {
      this.state = new BareState();
      // As TableRoom: patches go out from the handler, the timer only catches the rest.
      this.setPatchRate(1000);
      this.onMessage('action', () => {
        this.state.actions++;
        this.state.turn = (this.state.turn + 1) % 4;
        this.broadcastPatch();
        // The reply as TableRoom's accepted one: the actions count (docs/PROTOCOL.md §8.1).
        return this.state.actions;
      });
      this.onMessage('*', () => {});
    }
  }
  const server = defineServer({ rooms: { bare: defineRoom(BareRoom) }, transport: new WebSocketTransport(), greet: false, gracefullyShutdown: true });
  await server.listen(port);
  // `--bare-helper-nice N`: the bare room's other threads below its loop, as `npm start` does ours (JANTAKU_HELPER_NICE).
  const nice = Number(process.env.BARE_HELPER_NICE ?? 0);
  if (nice > 0) (await import('../server/src/threadPriority')).lowerHelperThreads(nice);
  console.log(`bare colyseus listening on ws://localhost:${port}`);
}

// ---------------------------------------------------------------------------------------------
// Options.

interface Options {
  tables: number;
  duration: number;
  thinkMs: number;
  ramp: number;
  bot: 'efficiency' | 'tsumogiri';
  peer: boolean;
  overload: boolean;
  rounds: number;
  pin: boolean;
  clientThreads: number;
  probeTables: number;
  processes: number;
  bareHelperNice: number;
}

/** The command line's flags (`--tables 200`, `--tables=200`); an unknown one stops the script with its name. */
function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      tables: { type: 'string' },
      duration: { type: 'string' },
      'think-ms': { type: 'string' },
      // The issue's spelling: `--think 1000` is `--think-ms 1000`.
      think: { type: 'string' },
      ramp: { type: 'string' },
      bot: { type: 'string' },
      quick: { type: 'boolean' },
      'no-peer': { type: 'boolean' },
      overload: { type: 'boolean' },
      rounds: { type: 'string' },
      pin: { type: 'boolean' },
      'client-threads': { type: 'string' },
      probe: { type: 'string' },
      processes: { type: 'string' },
      'bare-helper-nice': { type: 'string' },
    },
  });
  const flags = new Map<string, string>(Object.entries(values).map(([k, v]) => [k, String(v)]));
  if (flags.has('think')) flags.set('think-ms', flags.get('think')!);
  const quick = flags.has('quick');
  const num = (flag: string, env: string, dflt: number): number => {
    const raw = flags.get(flag) ?? process.env[env];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${env} must be a number >= 0, got ${raw}`);
    return n;
  };
  const tables = Math.max(1, Math.round(num('tables', 'TABLES', quick ? 10 : 100)));
  const bot = flags.get('bot') ?? process.env.BOT ?? 'efficiency';
  if (bot !== 'efficiency' && bot !== 'tsumogiri') throw new Error(`BOT must be efficiency or tsumogiri, got ${bot}`);
  return {
    tables,
    duration: Math.max(1, num('duration', 'DURATION', quick ? 5 : 30)),
    thinkMs: num('think-ms', 'THINK_MS', 0),
    ramp: num('ramp', 'RAMP', Math.max(1, tables / 25)),
    bot,
    peer: !flags.has('no-peer') && process.env.PEER !== '0',
    overload: flags.has('overload') || process.env.OVERLOAD === '1',
    rounds: Math.max(1, Math.round(num('rounds', 'ROUNDS', 1))),
    pin: flags.has('pin') || process.env.PIN === '1',
    clientThreads: Math.max(1, Math.round(num('client-threads', 'CLIENT_THREADS', 4))),
    probeTables: Math.min(Math.floor(tables / 2), Math.round(num('probe', 'PROBE_TABLES', Math.min(20, Math.floor(tables / 100))))),
    processes: Math.max(1, Math.round(num('processes', 'PROCESSES', 1))),
    bareHelperNice: Math.min(39, Math.round(num('bare-helper-nice', 'BARE_HELPER_NICE', 0))),
  };
}

// ---------------------------------------------------------------------------------------------
// Process probes.

const CLK_TCK = 100; // Linux USER_HZ
/** CPU time (ms, user + system) and memory (bytes) of processes together, from /proc. */
function probe(pids: readonly number[]): { cpuMs: number; rss: number; hwm: number } {
  const sum = { cpuMs: 0, rss: 0, hwm: 0 };
  for (const pid of pids) {
    const one = probeOne(pid);
    sum.cpuMs += one.cpuMs;
    sum.rss += one.rss;
    sum.hwm += one.hwm;
  }
  return sum;
}

function probeOne(pid: number): { cpuMs: number; rss: number; hwm: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name "(…)": state is field 3, utime 14, stime 15.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { cpuMs, rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machine(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - (f[4] ?? 0), total };
}

/**
 * From the server's Prometheus `/metrics`, or null (the bare fixture has none): its own
 * event-loop delay (p99, max; ms; prom-client resets the histogram at each scrape: scrape once to
 * start), and its group commits so far with the tables' writes in them (store/groupCommit.ts).
 */
type ServerMetrics = { p99: number; max: number; commits: number; commitTables: number; commitSeconds: number };
/** Several processes' (`--processes`): the worst event-loop delays, the commits summed. */
async function serverMetrics(ports: readonly number[]): Promise<ServerMetrics | null> {
  const all = await Promise.all(ports.map(metricsOf));
  if (all.some((m) => m === null)) return null;
  const ms = all as ServerMetrics[];
  const sum = (k: keyof ServerMetrics) => ms.reduce((a, m) => a + m[k], 0);
  return { p99: Math.max(...ms.map((m) => m.p99)), max: Math.max(...ms.map((m) => m.max)), commits: sum('commits'), commitTables: sum('commitTables'), commitSeconds: sum('commitSeconds') };
}

async function metricsOf(port: number): Promise<ServerMetrics | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const text = await res.text();
    const get = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN);
    return {
      p99: get('nodejs_eventloop_lag_p99_seconds') * 1000,
      max: get('nodejs_eventloop_lag_max_seconds') * 1000,
      commits: get('jantaku_store_commits_total'),
      commitTables: get('jantaku_store_commit_tables_total'),
      commitSeconds: get('jantaku_store_commit_seconds_total'),
    };
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createNetServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const now = () => performance.now();

/** `--pin`: the core the server children run on (the last), or null: wherever the kernel puts them. */
let serverCore: number | null = null;

/** A server child process: started, waited for ("listening" on stdout), stopped. */
class ServerChild {
  readonly proc: ChildProcess;
  private tail = '';
  /** SERVER_LOG=file: every server child's whole output, appended, for diagnosis (V8's traces name each line's pid). */
  private log = process.env.SERVER_LOG ? createWriteStream(process.env.SERVER_LOG, { flags: 'a' }) : null;
  private exited: Promise<number | null>;
  constructor(args: string[], env: Record<string, string>) {
    // SERVER_PROF=dir: a V8 CPU profile of the server child, written when it exits.
    // SERVER_NODE_FLAGS: more node flags for the server child (e.g. --trace-gc), space-separated.
    const prof = process.env.SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.SERVER_PROF)}`] : [];
    const flags = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    // liveMemory.ts: SIGWINCH asks the child for its live memory after a full collection.
    const memory = ['--expose-gc', '--import', join(ROOT, 'scripts/bench/liveMemory.ts')]; // after tsx, which loads it
    // Both servers run with the young generation `npm start` and the Dockerfile give ours.
    const node = [process.execPath, ...prof, '--max-semi-space-size=64', ...flags, '--import', 'tsx', ...memory, ...args];
    // `--pin`: on a core of its own (taskset runs node in its own process: the pid is the server's).
    const command = serverCore === null ? node : ['taskset', '-c', String(serverCore), ...node];
    this.proc = spawn(command[0], command.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => {
      this.log?.write(d);
      this.tail = (this.tail + d.toString()).slice(-4000);
      for (const m of d.toString().matchAll(/live-memory (\d+) (\d+)/g)) this.memory = { seq: this.memory.seq + 1, live: Number(m[1]), rss: Number(m[2]) };
    };
    this.proc.stdout!.on('data', keep);
    this.proc.stderr!.on('data', keep);
    this.exited = new Promise((r) => this.proc.on('exit', (code) => r(code)));
  }
  get pid(): number {
    return this.proc.pid!;
  }
  private memory = { seq: 0, live: 0, rss: 0 };
  /** The child's live memory (heap and external bytes after a full collection) and its RSS then. */
  async liveMemory(): Promise<{ live: number; rss: number }> {
    const seq = this.memory.seq;
    this.proc.kill('SIGWINCH');
    const until = Date.now() + 10_000;
    while (this.memory.seq === seq && Date.now() < until) await sleep(20);
    return this.memory.seq === seq ? { live: NaN, rss: NaN } : this.memory;
  }
  get output(): string {
    return this.tail;
  }
  async ready(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!/listening/.test(this.tail)) {
      if (this.proc.exitCode !== null) throw new Error(`server exited (${this.proc.exitCode}):\n${this.tail}`);
      if (Date.now() > until) throw new Error(`server not listening after ${timeoutMs} ms:\n${this.tail}`);
      await sleep(50);
    }
  }
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    this.proc.kill('SIGTERM');
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(t);
  }
}

/**
 * The server processes measured together: one, or `--processes N`, each with its own port (and
 * data directory), serving the tables whose slot falls to it. Their CPU, memory and commits are
 * summed; their event-loop delays are the worst of them.
 */
class ServerGroup {
  constructor(
    readonly children: ServerChild[],
    readonly ports: number[],
  ) {}
  get pids(): number[] {
    return this.children.map((c) => c.pid);
  }
  get urls(): string[] {
    return this.ports.map((p) => `ws://127.0.0.1:${p}`);
  }
  async ready(): Promise<void> {
    await Promise.all(this.children.map((c) => c.ready()));
  }
  async liveMemory(): Promise<{ live: number; rss: number }> {
    const all = await Promise.all(this.children.map((c) => c.liveMemory()));
    return { live: all.reduce((a, m) => a + m.live, 0), rss: all.reduce((a, m) => a + m.rss, 0) };
  }
  async stop(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop()));
  }
}

/** One window's measurement: the clients' counts (`Snapshot`, its samples as percentiles), the server's, the machine's. */
interface RunResult extends Omit<Snapshot, 'reply' | 'patch' | 'applied' | 'loopP99' | 'loopMax'> {
  peer: string;
  tables: number;
  seconds: number;
  actions: number;
  reply: Percentiles;
  patch: Percentiles;
  /** The probe tables' request->reply (`--probe`; n is 0 without them). */
  probe: { tables: number; reply: Percentiles };
  /** Server live memory and RSS (bytes, after a full collection) with half the tables playing and with all of them, after the window. */
  slope?: { from: { tables: number; live: number; rss: number }; to: { tables: number; live: number; rss: number } };
  /** --overload: the joins refused beyond capacity, and the running tables' second window under it. */
  overload?: { refusedJoins: number; refusedInWindow: number; extraTablesOpened: number; during: RunResult };
  server: { cpuPct: number; cpuMs: number; rssBefore: number; rssAfter: number; hwm: number; loop: { p99: number; max: number } | null; tablesPerCommit: number; storeUsPerAction: number };
  /** This process: the clients' threads (`--client-threads`), the worst thread's event-loop delay. */
  client: { cpuPct: number; threads: number; loopP99: number; loopMax: number };
  /** The whole machine over the window, % of all cores, and what neither server nor clients used. */
  machine: { busyPct: number; othersPct: number; cores: number; load1: number };
}

interface Percentiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function percentiles(xs: number[]): Percentiles {
  if (xs.length === 0) return { n: 0, p50: NaN, p99: NaN, max: NaN };
  const s = Float64Array.from(xs).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] };
}

/** The two servers measured, by the name the report gives them. */
const PEER_NAMES: Record<ThreadConfig['peer'], string> = { table: 'jantaku table', bare: 'bare colyseus' };

async function run(peer: ThreadConfig['peer'], servers: ServerGroup, o: Options, overload = false): Promise<RunResult> {
  const name = PEER_NAMES[peer];
  await servers.ready();
  await sleep(500);
  const idle = probe(servers.pids);
  const clients = ClientThreads.start(o.clientThreads, { urls: servers.urls, peer, bot: o.bot, thinkMs: o.thinkMs }, o.probeTables > 0);
  try {
    return await play(name, clients, servers, o, overload, idle.rss);
  } finally {
    await clients.stop();
  }
}

async function play(name: string, clients: ClientThreads, servers: ServerGroup, o: Options, overload: boolean, rssIdle: number): Promise<RunResult> {
  // Ramp: table i opens at i * RAMP / TABLES, at most 8 openings in flight. The first PROBE_TABLES measured ones are the probe tables.
  const ramp = async (group: 'main' | 'extra', first: number, count = o.tables): Promise<() => number> => {
    let opening = 0;
    let open = 0;
    const t0 = now();
    for (let i = 0; i < count; i++) {
      const wait = t0 + (i * o.ramp * 1000) / o.tables - now();
      if (wait > 0) await sleep(wait);
      while (opening >= 8) await sleep(5);
      opening++;
      const slot = first + i;
      void clients.open(slot, group === 'main' && slot < o.probeTables ? 'probe' : group).then(() => (opening--, open++));
    }
    return () => open;
  };
  const t0 = now();
  // On a busy machine opening can lag far behind the ramp: measure what is open by a deadline.
  const deadline = t0 + (o.ramp + 60 + o.tables * 0.2) * 1000;
  // Memory per table is a slope: RSS with half the tables playing, then with all of them.
  const half = Math.floor(o.tables / 2);
  const firstHalf = await ramp('main', 0, half);
  while (firstHalf() < half && now() < deadline) await sleep(20);
  await sleep(Math.min(2000, 200 + o.thinkMs * 2));
  const atHalf = { tables: await clients.tables(), ...(await servers.liveMemory()) };
  const rest = await ramp('main', half, o.tables - half);
  while (firstHalf() + rest() < o.tables && now() < deadline) await sleep(20);
  const tables = await clients.tables();
  process.stderr.write(`  ${name}: ${tables} tables open after ${((now() - t0) / 1000).toFixed(1)} s; measuring ${o.duration} s\n`);
  // Let the last tables get going before the window opens.
  await sleep(Math.min(2000, 200 + o.thinkMs * 2));
  const result = await measure(name, clients, servers, o, tables, rssIdle);
  result.slope = { from: atHalf, to: { tables, ...(await servers.liveMemory()) } };
  if (overload) {
    // As many tables again as the capacity: each is refused (SERVER_FULL) and tries again every second.
    const tried = await ramp('extra', o.tables);
    const until = now() + (o.ramp + 30) * 1000;
    while (tried() < o.tables && now() < until) await sleep(20);
    const refusedBefore = (await clients.collect('extra')).refusedJoins;
    process.stderr.write(`  ${name}: ${o.tables} more tables trying to open (${refusedBefore} refused so far); measuring ${o.duration} s\n`);
    // The same running tables, measured afresh (samples and counts of this window only).
    clients.reset('main', 'probe');
    const second = await measure(name, clients, servers, o, tables, rssIdle);
    const extra = await clients.collect('extra');
    result.overload = {
      // The running slots too: a game that ends may find its place taken by a waiting one.
      refusedJoins: extra.refusedJoins + second.refusedJoins,
      refusedInWindow: extra.refusedJoins - refusedBefore,
      extraTablesOpened: extra.tablesOpened,
      during: second,
    };
  }
  return result;
}

/** One window of DURATION seconds over the tables open now. */
async function measure(name: string, clients: ClientThreads, servers: ServerGroup, o: Options, tables: number, rssIdle: number): Promise<RunResult> {
  const metricsBefore = await serverMetrics(servers.ports);
  const before = probe(servers.pids);
  const clientBefore = process.cpuUsage();
  const machineBefore = machine();
  const from = now();
  clients.window(from, from + o.duration * 1000);
  await sleep(o.duration * 1000);
  const seconds = (now() - from) / 1000;
  const after = probe(servers.pids);
  const clientCpu = process.cpuUsage(clientBefore);
  const machineAfter = machine();
  const load1 = loadavg()[0];
  const serverLoop = await serverMetrics(servers.ports);
  // Replies to requests sent just before the window closed may still come: wait a little.
  await sleep(Math.min(1000, 100 + o.thinkMs));
  const stats = await clients.collect('main', 'probe');
  const probeReply = o.probeTables ? (await clients.collect('probe')).reply : [];
  const cores = cpus().length; // the machine's, not this process's (`--pin` leaves it fewer)
  const server = ((after.cpuMs - before.cpuMs) / (seconds * 1000)) * 100;
  const client = ((clientCpu.user + clientCpu.system) / 1000 / (seconds * 1000)) * 100;
  const busyPct = ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100 * cores;
  return {
    peer: name,
    tables,
    seconds,
    actions: stats.applied,
    faults: stats.faults,
    rejected: stats.rejected,
    errors: stats.errors,
    games: stats.games,
    tablesOpened: stats.tablesOpened,
    reply: percentiles(stats.reply),
    patch: percentiles(stats.patch),
    probe: { tables: o.probeTables, reply: percentiles(probeReply) },
    bytes: stats.bytes,
    byKind: { ...stats.byKind },
    learned: stats.learned,
    refusedJoins: stats.refusedJoins,
    server: {
      cpuPct: server,
      cpuMs: after.cpuMs - before.cpuMs,
      rssBefore: rssIdle,
      rssAfter: after.rss,
      hwm: after.hwm,
      loop: serverLoop,
      tablesPerCommit: serverLoop && metricsBefore ? (serverLoop.commitTables - metricsBefore.commitTables) / (serverLoop.commits - metricsBefore.commits) : NaN,
      storeUsPerAction: serverLoop && metricsBefore ? ((serverLoop.commitSeconds - metricsBefore.commitSeconds) * 1e6) / stats.applied : NaN,
    },
    client: { cpuPct: client, threads: o.clientThreads + (o.probeTables ? 1 : 0), loopP99: stats.loopP99, loopMax: stats.loopMax },
    machine: { busyPct, othersPct: Math.max(0, busyPct - server - client), cores, load1 },
  };
}

// ---------------------------------------------------------------------------------------------
// Report.

const MB = 1024 * 1024;
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const round = (x: number, d = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);
const perAction = (r: RunResult) => r.server.cpuMs / r.actions;
const perTable = (r: RunResult) => r.server.cpuMs / r.seconds / r.tables;
const memPerTable = (r: RunResult) => (r.server.rssAfter - r.server.rssBefore) / r.tables;
/** Memory per table as the slope between the run's two table counts (fixed costs cancel out): live bytes, or RSS. */
const slopeOf = (r: RunResult, k: 'live' | 'rss') => (r.slope && r.slope.to.tables > r.slope.from.tables ? (r.slope.to[k] - r.slope.from[k]) / (r.slope.to.tables - r.slope.from.tables) : NaN);
const slopePerTable = (r: RunResult) => slopeOf(r, 'live');
const rssSlopePerTable = (r: RunResult) => slopeOf(r, 'rss');
/** Bytes a seat receives per action applied (every table has 4 seats, each one client). */
const bytesPerSeat = (r: RunResult) => r.bytes / r.actions / 4;
const learnedPerSeat = (r: RunResult) => r.learned / r.actions / 4;

/** Each round's CPU per action and ratio (`--rounds`), for the JSON line. */
let roundsOf: { cpuMsPerAction: number | null; bareCpuMsPerAction: number | null; ratio: number | null }[] = [];

function report(o: Options, ours: RunResult, bare: RunResult | null): void {
  const cell = (f: (r: RunResult) => string) => [f(ours), bare ? f(bare) : '-'];
  const ratio = (f: (r: RunResult) => number) => (bare ? `${f2(f(ours) / f(bare))}x` : '-');
  const rows: string[][] = [
    ['measure', 'ours', 'bare colyseus', 'ratio'],
    ['tables (4 clients each)', ...cell((r) => String(r.tables)), '-'],
    ['actions in window', ...cell((r) => String(r.actions)), '-'],
    ['actions/s', ...cell((r) => f1(r.actions / r.seconds)), ratio((r) => r.actions / r.seconds)],
    ['actions/s per table', ...cell((r) => f2(r.actions / r.seconds / r.tables)), ratio((r) => r.actions / r.seconds / r.tables)],
    ['request->reply p50 ms', ...cell((r) => f2(r.reply.p50)), ratio((r) => r.reply.p50)],
    ['request->reply p99 ms', ...cell((r) => f2(r.reply.p99)), ratio((r) => r.reply.p99)],
    ['request->reply max ms', ...cell((r) => f1(r.reply.max)), '-'],
    ...(o.probeTables
      ? [
          [`  probe tables (${o.probeTables}, own thread at nice ${PROBE_NICE}) p50 / p99 / max ms`, ...cell((r) => `${f2(r.probe.reply.p50)} / ${f2(r.probe.reply.p99)} / ${f1(r.probe.reply.max)}`), '-'],
        ]
      : []),
    ['request->patch p50 ms', ...cell((r) => f2(r.patch.p50)), ratio((r) => r.patch.p50)],
    ['request->patch p99 ms', ...cell((r) => f2(r.patch.p99)), ratio((r) => r.patch.p99)],
    ['request->patch max ms', ...cell((r) => f1(r.patch.max)), '-'],
    ['server CPU %', ...cell((r) => f1(r.server.cpuPct)), '-'],
    ['server CPU ms/action', ...cell((r) => f3(perAction(r))), ratio(perAction)],
    ['server CPU ms/s per table', ...cell((r) => f2(perTable(r))), ratio(perTable)],
    ['server event-loop delay p99/max ms', ...cell((r) => (r.server.loop ? `${f1(r.server.loop.p99)} / ${f1(r.server.loop.max)}` : '-')), '-'],
    ["tables' writes per SQLite commit (group commit)", ...cell((r) => f2(r.server.tablesPerCommit)), '-'],
    ['SQLite write and commit µs/action (wall)', ...cell((r) => f1(r.server.storeUsPerAction)), '-'],
    ['server RSS idle -> loaded MB', ...cell((r) => `${f1(r.server.rssBefore / MB)} -> ${f1(r.server.rssAfter / MB)}`), '-'],
    ['server RSS per table KB (loaded - idle)', ...cell((r) => f1(memPerTable(r) / 1024)), ratio(memPerTable)],
    ['server live memory per table KB (slope, half -> all)', ...cell((r) => (r.slope ? `${f1(slopePerTable(r) / 1024)} (${r.slope.from.tables} -> ${r.slope.to.tables})` : '-')), ratio(slopePerTable)],
    ['server RSS per table KB (slope, half -> all)', ...cell((r) => f1(rssSlopePerTable(r) / 1024)), ratio(rssSlopePerTable)],
    ['bytes received per action per seat', ...cell((r) => f1(bytesPerSeat(r))), ratio(bytesPerSeat)],
    ...BYTE_KINDS.map((k) => [`  of which ${k}`, ...cell((r) => f1(r.byKind[k] / r.actions / 4)), '-']),
    ['what a seat learns per action, bytes (its events, its new legal text)', ...cell((r) => (r.learned ? f1(learnedPerSeat(r)) : '-')), '-'],
    ['  bytes received / learned', ...cell((r) => (r.learned ? `${f2(r.bytes / r.learned)}x` : '-')), '-'],
    ['client process CPU %', ...cell((r) => f1(r.client.cpuPct)), '-'],
    [`client event-loop delay p99 ms (worst of ${ours.client.threads} threads${o.probeTables ? ', the probe one with them' : ''})`, ...cell((r) => f1(r.client.loopP99)), '-'],
    ['machine busy % (of cores x 100)', ...cell((r) => `${f1(r.machine.busyPct)}/${r.machine.cores * 100}`), '-'],
    ['  of which other processes %', ...cell((r) => f1(r.machine.othersPct)), '-'],
    ['load average (1 min) at end', ...cell((r) => f2(r.machine.load1)), '-'],
    ['games finished / tables opened', ...cell((r) => `${r.games}/${r.tablesOpened}`), '-'],
    ['faults / refusals', ...cell((r) => `${r.faults} / ${Object.values(r.rejected).reduce((a, b) => a + b, 0)}`), '-'],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log();
  console.log(`${o.duration} s window, THINK_MS=${o.thinkMs}, bots: ${o.bot}. Clients, server and anything else running share the CPUs: their load shows in the latencies.`);
  if (o.thinkMs === 0) console.log('THINK_MS=0 is a closed loop flat out: latency is mostly queueing (tables / actions per second); THINK_MS=1000 is the realistic load.');
  for (const r of [ours, bare]) {
    if (!r) continue;
    if (Object.keys(r.rejected).length) console.log(`${r.peer} refusals: ${JSON.stringify(r.rejected)}`);
    if (Object.keys(r.errors).length) console.log(`${r.peer} errors: ${JSON.stringify(r.errors)}`);
  }
  const over = ours.overload;
  if (over) {
    console.log(
      `overload: capacity ${ours.tables} tables, ${ours.tables} more trying to open: ${over.refusedJoins} joins refused with SERVER_FULL ` +
        `(${over.refusedInWindow} in the window), ${over.extraTablesOpened} got in as running tables ended. ` +
        `Running tables' request->reply p99 ${f2(ours.reply.p99)} ms alone, ${f2(over.during.reply.p99)} ms under overload; ` +
        `${f1(ours.actions / ours.seconds)} vs ${f1(over.during.actions / over.during.seconds)} actions/s; errors ${Object.values(over.during.errors).reduce((a, b) => a + b, 0)}.`,
    );
  }
  console.log(
    JSON.stringify({
      tables: ours.tables,
      durationS: o.duration,
      thinkMs: o.thinkMs,
      bot: o.bot,
      actions: ours.actions,
      actionsPerS: round(ours.actions / ours.seconds, 1),
      replyP50Ms: round(ours.reply.p50),
      replyP99Ms: round(ours.reply.p99),
      replyMaxMs: round(ours.reply.max),
      ...(o.probeTables
        ? { probeTables: o.probeTables, probeReplyP50Ms: round(ours.probe.reply.p50), probeReplyP99Ms: round(ours.probe.reply.p99), probeReplyMaxMs: round(ours.probe.reply.max) }
        : {}),
      patchP50Ms: round(ours.patch.p50),
      patchP99Ms: round(ours.patch.p99),
      patchMaxMs: round(ours.patch.max),
      serverCpuPct: round(ours.server.cpuPct, 1),
      serverLoopP99Ms: round(ours.server.loop?.p99 ?? NaN, 1),
      tablesPerCommit: round(ours.server.tablesPerCommit),
      storeUsPerAction: round(ours.server.storeUsPerAction, 1),
      serverLoopMaxMs: round(ours.server.loop?.max ?? NaN, 1),
      serverRssMB: round(ours.server.rssAfter / MB, 1),
      cpuMsPerAction: round(perAction(ours), 3),
      cpuMsPerTablePerS: round(perTable(ours), 3),
      rssKBPerTable: round(memPerTable(ours) / 1024, 1),
      liveSlopeKBPerTable: round(slopePerTable(ours) / 1024, 1),
      rssSlopeKBPerTable: round(rssSlopePerTable(ours) / 1024, 1),
      errors: Object.values(ours.errors).reduce((a, b) => a + b, 0),
      bytesPerActionPerSeat: round(bytesPerSeat(ours), 1),
      bytesPerActionPerSeatByKind: Object.fromEntries(Object.entries(ours.byKind).map(([k, v]) => [k, round(v / ours.actions / 4, 1)])),
      learnedBytesPerActionPerSeat: round(learnedPerSeat(ours), 1),
      bytesPerLearned: round(ours.bytes / ours.learned, 2),
      ...(over
        ? {
            overloadRefusedJoins: over.refusedJoins,
            overloadReplyP99Ms: round(over.during.reply.p99),
            overloadPatchP99Ms: round(over.during.patch.p99),
            overloadActionsPerS: round(over.during.actions / over.during.seconds, 1),
            overloadErrors: Object.values(over.during.errors).reduce((a, b) => a + b, 0),
          }
        : {}),
      machineBusyPct: round(ours.machine.busyPct, 1),
      ...(roundsOf.length > 1 ? { rounds: roundsOf } : {}),
      otherProcessesPct: round(ours.machine.othersPct, 1),
      ...(bare
        ? {
            bareActionsPerS: round(bare.actions / bare.seconds, 1),
            bareReplyP99Ms: round(bare.reply.p99),
            ...(o.probeTables ? { bareProbeReplyP99Ms: round(bare.probe.reply.p99) } : {}),
            bareErrors: Object.values(bare.errors).reduce((a, b) => a + b, 0),
            bareRefusedJoins: bare.refusedJoins,
            bareCpuMsPerAction: round(perAction(bare), 4),
            bareLiveSlopeKBPerTable: round(slopePerTable(bare) / 1024, 1),
            bareRssSlopeKBPerTable: round(rssSlopePerTable(bare) / 1024, 1),
            // Issue 18 item 4: what a table costs beyond its four connections (the bare room's slope).
            liveSlopeBeyondBareKB: round((slopePerTable(ours) - slopePerTable(bare)) / 1024, 1),
            cpuPerActionRatio: round(perAction(ours) / perAction(bare)),
            replyP99Ratio: round(ours.reply.p99 / bare.reply.p99),
          }
        : {}),
    }),
  );
  // The bench line (issue 18): these keys exactly, null where not measured (no peer run).
  console.log(
    JSON.stringify({
      cpuMsPerAction: round(perAction(ours), 3),
      bareCpuMsPerAction: bare ? round(perAction(bare), 4) : null,
      ratio: bare ? round(perAction(ours) / perAction(bare)) : null,
      tables: ours.tables,
      // Under --overload: the running tables' p99 while twice their number try to get in.
      p99Ms: round((over?.during ?? ours).reply.p99),
      bytesPerActionPerSeat: round(bytesPerSeat(ours), 1),
      // Live memory's slope between the run's two table counts (RSS figures are in the line above).
      kbPerTable: round(slopePerTable(ours) / 1024, 1),
      refusedJoins: over ? over.refusedJoins : ours.refusedJoins,
    }),
  );
}

// ---------------------------------------------------------------------------------------------

/** `n` server processes, each on a free port of its own. */
async function startGroup(n: number, start: (port: number, i: number) => ServerChild): Promise<ServerGroup> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  return new ServerGroup(ports.map(start), ports);
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  if (o.pin) {
    // The server children on the last core, this process (the clients) and its threads on the others.
    const cores = availableParallelism();
    if (cores < 2) throw new Error('--pin needs two cores or more');
    serverCore = cores - 1;
    execFileSync('taskset', ['-a', '-p', '-c', `0-${cores - 2}`, String(process.pid)], { stdio: 'ignore' });
  }
  const children: ServerChild[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-bench-'));
  // Bound: whatever hangs, the script ends (per run: start, opening deadline, window, teardown).
  const limitMs = ((o.ramp + 60 + o.tables * 0.2 + o.duration + 120) * 1000 * (o.peer ? 2 : 1) + (o.overload ? (o.ramp + 30 + o.duration + 10) * 1000 : 0)) * o.rounds;
  const watchdog = setTimeout(() => {
    console.error(`bench:server: watchdog after ${limitMs / 1000} s, stopping`);
    for (const c of children) c.proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(2);
  }, limitMs);
  watchdog.unref();
  try {
    process.stderr.write(`bench:server: ${o.tables} tables, ${o.duration} s, THINK_MS=${o.thinkMs}, ramp ${o.ramp} s, bots ${o.bot}${o.overload ? ', overload: capacity TABLES, twice as many trying' : ''}\n`);
    // --overload: the capacity is the tables measured; twice as many try to play.
    const capacity: Record<string, string> = o.overload ? { JANTAKU_MAX_TABLES: String(o.tables), JANTAKU_MAX_SEATS: String(4 * o.tables) } : {};
    const rounds: { ours: RunResult; bare: RunResult | null }[] = [];
    for (let round = 0; round < o.rounds; round++) {
      if (o.rounds > 1) process.stderr.write(`round ${round + 1} of ${o.rounds}\n`);
      // A fresh data directory each round and process: every round's stores start empty.
      const ours = await startGroup(o.processes, (port, i) => new ServerChild(['server/src/index.ts'], { PORT: String(port), JANTAKU_DATA_DIR: join(dataDir, `${round}-${i}`), ...ONE_ADDRESS, ...capacity }));
      children.push(...ours.children);
      let oursResult: RunResult;
      try {
        oursResult = await run('table', ours, o, o.overload);
      } finally {
        await ours.stop();
      }
      let bareResult: RunResult | null = null;
      if (o.peer) {
        const bare = await startGroup(o.processes, (port) => new ServerChild([SELF, '--serve-bare', String(port)], { BARE_HELPER_NICE: String(o.bareHelperNice) }));
        children.push(...bare.children);
        try {
          bareResult = await run('bare', bare, o);
        } finally {
          await bare.stop();
        }
      }
      rounds.push({ ours: oursResult, bare: bareResult });
    }
    // The median round by ratio (by our CPU per action without the peer).
    const key = (r: (typeof rounds)[number]) => (r.bare ? perAction(r.ours) / perAction(r.bare) : perAction(r.ours));
    const { ours: oursResult, bare: bareResult } = [...rounds].sort((a, b) => key(a) - key(b))[Math.floor((rounds.length - 1) / 2)];
    if (rounds.length > 1) {
      console.log(`rounds (ours, bare ms CPU/action, ratio): ${rounds.map((r) => `${f3(perAction(r.ours))}, ${r.bare ? f3(perAction(r.bare)) : '-'}, ${r.bare ? f2(key(r)) : '-'}`).join(' | ')}; the report is the median round's`);
      console.log();
    }
    roundsOf = rounds.map((r) => ({ cpuMsPerAction: round(perAction(r.ours), 3), bareCpuMsPerAction: r.bare ? round(perAction(r.bare), 4) : null, ratio: r.bare ? round(key(r)) : null }));
    report(o, oursResult, bareResult);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // SDK clients may keep reconnection timers: end here, the work is done.
  process.exit(0);
}

const serveIndex = process.argv.indexOf('--serve-bare');
if (serveIndex >= 0) await serveBare(Number(process.argv[serveIndex + 1]));
else
  await main().catch((e) => {
    // A bad flag: one line, not a stack.
    console.error(String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS') ? `bench:server: ${(e as Error).message}` : e);
    process.exit(1);
  });
