import { createEndpoint, createRouter, defineRoom, defineServer, LobbyRoom, matchMaker, type Server } from '@colyseus/core';
import { SpreadPingTransport } from './transport';
import { WebSocket } from 'ws';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportTenhou6 } from '@jantaku/shared/logs/export';
import type { Game } from '@jantaku/shared/game/game';
import { exportMjai } from '@jantaku/shared/logs/mjai';
import { toMjlog } from '@jantaku/shared/logs/mjlog';
import { serializeTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { Referee } from '@jantaku/shared/referee/referee';
import { LRUCache } from 'lru-cache';
import { isInviteCode } from './rooms/admission';
import { fairnessReport, type FairnessReport } from './fairness';
import { logger } from './log';
import type { Logger } from 'pino';
import { logPlayers, type LogPlayers } from './logNames';
import { Metrics } from './metrics';
import { recoverTables } from './recovery';
import { TableRoom } from './rooms/TableRoom';
import { scaleSettings, type ScaleOptions } from './scale';
import { GameStore, type GameRecord } from './store/index';
import { limitsFromEnv, type Limits } from './limits';
import { TableQuota } from './quota';
import { Capacity } from './capacity';
import { helperNiceFromEnv, lowerHelperThreads } from './threadPriority';
import type { AuthContext } from '@colyseus/core';
import { startRetention } from './retention';
import { Accounts } from './players/accounts';
import { accountRoutes } from './players/routes';
import { profileRoutes } from './players/profile';
import { roomAccount } from './players/roomAuth';
import { Sessions } from './players/sessions';
import { webServer, WEB_DIST } from './web';
import { endedHands, type ReplayHand } from './replay';
import { tournamentRoutes } from './tournaments/routes';
import { TournamentService } from './tournaments/service';
import { TableEvents } from './rooms/events';
import { GameArchive, type StoredGame } from './store/archive';
import { Games } from './store/games';
import { groupCommitOf } from './store/groupCommit';
import { rankedService } from './queue/index';
import { ratingsOf } from './players/ratings';
import type { QueueSettings } from './queue/queue';

export { TableRoom } from './rooms/TableRoom';

// Colyseus's reconnection path uses the global WebSocket (its readyState constants), which Node 20 lacks.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

/** The SQLite file's name inside the data directory. */
export const DB_FILE = 'jantaku.sqlite';
/** The accounts' SQLite file, beside the games' (players/accounts.ts). */
export const PLAYERS_FILE = 'players.sqlite';

export interface ServerOptions {
  greet?: boolean;
  /** Colyseus's own SIGINT/SIGTERM handling: lock and dispose the rooms, close the store, exit 0. */
  gracefullyShutdown?: boolean;
  room?: typeof TableRoom;
  /** Directory of the SQLite file (`jantaku.sqlite`). Default: env JANTAKU_DATA_DIR, else `./data`. */
  dataDir?: string;
  /** An already open store (instead of `dataDir`); closed with the server all the same. */
  store?: GameStore;
  /**
   * How often a thread of its own checkpoints the store's WAL, ms (default: env
   * JANTAKU_CHECKPOINT_MS, else 2000; 0: none, commits checkpoint as SQLite does). Not for a
   * store given as `store`.
   */
  checkpointEveryMs?: number;
  /** Several processes as one through Redis (default: env REDIS_URL, PUBLIC_ADDRESS); see scale.ts. */
  scale?: ScaleOptions;
  /** Limits on abuse, over those of the environment (limits.ts). */
  limits?: Partial<Limits>;
  /** The players store's PostgreSQL URL (default: env DATABASE_URL; none: SQLite in the data directory). */
  databaseUrl?: string;
  /** Where the players service logs (default: the process's logger). */
  log?: Logger;
  /** The ranked queues' bands, timings and table options (queue/queue.ts; tests: short games). */
  queue?: Partial<QueueSettings>;
}

/** A game as `/api/games` lists it. */
function summary(g: GameRecord) {
  const result = g.result as { standings?: unknown } | null;
  return {
    id: g.id,
    ruleset: g.rules.name,
    status: g.status,
    created: new Date(g.created).toISOString(),
    finished: g.finished === null ? null : new Date(g.finished).toISOString(),
    commands: g.commands,
    ...(g.status === 'finished' ? { standings: result?.standings ?? null } : {}),
  };
}

const notFound = (id: string) => Response.json({ error: 'NOT_FOUND', reason: `no game ${id}` }, { status: 404 });

const isPrivate = (g: GameRecord): boolean => g.options.private === true;

/**
 * The game `id` if this request may see it: a private table's game only with its invite code
 * (`?code=`), and otherwise answered as if it did not exist.
 */
async function visibleGame(games: Games, id: string, request: Request | undefined): Promise<StoredGame | Response> {
  const found = await games.find(id);
  if (!found) return notFound(id);
  const g = found.record;
  if (isPrivate(g)) {
    const code = request ? new URL(request.url).searchParams.get('code') : null;
    const invite = g.options.inviteCode;
    if (typeof invite !== 'string' || !isInviteCode(invite, code)) return notFound(id);
  }
  return found;
}

/** A finished game rebuilt from its log, with who played it. */
interface FinishedGame {
  game: Game;
  players: LogPlayers;
}

/** Rebuilt finished games, the few last asked for: a game over never changes. */
const finishedGames = new LRUCache<string, FinishedGame>({ max: 16 });

/** A finished game rebuilt from its log, or the error response (404, 409 while it is not finished). */
async function finishedGame(games: Games, id: string, request: Request | undefined): Promise<FinishedGame | Response> {
  const found = await visibleGame(games, id, request);
  if (found instanceof Response) return found;
  const g = found.record;
  if (g.status !== 'finished') return Response.json({ error: 'NOT_FINISHED', reason: `game ${g.id} is not finished` }, { status: 409 });
  const cached = finishedGames.get(g.id);
  if (cached) return cached;
  const game = Referee.replay({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, found.commands()).game;
  const finished = { game, players: logPlayers(g, found.claims) };
  finishedGames.set(g.id, finished);
  return finished;
}

/** Fairness reports by game and number of commands: a report changes only with the game's log. */
const fairnessReports = new LRUCache<string, FairnessReport>({ max: 256 });

/** Replays (ended hands) by game and number of commands, like the fairness reports. */
const replays = new LRUCache<string, ReplayHand[]>({ max: 32 });

/** `build()` for game `g` as it stands: cached until the game records another command or changes status. */
function cachedFor<T extends object>(cache: LRUCache<string, T>, g: GameRecord, build: () => T): T {
  const key = `${g.id}:${g.commands}:${g.status}`;
  let value = cache.get(key);
  if (!value) cache.set(key, (value = build()));
  return value;
}

/** The HTTP routes: the players service's (players/routes.ts), health, metrics, the live tables and the game records. */
function routes(store: GameStore, games: Games, metrics: Metrics, capacity: Capacity, players: ReturnType<typeof accountRoutes>) {
  return createRouter({
    ...players,
    health: createEndpoint('/health', { method: 'GET' }, async () => {
      const tables = await matchMaker.query({ name: 'table' });
      // At capacity the server is still healthy (200, status ok): it says so, and plays on.
      const load = capacity.load;
      // After a write the disk refused: 503 until a write goes through again (tried here).
      if (store.isOpen && store.unavailable && !store.probe())
        return Response.json({ status: 'unavailable', reason: store.unavailable?.message, tables: tables.length, full: load.full, load }, { status: 503 });
      return Response.json({ status: store.isOpen ? 'ok' : 'closing', tables: tables.length, full: load.full, load });
    }),
    metrics: createEndpoint('/metrics', { method: 'GET' }, async () => {
      return new Response(await metrics.text(), { headers: { 'content-type': metrics.contentType } });
    }),
    // Private tables' games are never listed.
    games: createEndpoint('/api/games', { method: 'GET' }, async () => {
      return Response.json({ games: (await games.list()).filter((g) => !isPrivate(g)).map(summary) });
    }),
    game: createEndpoint('/api/games/:id', { method: 'GET' }, async (ctx) => {
      const found = await visibleGame(games, ctx.params.id, ctx.request);
      if (found instanceof Response) return found;
      const g = found.record;
      const result = g.result as { standings?: unknown; faults?: unknown } | null;
      return Response.json({
        ...summary(g),
        // The seed gives every wall of the game: only once it is over (docs/FAIRNESS.md).
        ...(g.status === 'finished' ? { seed: g.seed } : {}),
        wallAlgorithm: g.wallAlgorithm,
        seats: g.seats,
        rules: g.rules,
        result,
        standings: result?.standings ?? null,
        faults: result?.faults ?? [],
      });
    }),
    // Commitments of every hand; salt and wall of the hands that are over; the seed once the game is.
    fairness: createEndpoint('/api/games/:id/fairness', { method: 'GET' }, async (ctx) => {
      const found = await visibleGame(games, ctx.params.id, ctx.request);
      if (found instanceof Response) return found;
      const g = found.record;
      const report = cachedFor(fairnessReports, g, () => {
        const game = Referee.replay({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, found.commands()).game;
        return fairnessReport(game, g.seed, g.wallAlgorithm, g.options.chosenSeed === true);
      });
      return Response.json(report);
    }),
    // Every event of the hands that have ended (a running table's too, never its hand in play), one step per action: the web's replay.
    replay: createEndpoint('/api/games/:id/replay', { method: 'GET' }, async (ctx) => {
      const found = await visibleGame(games, ctx.params.id, ctx.request);
      if (found instanceof Response) return found;
      const g = found.record;
      const hands = cachedFor(replays, g, () => endedHands({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, found.commands()));
      return Response.json({ id: g.id, status: g.status, names: logPlayers(g, found.claims).names, returnPoints: g.rules.returnPoints, hands });
    }),
    // The finished game's logs, with the players' names: tenhou.net/6 JSON, mjai (JSON lines, full
    // information) and Tenhou's mjlog XML (what its viewer, converters and reviewers read).
    tenhou6: createEndpoint('/api/games/:id/tenhou6', { method: 'GET' }, async (ctx) => {
      const f = await finishedGame(games, ctx.params.id, ctx.request);
      if (f instanceof Response) return f;
      return new Response(serializeTenhou6(exportTenhou6(f.game, f.players.names)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
    }),
    mjai: createEndpoint('/api/games/:id/mjai', { method: 'GET' }, async (ctx) => {
      const f = await finishedGame(games, ctx.params.id, ctx.request);
      if (f instanceof Response) return f;
      return new Response(exportMjai(f.game, f.players.names), { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
    }),
    mjlog: createEndpoint('/api/games/:id/mjlog', { method: 'GET' }, async (ctx) => {
      const f = await finishedGame(games, ctx.params.id, ctx.request);
      if (f instanceof Response) return f;
      return new Response(toMjlog(f.game, f.players), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
    }),
    // The live public tables as the lobby lists them (with REDIS_URL: every process's).
    tables: createEndpoint('/api/tables', { method: 'GET' }, async () => {
      const rooms = await matchMaker.query({ name: 'table', private: false });
      return Response.json({ tables: rooms.map((r) => ({ id: r.roomId, clients: r.clients, ...(r.metadata ?? {}) })) });
    }),
  });
}

/**
 * Builds the server: the room types `table` (recording every game in a GameStore) and `lobby`,
 * and the HTTP routes `/health`, `/metrics`, `/api/tables`, `/api/games`, `/api/games/:id`,
 * `/api/games/:id/fairness`, `/api/games/:id/replay`, `/api/games/:id/tenhou6`, `/api/games/:id/mjai` and `/api/games/:id/mjlog`,
 * the accounts' (docs/ACCOUNTS.md) and the players' profiles (docs/PROFILE.md). The stores are closed (WAL checkpointed) when the server shuts down.
 */
export function createServer(opts: ServerOptions = {}): Server & { store: GameStore; accounts: Accounts; tableEvents: TableEvents; tournaments: TournamentService; caughtUp: Promise<void> } {
  const limits: Limits = { ...limitsFromEnv(), ...opts.limits };
  const dataDir = opts.dataDir ?? process.env.JANTAKU_DATA_DIR ?? './data';
  const store = opts.store ?? new GameStore({ path: join(dataDir, DB_FILE) });
  // The server's own store: its WAL is checkpointed from a thread of its own, never by a table's commit.
  const checkpointEveryMs = opts.checkpointEveryMs ?? Number(process.env.JANTAKU_CHECKPOINT_MS ?? 2000);
  if (!opts.store && checkpointEveryMs > 0) store.checkpointInBackground(checkpointEveryMs);
  // Players: a service beside the tables; a table only learns a verified session's account.
  const accounts = new Accounts({ path: opts.store ? join(dirname(opts.store.path), PLAYERS_FILE) : join(dataDir, PLAYERS_FILE), databaseUrl: opts.databaseUrl });
  const sessions = new Sessions();
  // What the routes answer for: this process's games, and with a shared PostgreSQL every process's finished ones.
  const shared = (opts.databaseUrl ?? process.env.DATABASE_URL) !== undefined;
  const games = new Games(store, shared ? new GameArchive(accounts) : null, opts.log ?? logger);
  // The room class registered here records into this server's store.
  const Base = opts.room ?? TableRoom;
  const Room = class extends Base {};
  Room.store = store;
  // What the tables say (a game finished, a fault ruled), for the services around them.
  const tableEvents = new TableEvents();
  Room.events = tableEvents;
  const archiving = new Set<Promise<unknown>>();
  const archive = (id: string) => {
    const p = games.archiveFinished(id).catch((e: Error) => (opts.log ?? logger).error({ event: 'archiveFailed', gameId: id, message: e.message }, 'could not copy a finished game to the shared store'));
    archiving.add(p);
    void p.finally(() => archiving.delete(p));
  };
  tableEvents.on('finished', archive);
  // The start's catch-ups (archive copies, ratings) share one listing of the finished games: each record is read once.
  const finishedAtStart = accounts.ready.then(() => store.listGames({ status: 'finished' }));
  // What finished while the shared store could not be reached (copied again at the next start).
  const archivedAtStart = finishedAtStart.then((finished) => games.catchUp(finished)).catch((e: Error) => (opts.log ?? logger).error({ event: 'archiveFailed', message: e.message }, 'could not copy finished games to the shared store'));
  // One registry per server; its rooms feed the counters (TableRoom reads its class's `metrics`).
  const capacity = new Capacity(limits, (what) => metrics.serverFull(what));
  const commits = groupCommitOf(store);
  const metrics = new Metrics({ limits, load: () => capacity.load, commits: () => commits });
  Room.metrics = metrics;
  Room.capacity = capacity;
  const scale = scaleSettings(opts.scale);
  // A join that would claim a new seat is refused at matchmaking (HTTP 503) once the seats are
  // full; onJoin checks again (a websocket refusal) for seats reserved before the last one went.
  // With Redis the table may live in another process (with its own capacity): onJoin alone.
  const onAuth = Base.onAuth.bind(Base);
  Room.onAuth = async (token: string, options: unknown, context: AuthContext) => {
    const o = (options ?? {}) as Record<string, unknown>;
    if (!scale.driver && o.spectator !== true && o.commentator !== true && o.token === undefined) capacity.checkSeat();
    const account = await roomAccount(token, sessions, accounts);
    const auth = await onAuth(token, options, context);
    return account ? { ...auth, account } : auth;
  };
  Room.quota = new TableQuota(limits, (limit) => metrics.limitRefused(limit));
  Room.limits = limits;
  // Ranked play: the queues and the ratings (docs/RANKED.md).
  const tournaments = new TournamentService(accounts, store, tableEvents, opts.log ?? logger);
  const ranked = rankedService({ accounts, sessions, store, tableEvents, presence: scale.presence, settings: opts.queue, finished: finishedAtStart, log: opts.log ?? logger });
  const server = defineServer({
    // `lobby`: Colyseus's lobby room, listing the public tables live.
    rooms: { table: defineRoom(Room).enableRealtimeListing(), lobby: defineRoom(LobbyRoom) },
    routes: routes(store, games, metrics, capacity, {
      ...accountRoutes(accounts, sessions, opts.log),
      ...profileRoutes({ games, accounts, sessions, log: opts.log, ratingsFor: (id) => ratingsOf(accounts.db, id) }),
      ...ranked.routes,
      ...tournamentRoutes(tournaments, accounts, sessions, opts.log),
    }),
    // A new table at a full server is refused before the matchmaker (web.ts); with Redis the table may be made by another process.
    transport: new SpreadPingTransport({ server: webServer(WEB_DIST, limits, scale.driver ? {} : { refuseTable: () => capacity.tableRefusal() }), maxPayload: limits.maxFrameBytes }),
    greet: opts.greet ?? false,
    gracefullyShutdown: opts.gracefullyShutdown ?? true,
    // Redis presence and driver with REDIS_URL; Colyseus's in-memory ones without.
    ...scale,
  });
  const stopRetention = startRetention(store, limits.retentionDays, metrics, games.archive);
  // After the rooms are disposed (and before Colyseus exits): checkpoint and close the file.
  server.onShutdown(async () => {
    stopRetention();
    await ranked.stop();
    await Promise.all([...archiving, archivedAtStart]);
    store.close();
    await accounts.close();
  });
  // The start's catch-ups are done (their failures logged).
  const caughtUp = Promise.all([archivedAtStart, ranked.ready.catch(() => {})]).then(() => {});
  return Object.assign(server, { store, accounts, tableEvents, tournaments, caughtUp });
}

/**
 * Starts the server on `port` (env PORT, default 2567), recording games in env JANTAKU_DATA_DIR
 * (default `./data`). On SIGTERM (or SIGINT): stop accepting, dispose the rooms, close the store,
 * exit 0.
 */
export async function start(port = Number(process.env.PORT ?? 2567)): Promise<Server> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid PORT: ${process.env.PORT}`);
  const helperNice = helperNiceFromEnv();
  const server = createServer({ gracefullyShutdown: true });
  // A port that cannot be had is an `error` event on the HTTP server, which Colyseus only prints
  // (the process would go on, listening on nothing): one line instead, and exit 1.
  const http = (server.transport as unknown as { server: import('node:http').Server }).server;
  const cannotListen = (e: NodeJS.ErrnoException) => {
    console.error(`jantaku: cannot listen on port ${port}: ${e.code === 'EADDRINUSE' ? 'the port is already in use' : e.message}`);
    process.exit(1);
  };
  http.prependOnceListener('error', cannotListen);
  // The players store's migrations: a server that cannot run them does not start.
  await server.accounts.ready;
  await server.listen(port);
  http.off('error', cannotListen);
  const recovery = await recoverTables(server.store);
  logger.info(recovery, 'unfinished tables recovered');
  // Once the store's checkpoint thread runs: the tables' loop first, V8's helpers after it.
  logger.info({ event: 'helperThreads', lowered: lowerHelperThreads(helperNice), nice: helperNice }, 'helper threads run below the event loop');
  logger.info({ event: 'listening', port, store: server.store.path }, `jantaku listening on ws://localhost:${port}`);
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  start().catch((e: Error) => {
    console.error(`jantaku: ${e.message}`);
    process.exit(1);
  });
}
