import { matchMaker, type Room } from '@colyseus/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Load, Refused } from './capacity';
import { DEFAULT_LIMITS, type Limits } from './limits';
import { MIN_COMMENTATOR_DELAY_MS } from './rooms/commentary';
import { DEFAULT_CLOSE_EMPTY_SECONDS } from './rooms/options';
import { MAX_ACTION_BYTES } from './rooms/TableRoom';

/**
 * Prometheus metrics of one server (`GET /metrics`). Each `Metrics` has its own Registry, not
 * prom-client's global one, so several servers (tests) in one process do not clash. Counters are
 * fed by the table rooms; the table and client gauges are read at scrape time from this
 * process's live rooms, so they never drift.
 */

/** How an action request ended: applied, applied as a fault, or refused (nothing changed). */
export type CommandResult = 'accepted' | 'fault' | 'refused';
const COMMAND_RESULTS: readonly CommandResult[] = ['accepted', 'fault', 'refused'];
export type TableStatus = 'waiting' | 'playing' | 'finished';
export const TABLE_STATUSES: readonly TableStatus[] = ['waiting', 'playing', 'finished'];

/** One live table as the gauges count it. */
export interface TableSnapshot {
  status: TableStatus;
  /** Seats with a connected client. */
  players: number;
  /** Other clients (spectators, commentators). */
  spectators: number;
}

/** The public state a table room shows (its schema): enough to count it. */
interface TableLike {
  started?: boolean;
  phase?: string;
  seats?: Iterable<{ connected?: boolean }>;
}

/** A table room's snapshot, read from its public state and clients. */
export function snapshotOf(room: Pick<Room, 'clients'> & { state?: unknown }): TableSnapshot {
  const state = (room.state ?? {}) as TableLike;
  const status: TableStatus = state.phase === 'gameOver' ? 'finished' : state.started ? 'playing' : 'waiting';
  const players = state.seats ? [...state.seats].filter((s) => s.connected === true).length : 0;
  return { status, players, spectators: Math.max(0, room.clients.length - players) };
}

/** The live rooms named `name` in this process (not other processes sharing a Redis driver). */
export async function localTables(name = 'table'): Promise<TableSnapshot[]> {
  const cached = await matchMaker.query({ name, processId: matchMaker.processId });
  const out: TableSnapshot[] = [];
  for (const c of cached) {
    const room = matchMaker.getLocalRoomById(c.roomId);
    if (room) out.push(snapshotOf(room));
  }
  return out;
}

export interface MetricsOptions {
  /** The live tables at scrape time (default: `localTables()`). */
  tables?: () => TableSnapshot[] | Promise<TableSnapshot[]>;
  /** prom-client's process metrics: CPU, memory, event-loop lag, GC… (default true). */
  defaultMetrics?: boolean;
  /** The server's limits, reported as `jantaku_limit` (default: the defaults). */
  limits?: Limits;
  /** This process's load against its capacity (capacity.ts), read at scrape time. */
  load?: () => Load;
  /** The store's group commits so far (store/groupCommit.ts), read at scrape time. */
  commits?: () => { commits: number; writes: number; seconds: number };
}

/** Limits fixed in the code, reported beside the configurable ones. */
const FIXED_LIMITS = {
  maxActionBytes: MAX_ACTION_BYTES,
  minCommentatorDelayMs: MIN_COMMENTATOR_DELAY_MS,
  closeEmptySecondsDefault: DEFAULT_CLOSE_EMPTY_SECONDS,
};

export class Metrics {
  readonly registry = new Registry();
  /**
   * Commands and action times since the last scrape, as plain numbers: prom-client hashes the
   * labels at each `inc` and allocates two closures and two arrays for each timer, about 2% of
   * the server's CPU at 500 tables (issue 18). A scrape (`collect`) adds them to the metrics.
   */
  private readonly newCommands: Record<CommandResult, number> = { accepted: 0, fault: 0, refused: 0 };
  private readonly newTimes = new Float64Array(4096);
  private newTimeCount = 0;
  private readonly faults: Counter<'rule'>;
  private readonly games: Counter;
  private readonly actions: Histogram;
  private readonly refusals: Counter<'limit'>;
  private readonly purged: Counter;
  private readonly full: Counter<'refused'>;
  private readonly source: () => Promise<TableSnapshot[]>;
  private scrape: Promise<TableSnapshot[]> | null = null;

  constructor(opts: MetricsOptions = {}) {
    const registers = [this.registry];
    const source = opts.tables ?? (() => localTables());
    this.source = async () => source();
    // One read of the tables per scrape, shared by the three gauges.
    const tables = () => this.scrape ?? this.source();
    new Gauge({
      name: 'jantaku_tables',
      help: 'Live tables in this process, by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts: Record<TableStatus, number> = { waiting: 0, playing: 0, finished: 0 };
        for (const t of await tables()) counts[t.status]++;
        for (const status of TABLE_STATUSES) this.set({ status }, counts[status]);
      },
    });
    new Gauge({
      name: 'jantaku_players',
      help: 'Seated clients connected to the live tables',
      registers,
      async collect() {
        this.set((await tables()).reduce((n, t) => n + t.players, 0));
      },
    });
    new Gauge({
      name: 'jantaku_spectators',
      help: 'Spectators and commentators connected to the live tables',
      registers,
      async collect() {
        this.set((await tables()).reduce((n, t) => n + t.spectators, 0));
      },
    });
    const newCommands = this.newCommands;
    const commands = new Counter({
      name: 'jantaku_commands_total',
      help: 'Action requests judged, by result',
      labelNames: ['result'],
      registers,
      collect() {
        for (const result of COMMAND_RESULTS) {
          this.inc({ result }, newCommands[result]);
          newCommands[result] = 0;
        }
      },
    });
    // Every result shows from the start (0), so rates work before the first fault.
    for (const result of COMMAND_RESULTS) commands.inc({ result }, 0);
    this.faults = new Counter({ name: 'jantaku_faults_total', help: 'Faults given, by rule ID', labelNames: ['rule'], registers });
    this.games = new Counter({ name: 'jantaku_games_finished_total', help: 'Games played to the end', registers });
    this.actions = new Histogram({
      name: 'jantaku_action_seconds',
      help: 'Time to judge, persist and broadcast one action',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
      collect: () => this.observeTimes(),
    });
    const limit = new Gauge({ name: 'jantaku_limit', help: 'Each limit on abuse (0: none), configured (limits.ts) or fixed', labelNames: ['limit'], registers });
    for (const [name, value] of Object.entries({ ...(opts.limits ?? DEFAULT_LIMITS), ...FIXED_LIMITS })) limit.set({ limit: name }, Number(value));
    this.refusals = new Counter({ name: 'jantaku_limit_refusals_total', help: 'Requests refused by a limit, by limit', labelNames: ['limit'], registers });
    for (const l of ['tablesPerAddress', 'createsPerMinute']) this.refusals.inc({ limit: l }, 0);
    const load = opts.load ?? (() => null);
    new Gauge({
      name: 'jantaku_seats_claimed',
      help: 'Seats claimed by players at the live tables of this process (counted against JANTAKU_MAX_SEATS)',
      registers,
      collect() {
        this.set(load()?.seats ?? 0);
      },
    });
    new Gauge({
      name: 'jantaku_server_full',
      help: '1 while new tables or new seats are refused with SERVER_FULL',
      registers,
      collect() {
        this.set(load()?.full ? 1 : 0);
      },
    });
    this.full = new Counter({ name: 'jantaku_server_full_refusals_total', help: 'New tables and new seats refused with SERVER_FULL', labelNames: ['refused'], registers });
    for (const refused of ['table', 'seat'] satisfies Refused[]) this.full.inc({ refused }, 0);
    const commits = opts.commits ?? (() => ({ commits: 0, writes: 0, seconds: 0 }));
    // Counters kept by the group commit itself (no work per command here): read when scraped.
    for (const [name, help, read] of [
      ['jantaku_store_commits_total', 'SQLite transactions that recorded what the tables applied (one per turn of the event loop with anything to record)', () => commits().commits],
      ['jantaku_store_commit_tables_total', "Tables' writes in those transactions (over jantaku_store_commits_total: tables per commit)", () => commits().writes],
      ['jantaku_store_commit_seconds_total', 'Time spent writing and committing those transactions', () => commits().seconds],
    ] as const)
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    this.purged = new Counter({ name: 'jantaku_games_purged_total', help: 'Finished games deleted by the retention setting', registers });
    if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** A request refused by `limit`. */
  limitRefused(limit: string): void {
    this.refusals.inc({ limit });
  }

  /** A new table or seat refused with SERVER_FULL. */
  serverFull(refused: Refused): void {
    this.full.inc({ refused });
  }

  /** `n` finished games deleted by the retention setting. */
  gamesPurged(n: number): void {
    this.purged.inc(n);
  }

  /** One action request judged. */
  command(result: CommandResult): void {
    this.newCommands[result]++;
  }

  /** One fault given under `rule`. */
  fault(rule: string): void {
    this.faults.inc({ rule });
  }

  /** One action's judge + persist + broadcast time. */
  actionTime(seconds: number): void {
    if (this.newTimeCount === this.newTimes.length) this.observeTimes();
    this.newTimes[this.newTimeCount++] = seconds;
  }

  /** Adds the action times recorded since the last scrape to the histogram. */
  private observeTimes(): void {
    for (let i = 0; i < this.newTimeCount; i++) this.actions.observe(this.newTimes[i]);
    this.newTimeCount = 0;
  }

  gameFinished(): void {
    this.games.inc();
  }

  /** The content type of `text()`: Prometheus text format 0.0.4. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in Prometheus text format. */
  async text(): Promise<string> {
    this.scrape = this.source();
    try {
      return await this.registry.metrics();
    } finally {
      this.scrape = null;
    }
  }
}
