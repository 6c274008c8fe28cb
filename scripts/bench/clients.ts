/**
 * The clients of `npm run bench:server` (scripts/bench-server.ts), in worker threads.
 *
 * Each thread runs its share of the tables: four real @colyseus/sdk clients a table, each playing
 * a seat with a pure strategy from shared/src/bots (`Peer`), and the samples and counts of what
 * they saw (`Stats`). The bench's main thread tells the threads which tables to open and when the
 * window is, and merges their samples (`ClientThreads`). Several threads, each with its own heap and
 * event loop, so that one thread's garbage collection or burst of frames delays its own clients
 * alone: with 8,000 clients in one event loop, its pauses were most of the request->reply p99 the
 * bench measured at 2,000 tables (issue 18).
 *
 * Probe tables (`--probe`): a few of the tables are played by a thread of their own that the
 * kernel runs first (nice -10) when it wants the core the other client threads share. Their
 * request->reply times are the server's and the network's, as a player with a machine of their
 * own sees them, where the other tables' also hold the wait of 8,000 clients for one core.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setPriority } from 'node:os';
import { Client, type Room } from '@colyseus/sdk';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import type { Bot } from '@jantaku/shared/bots/types';
import { replyFromWire } from '@jantaku/shared/api/table';
import type { Command, Seat } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { EVENTS, eventsFromWire, eventsToWire, type EventState } from '@jantaku/shared/protocol/events';
import { pack } from 'msgpackr';

/** The SDK's room, untyped: the two peers' states differ and are read through `Peer`. */
type AnyRoom = Room<any, any>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const now = () => performance.now();

/** What differs between our table and the bare room, seen from a client. */
interface Peer<S> {
  roomName: string;
  createOptions(table: number): Record<string, unknown>;
  /** The client's next command now, or null (nothing to do). */
  decide(state: S, seat: Seat): Command | { type: 'tick' } | null;
  /** Whether the seat may have something to do (a cheap test at every patch; `decide` says what, once it acts). */
  asked(state: S, seat: Seat): boolean;
  /** Identifies the moment a decision was taken for (one request per moment). */
  moment(state: S): string;
  actions(state: S): number;
  over(state: S): boolean;
  /** Its clients measure what they learn (`countLearned`): Jantaku's table, not the bare room. */
  learns?: boolean;
}

function tablePeer(bot: Bot): Peer<TableState> {
  return {
    roomName: 'table',
    learns: true,
    createOptions: (i) => ({ ruleset: 'tenhou', seed: `bench-server-${i}`, bots: 0, handPauseMs: 0 }),
    decide(state, seat) {
      if (!this.asked(state, seat)) return null;
      const view = tableViewOf(state, seat);
      return view.legalActions.length ? bot(view, view.legalActions) : null;
    },
    // Most patches leave a seat nothing to do: its legal actions' text is empty.
    asked: (state, seat) => !!state.seats?.[seat]?.own?.legal,
    moment: (s) => `${s.hands}:${s.actions}`,
    actions: (s) => s.actions,
    over: (s) => s.phase === 'gameOver',
  };
}

interface BareState {
  turn: number;
  actions: number;
}
const barePeer: Peer<BareState> = {
  roomName: 'bare',
  createOptions: () => ({}),
  decide: (s, seat) => (s.turn === seat ? { type: 'tick' } : null),
  asked: (s, seat) => s.turn === seat,
  moment: (s) => String(s.actions),
  actions: (s) => s.actions,
  over: () => false,
};

/** Kinds of frame a client receives, for the bytes' breakdown. */
export const BYTE_KINDS = ['patch', 'events', 'reply', 'other'] as const;
export type ByteKind = (typeof BYTE_KINDS)[number];
const noBytes = (): Record<ByteKind, number> => ({ patch: 0, events: 0, reply: 0, other: 0 });

/** Samples and counts of one run; samples only for requests sent inside the window. */
class Stats {
  window: { from: number; to: number } | null = null;
  reply: number[] = [];
  patch: number[] = [];
  applied = 0;
  faults = 0;
  rejected = new Map<string, number>();
  errors = new Map<string, number>();
  games = 0;
  tablesOpened = 0;
  /** Bytes of the websocket frames the clients received inside the window. */
  bytes = 0;
  /** The same bytes by kind of message: the state patch, our events, the request's reply, the rest. */
  byKind = noBytes();
  /** What the seats learned in the window, in bytes (`learnedBytes`). */
  learned = 0;
  /** Creates and joins refused with SERVER_FULL (any time). */
  refusedJoins = 0;
  inWindow(t: number): boolean {
    return this.window !== null && t >= this.window.from && t < this.window.to;
  }
  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }
}

interface Pending {
  sentAt: number;
  /** `actions` of the reply, once it came. */
  target: number | null;
  /** State changes seen since the request: (actions, time). The patch goes out before the reply. */
  seen: { actions: number; at: number }[];
}

/** Plays one seat until the game is over or `stopped()`. */
function playSeat<S>(room: AnyRoom, seat: Seat, peer: Peer<S>, stats: Stats, thinkMs: number, stopped: () => boolean): Promise<void> {
  let busy = false;
  let actedAt = '';
  let pending: Pending | null = null;
  return new Promise((done) => {
    const finishPatch = (p: Pending, at: number) => {
      if (stats.inWindow(p.sentAt)) stats.patch.push(at - p.sentAt);
      pending = null;
    };
    const send = () => {
      const state = room.state as S | undefined;
      if (stopped() || !state) return;
      const command = peer.decide(state, seat);
      if (!command) return;
      actedAt = peer.moment(state);
      busy = true;
      const p: Pending = { sentAt: now(), target: null, seen: [] };
      pending = p;
      room
        .request('action', command)
        .then((raw: unknown) => {
          // Jantaku's accepted reply is its actions count alone; the bare room's an object.
          const reply = replyFromWire(raw);
          const at = now();
          if (stats.inWindow(p.sentAt)) {
            stats.reply.push(at - p.sentAt);
            stats.applied++;
            if (reply.status === 'fault') stats.faults++;
          }
          p.target = reply.actions;
          const hit = p.seen.find((s) => s.actions >= reply.actions);
          if (hit) finishPatch(p, hit.at);
        })
        .catch((e: { reason?: { code?: string }; message?: string }) => {
          if (pending === p) pending = null;
          if (stopped()) return;
          if (stats.inWindow(p.sentAt)) stats.reply.push(now() - p.sentAt);
          if (e?.reason?.code) stats.count(stats.rejected, e.reason.code);
          else stats.count(stats.errors, String(e?.message ?? e).slice(0, 60));
        })
        .finally(() => {
          busy = false;
          step();
        });
    };
    const step = () => {
      const state = room.state as S | undefined;
      if (busy || stopped() || !state) return;
      if (peer.over(state)) return done();
      if (peer.moment(state) === actedAt || !peer.asked(state, seat)) return;
      if (thinkMs <= 0) return send();
      // Think, then decide on the state as it is then (a claim may have changed it).
      busy = true;
      actedAt = peer.moment(state);
      setTimeout(() => {
        busy = false;
        if (!stopped()) send();
      }, thinkMs * (0.5 + Math.random()));
    };
    room.onStateChange((state: S) => {
      const p = pending;
      if (p) {
        const a = peer.actions(state);
        if (p.target === null) p.seen.push({ actions: a, at: now() });
        else if (a >= p.target) finishPatch(p, now());
      }
      step();
    });
    room.onLeave(() => done());
    step();
  });
}

/** A frame's kind from its first bytes: Colyseus's protocol code (bits 0..4), then for room data the message type (events are type 0, a msgpack 0). */
function kindOf(frame: Uint8Array): ByteKind {
  const code = frame[0] & 0x1f;
  if (code === 15) return 'patch'; // ROOM_STATE_PATCH
  if (code === 22) return 'reply'; // ROOM_RESPONSE
  if (code === 13 && frame[1] === 0) return 'events'; // ROOM_DATA, type 0
  return 'other';
}

/**
 * What a seat learns, in bytes, for issue 18 item 3's "within 2× of what that seat actually
 * learns": each event it is told, in the compact self-contained tuple of docs/PROTOCOL.md §7.1
 * (forms 0–3, the rest as msgpack objects: what a protocol without a shared state would send),
 * and each new text of its legal actions. Measured on the events and state the client decodes.
 */
function countLearned(room: AnyRoom, stats: Stats, seat: number): void {
  let legal = '';
  room.onMessage(EVENTS, (batch: unknown) => {
    if (stats.inWindow(now())) stats.learned += pack(eventsToWire(eventsFromWire(batch, (room as unknown as { state: EventState }).state))).length;
  });
  room.onStateChange((state: TableState) => {
    const text = state.seats?.[seat]?.own?.legal ?? '';
    if (text !== legal && stats.inWindow(now())) stats.learned += Buffer.byteLength(text) + 1;
    legal = text;
  });
}

/** Counts the bytes of every frame `room` receives inside the window (its connection's handler, wrapped). */
function countBytes(room: AnyRoom, stats: Stats): void {
  const events = (room as unknown as { connection?: { events: { onmessage?: (e: { data: ArrayBuffer }) => void } } }).connection?.events;
  const handler = events?.onmessage;
  if (!events || !handler) return;
  events.onmessage = (e) => {
    if (stats.inWindow(now())) {
      stats.bytes += e.data.byteLength;
      stats.byKind[kindOf(new Uint8Array(e.data))] += e.data.byteLength;
    }
    handler(e);
  };
}

/** One table slot: opens a table, plays it to the end, opens the next, until stopped. */
async function runTable<S>(url: string, peer: Peer<S>, slot: number, stats: Stats, thinkMs: number, stopped: () => boolean, opened: () => void, live: Set<AnyRoom>): Promise<void> {
  let n = 0;
  let first = true;
  let failures = 0;
  while (!stopped()) {
    const rooms: AnyRoom[] = [];
    const seats = new Map<AnyRoom, number>();
    const seatOf = (r: AnyRoom) => seats.get(r)!;
    // Messages the bench does not read (seat tokens, events) are dropped without a warning.
    const joined = (r: AnyRoom, seat: number) => (r.onMessage('*', () => {}), countBytes(r, stats), peer.learns && countLearned(r, stats, seat), seats.set(r, seat), rooms.push(r), r);
    try {
      const r0 = joined(await new Client(url).create(peer.roomName, { ...peer.createOptions(slot * 1000 + n++), seat: 0 }), 0);
      await Promise.all([1, 2, 3].map(async (seat) => joined(await new Client(url).joinById(r0.roomId, { seat }), seat)));
    } catch (e) {
      await Promise.all(rooms.map((r) => r.leave(true).catch(() => 0)));
      // At capacity (--overload): refused, as a client would be, and tried again in a second.
      if (/SERVER_FULL/.test(String((e as Error)?.message ?? e))) {
        stats.refusedJoins++;
        if (first) opened();
        first = false;
        await sleep(1000);
        continue;
      }
      // A busy server can let a seat reservation expire: what joined has left; retry a few times.
      stats.count(stats.errors, `open: ${String((e as Error)?.message ?? e).slice(0, 60)}`);
      if (++failures < 3) {
        await sleep(1000);
        continue;
      }
      if (first) opened();
      return;
    }
    rooms.sort((a, b) => seatOf(a) - seatOf(b));
    rooms.forEach((r) => live.add(r));
    stats.tablesOpened++;
    if (first) opened();
    first = false;
    await Promise.all(rooms.map((r, seat) => playSeat(r, seat as Seat, peer, stats, thinkMs, stopped)));
    if (!stopped()) stats.games++;
    await Promise.all(rooms.map((r) => (live.delete(r), r.leave(true).catch(() => 0))));
  }
}

// ---------------------------------------------------------------------------------------------
// Threads.

/** A group of tables whose samples are kept apart: the measured tables, the probe tables among them, and `--overload`'s extra ones. */
export type Group = 'main' | 'probe' | 'extra';
const GROUPS: readonly Group[] = ['main', 'probe', 'extra'];

/** What a group's clients saw, merged over the threads. */
export interface Snapshot {
  reply: number[];
  patch: number[];
  applied: number;
  faults: number;
  rejected: Record<string, number>;
  errors: Record<string, number>;
  games: number;
  tablesOpened: number;
  /** Bytes the clients received in the window, by kind of frame. */
  bytes: number;
  byKind: Record<ByteKind, number>;
  /** Bytes the seats learned (`countLearned`); 0 where not measured. */
  learned: number;
  /** Creates and joins refused with SERVER_FULL. */
  refusedJoins: number;
  /** The worst thread's event-loop delay over the window, ms. */
  loopP99: number;
  loopMax: number;
}

export interface ThreadConfig {
  /** The server processes' addresses: table slot i plays on `urls[i % urls.length]` (`--processes`). */
  urls: string[];
  peer: 'table' | 'bare';
  bot: 'efficiency' | 'tsumogiri';
  thinkMs: number;
  /** The thread's nice value (the probe thread's), where not 0. */
  nice?: number;
}

/** The probe thread's nice value: the kernel runs it before the other client threads (0) on their core. */
export const PROBE_NICE = -10;

/** Main thread -> client thread. Times are epoch ms (each thread's `performance.now()` has its own origin). */
type Order =
  | { kind: 'open'; slot: number; group: Group }
  | { kind: 'window'; from: number; to: number }
  | { kind: 'collect'; id: number; group: Group }
  | { kind: 'reset'; group: Group }
  | { kind: 'tables'; id: number }
  | { kind: 'stop'; id: number };

/** Client thread -> main thread. */
type Report = { kind: 'opened'; slot: number } | { kind: 'answer'; id: number; value: unknown };

type ThreadSnapshot = Omit<Snapshot, 'rejected' | 'errors'> & { rejected: [string, number][]; errors: [string, number][] };

/** A client thread's side: opens the tables it is told to, keeps their samples, answers. */
function serveThread(config: ThreadConfig): void {
  const port = parentPort!;
  const bot = config.bot === 'efficiency' ? efficiencyBot : tsumogiriBot;
  const stats = Object.fromEntries(GROUPS.map((g) => [g, new Stats()])) as Record<Group, Stats>;
  // On Linux a thread's priority is its own: this sets this thread's alone (lowering it needs root, or CAP_SYS_NICE).
  if (config.nice)
    try {
      setPriority(config.nice);
    } catch (e) {
      console.error(`bench:server: the probe thread stays at nice 0 (${(e as Error).message})`);
    }
  const live = new Set<AnyRoom>();
  const slots: Promise<void>[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let stop = false;
  const stopped = () => stop;
  const answer = (id: number, value: unknown) => port.postMessage({ kind: 'answer', id, value } satisfies Report);
  const run = <S>(peer: Peer<S>, slot: number, group: Group) =>
    runTable(config.urls[slot % config.urls.length], peer, slot, stats[group], config.thinkMs, stopped, () => port.postMessage({ kind: 'opened', slot } satisfies Report), live);
  port.on('message', (m: Order) => {
    switch (m.kind) {
      case 'open':
        slots.push(config.peer === 'table' ? run(tablePeer(bot), m.slot, m.group) : run(barePeer, m.slot, m.group));
        break;
      case 'window': {
        const local = (t: number) => t - performance.timeOrigin;
        // The measured tables' samples (the extra ones are counted, not sampled).
        stats.main.window = stats.probe.window = { from: local(m.from), to: local(m.to) };
        loop.reset();
        loop.enable();
        // The loop's delay over the window alone, as the server's (not the wait for late replies after it).
        setTimeout(() => loop.disable(), Math.max(0, local(m.to) - now()));
        break;
      }
      case 'collect': {
        const s = stats[m.group];
        const snapshot: ThreadSnapshot = {
          reply: s.reply,
          patch: s.patch,
          applied: s.applied,
          faults: s.faults,
          rejected: [...s.rejected],
          errors: [...s.errors],
          games: s.games,
          tablesOpened: s.tablesOpened,
          bytes: s.bytes,
          byKind: s.byKind,
          learned: s.learned,
          refusedJoins: s.refusedJoins,
          loopP99: loop.percentile(99) / 1e6,
          loopMax: loop.max / 1e6,
        };
        answer(m.id, snapshot);
        break;
      }
      case 'reset':
        Object.assign(stats[m.group], { reply: [], patch: [], applied: 0, faults: 0, bytes: 0, byKind: noBytes(), learned: 0, rejected: new Map(), errors: new Map() });
        break;
      case 'tables':
        answer(m.id, live.size / 4);
        break;
      case 'stop':
        stop = true;
        loop.disable();
        void (async () => {
          await Promise.race([Promise.all([...live].map((r) => r.leave(true).catch(() => 0))), sleep(5000)]);
          await Promise.race([Promise.all(slots), sleep(5000)]);
          answer(m.id, null);
        })();
        break;
    }
  });
}

/**
 * The bench's client threads, seen from its main thread: table `slot` goes to thread `slot % n`,
 * a probe table to the probe thread. Their CPU is this process's (`process.cpuUsage` counts every
 * thread).
 */
export class ClientThreads {
  private next = 0;
  private readonly waiting = new Map<number, (value: unknown) => void>();
  private readonly opening = new Map<number, () => void>();
  /** Every thread: the `threads`, then the probe thread if any. */
  private readonly all: Worker[];

  private constructor(
    private readonly threads: Worker[],
    private readonly probe: Worker | null,
  ) {
    this.all = probe ? [...threads, probe] : threads;
    for (const w of this.all) {
      // Its tables would never open nor report: the bench stops (the server children end with it).
      w.on('error', (e) => {
        console.error('bench:server: a client thread failed:', e);
        process.exit(1);
      });
      w.on('message', (r: Report) => {
        if (r.kind === 'opened') {
          this.opening.get(r.slot)?.();
          this.opening.delete(r.slot);
        } else {
          this.waiting.get(r.id)?.(r.value);
          this.waiting.delete(r.id);
        }
      });
    }
  }

  /** `n` threads playing against `config.urls` (each loads this module with its imports), and a probe thread if `probe`. */
  static start(n: number, config: ThreadConfig, probe: boolean): ClientThreads {
    const file = fileURLToPath(new URL('./clientThread.mjs', import.meta.url));
    const thread = (c: ThreadConfig) => new Worker(file, { workerData: { benchClients: c } });
    const threads = Array.from({ length: n }, () => thread(config));
    return new ClientThreads(threads, probe ? thread({ ...config, nice: PROBE_NICE }) : null);
  }

  private ask<T>(thread: Worker, order: Order & { id: number }): Promise<T> {
    return new Promise((res) => {
      this.waiting.set(order.id, res as (value: unknown) => void);
      thread.postMessage(order);
    });
  }

  private askAll<T>(order: (id: number) => Order & { id: number }): Promise<T[]> {
    return Promise.all(this.all.map((t) => this.ask<T>(t, order(this.next++))));
  }

  /** Opens table `slot` (and a new one each time its game ends, until `stop`); resolves once it first opened, was refused, or gave up. */
  open(slot: number, group: Group): Promise<void> {
    return new Promise((res) => {
      this.opening.set(slot, res);
      const thread = group === 'probe' && this.probe ? this.probe : this.threads[slot % this.threads.length];
      thread.postMessage({ kind: 'open', slot, group } satisfies Order);
    });
  }

  /** Tables open now (their four seats joined). */
  async tables(): Promise<number> {
    return (await this.askAll<number>((id) => ({ kind: 'tables', id }))).reduce((a, b) => a + b, 0);
  }

  /** Samples requests sent from `from` to `to` (this thread's `performance.now()`); restarts the threads' loop-delay histograms. */
  window(from: number, to: number): void {
    const epoch = (t: number) => t + performance.timeOrigin;
    for (const t of this.all) t.postMessage({ kind: 'window', from: epoch(from), to: epoch(to) } satisfies Order);
  }

  /** Forgets the groups' samples and counts of the window (not their tables, games or refusals). */
  reset(...groups: Group[]): void {
    for (const t of this.all) for (const group of groups) t.postMessage({ kind: 'reset', group } satisfies Order);
  }

  /** The groups' samples and counts, merged over the threads. */
  async collect(...groups: Group[]): Promise<Snapshot> {
    const parts = (await Promise.all(groups.map((group) => this.askAll<ThreadSnapshot>((id) => ({ kind: 'collect', id, group }))))).flat();
    const sum = (f: (s: ThreadSnapshot) => number) => parts.reduce((a, s) => a + f(s), 0);
    const merge = (f: (s: ThreadSnapshot) => [string, number][]) => {
      const m: Record<string, number> = {};
      for (const s of parts) for (const [k, v] of f(s)) m[k] = (m[k] ?? 0) + v;
      return m;
    };
    return {
      reply: parts.flatMap((s) => s.reply),
      patch: parts.flatMap((s) => s.patch),
      applied: sum((s) => s.applied),
      faults: sum((s) => s.faults),
      rejected: merge((s) => s.rejected),
      errors: merge((s) => s.errors),
      games: sum((s) => s.games),
      tablesOpened: sum((s) => s.tablesOpened),
      bytes: sum((s) => s.bytes),
      byKind: Object.fromEntries(BYTE_KINDS.map((k) => [k, sum((s) => s.byKind[k])])) as Record<ByteKind, number>,
      learned: sum((s) => s.learned),
      refusedJoins: sum((s) => s.refusedJoins),
      loopP99: Math.max(...parts.map((s) => s.loopP99)),
      loopMax: Math.max(...parts.map((s) => s.loopMax)),
    };
  }

  /** Every client leaves; the threads end. */
  async stop(): Promise<void> {
    await this.askAll((id) => ({ kind: 'stop', id }));
    await Promise.all(this.all.map((t) => t.terminate()));
  }
}

if (!isMainThread && (workerData as { benchClients?: ThreadConfig } | null)?.benchClients) serveThread((workerData as { benchClients: ThreadConfig }).benchClients);
