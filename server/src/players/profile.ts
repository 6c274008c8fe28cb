import { createEndpoint } from '@colyseus/core';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { PlayerGame, PlayerProfile, PlayerStats, Rating } from '@jantaku/shared/api/players';
import type { Seat, Standing } from '@jantaku/shared/game/types';
import { Referee } from '@jantaku/shared/referee/referee';
import { cleanName } from '@jantaku/shared/text';
import { logger } from '../log';
import { logPlayers } from '../logNames';
import type { StoredGame } from '../store/archive';
import type { Games } from '../store/games';
import type { GameRecord } from '../store/index';
import { key, NAME_MAX, view, type Accounts, type PublicAccount } from './accounts';
import { sessionOf } from './routes';
import type { Sessions } from './sessions';
import { aggregate, seatGame, type SeatFault, type SeatGame } from './stats';

/**
 * `GET /api/players/:name`: an account's profile — its ratings, its games (newest first, a page
 * at a time, with links to their replays and downloads) and its statistics, computed from the
 * stored logs of its finished games. A private table's game is shown only to the sessions of
 * its own players (to anyone else it does not exist: neither listed nor counted).
 */

export interface ProfileOptions {
  /** The games: this process's, and with a shared store every process's finished ones (store/games.ts). */
  games: Pick<Games, 'find' | 'ofAccount'>;
  accounts: Accounts;
  sessions: Sessions;
  /** The account's ratings (players/ratings.ts); none until that service is wired. */
  ratingsFor?: (accountId: string) => Promise<Rating[]>;
  /** Where refused requests are logged (default: the process's logger). */
  log?: Logger;
}

/** Games on one page of a profile, and the last page asked for that is answered. */
export const PAGE_SIZE = 20;
export const MAX_PAGE = 10_000;
/** Longest name parameter looked at (in UTF-16 units, before cleaning): anything longer is refused as it is. */
const NAME_PARAM_MAX = 200;

const fail = (status: number, error: string, reason: string) => Response.json({ error, reason }, { status });

/** One of the account's games, as found, with its seat in it. */
interface Played {
  g: GameRecord;
  found: StoredGame;
  seat: number;
}

/** One seat of a game rebuilt from its log: finished games never change, so each is replayed once. */
const seatGames = new LRUCache<string, SeatGame | 'none'>({ max: 50_000 });
/** Statistics by account and the exact games they were computed from (ids and command counts). */
const statsCache = new LRUCache<string, PlayerStats>({ max: 2_000 });

function seatGameOf(found: StoredGame, seat: Seat): SeatGame | null {
  const g = found.record;
  const k = `${g.id}:${g.commands}:${seat}`;
  let sg = seatGames.get(k);
  if (sg === undefined) {
    const game = Referee.replay({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, found.commands()).game;
    const faults = (g.result as { faults?: SeatFault[] } | null)?.faults ?? [];
    sg = seatGame(game, seat, faults) ?? 'none';
    seatGames.set(k, sg);
  }
  return sg === 'none' ? null : sg;
}

/** Statistics over these finished games, cached under the list of their ids and command counts. */
function statsOf(accountId: string, games: readonly Played[]): PlayerStats {
  const finished = games.filter((x) => x.g.status === 'finished');
  const k = `${accountId}:${createHash('sha256').update(finished.map((x) => `${x.g.id}:${x.g.commands}:${x.seat}`).join(',')).digest('base64url')}`;
  let stats = statsCache.get(k);
  if (!stats) {
    stats = aggregate(finished.map((x) => seatGameOf(x.found, x.seat as Seat)).filter((s): s is SeatGame => s !== null));
    statsCache.set(k, stats);
  }
  return stats;
}

/** The name asked for, if it is one a player could have (the cleaned form of itself); else why not. */
function nameParam(raw: unknown): { name: string } | { reason: string } {
  if (typeof raw !== 'string' || raw.length === 0) return { reason: 'a player name is needed' };
  if (raw.length > NAME_PARAM_MAX) return { reason: `a player name has at most ${NAME_MAX} characters` };
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Already decoded by the router (a name with a `%` in it).
  }
  let clean: string;
  try {
    clean = cleanName(name, NAME_MAX);
  } catch (e) {
    return { reason: `the name ${(e as Error).message}` };
  }
  // Control or invisible characters, doubled spaces: no account is named so.
  if (clean !== name.normalize('NFC')) return { reason: 'a player name has no control or invisible characters' };
  return { name: clean };
}

function pageParam(request: Request | undefined): number | null {
  const p = request ? new URL(request.url).searchParams.get('page') : null;
  if (p === null) return 1;
  return /^[1-9][0-9]{0,4}$/.test(p) && Number(p) <= MAX_PAGE ? Number(p) : null;
}

const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function listed({ g, found, seat }: Played, mine: boolean): PlayerGame {
  const priv = g.options.private === true;
  // A private game's replay and downloads need its code; its own players get it in their links.
  const code = priv && mine && typeof g.options.inviteCode === 'string' ? `?code=${encodeURIComponent(g.options.inviteCode)}` : '';
  const standing = ((g.result as { standings?: Standing[] } | null)?.standings ?? []).find((s) => s.seat === seat);
  const id = encodeURIComponent(g.id);
  const finished = g.status === 'finished';
  return {
    id: g.id,
    ruleset: g.rules.name,
    status: g.status,
    created: when(g.created)!,
    finished: when(g.finished),
    seat,
    placement: standing?.rank ?? null,
    score: standing?.points ?? null,
    final: standing?.final ?? null,
    players: logPlayers(g, found.claims).names,
    private: priv,
    event: (g.options.service as { event?: unknown } | undefined)?.event ?? null,
    replay: `/#/replay/${id}${code}`,
    downloads: finished ? { tenhou6: `/api/games/${id}/tenhou6${code}`, mjai: `/api/games/${id}/mjai${code}`, mjlog: `/api/games/${id}/mjlog${code}` } : null,
  };
}

export function profileRoutes(o: ProfileOptions) {
  const ratingsFor = o.ratingsFor ?? (async () => []);
  const log = o.log ?? logger;
  /** A request no account could match: logged (never the name itself, which may be anything), answered 400. */
  const refused = (error: string, reason: string) => {
    log.info({ event: 'profileRefused', error }, 'profile request refused');
    return fail(400, error, reason);
  };
  const byName = async (name: string): Promise<PublicAccount | null> => {
    await o.accounts.ready;
    const row = await o.accounts.db.selectFrom('accounts').selectAll().where('name_key', '=', key(name)).executeTakeFirst();
    return row ? view(row) : null;
  };
  /** The viewer's account id (a valid session), or null: a stranger. */
  const viewerOf = async (request: Request | undefined) => {
    const s = sessionOf(request, o.sessions);
    return s ? ((await o.accounts.ofSession(s))?.id ?? null) : null;
  };
  return {
    player: createEndpoint('/api/players/:name', { method: 'GET' }, async (ctx) => {
      const n = nameParam(ctx.params.name);
      if ('reason' in n) return refused('BAD_NAME', n.reason);
      const page = pageParam(ctx.request);
      if (page === null) return refused('BAD_PAGE', `page is a whole number from 1 to ${MAX_PAGE}`);
      const account = await byName(n.name);
      if (!account) return fail(404, 'NO_PLAYER', `no player named ${n.name}`);
      const viewer = await viewerOf(ctx.request);
      const mine = (x: Played) => viewer !== null && x.found.claims.some((c) => c.account === viewer);
      // A private table's game exists only for its own players (as the game routes answer it only with its code).
      const seats = await o.games.ofAccount(account.id);
      const found = await Promise.all(seats.map((s) => o.games.find(s.gameId)));
      const games = seats
        .map(({ seat }, i) => (found[i] ? { g: found[i]!.record, found: found[i]!, seat } : null))
        .filter((x): x is Played => x !== null && (x.g.options.private !== true || mine(x)));
      const pages = Math.max(1, Math.ceil(games.length / PAGE_SIZE));
      const profile: PlayerProfile = {
        name: account.name,
        guest: account.guest,
        bot: account.bot,
        created: account.created,
        ratings: await ratingsFor(account.id),
        stats: statsOf(account.id, games),
        games: games.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((x) => listed(x, mine(x))),
        page,
        pages,
        total: games.length,
      };
      return Response.json(profile);
    }),
  };
}
