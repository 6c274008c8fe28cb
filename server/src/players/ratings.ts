import type { LeaderboardEntry, Rating } from '@jantaku/shared/api/players';
import type { Kysely, Transaction } from 'kysely';
import { ordinal, rate } from 'openskill';
import { plackettLuce } from 'openskill/models';
import type { Logger } from 'pino';
import { GAME_KINDS, type GameKind, type Ladder } from '../queue/kinds';
import type { GameRecord } from '../store/index';
import type { PlayersDb } from './db';

/**
 * Ratings: openskill's Plackett–Luce model, fed the four placements of every ranked game, per
 * game kind (a bot kind's ladder holds bot accounts only), beside a dan ladder like Tenhou's
 * (docs/RANKED.md: the table and where it comes from). A game is rated once: `rated_games`
 * holds its id, written in the same transaction as the changes.
 */

/** openskill's defaults: a new account is 25 ± 25/3, shown as its ordinal (mu - 3 sigma), 0. */
export const MU = 25;
export const SIGMA = 25 / 3;

export interface Dan {
  name: string;
  /** Points a new holder of the rank starts with. */
  start: number;
  /** Points that promote to the next rank (null: the top, nothing further). */
  promote: number | null;
  /** Points a fourth place costs, by game length (0 for the lower kyu ranks). */
  fourth: { hanchan: number; tonpuusen: number };
  /** Below 0 points it drops a rank (from 1-dan up; kyu ranks never drop). */
  demotes: boolean;
}

const kyu = (n: number, promote: number, fourth = 0): Dan => ({ name: `${n}-kyu`, start: 0, promote, fourth: { hanchan: fourth, tonpuusen: fourth }, demotes: false });
const dan = (n: number): Dan => ({ name: `${n}-dan`, start: 200 * n, promote: 400 * n, fourth: { hanchan: -(15 + 15 * n), tonpuusen: -(10 + 10 * n) }, demotes: true });

/** Tenhou's ranks: novice, 9-kyu … 1-kyu, 1-dan … 10-dan, and tenhoui at the top. */
export const DANS: readonly Dan[] = [
  { name: 'novice', start: 0, promote: 20, fourth: { hanchan: 0, tonpuusen: 0 }, demotes: false },
  kyu(9, 20),
  kyu(8, 20),
  kyu(7, 20),
  kyu(6, 40),
  kyu(5, 60),
  kyu(4, 80),
  kyu(3, 100),
  kyu(2, 100, -10),
  kyu(1, 100, -20),
  ...Array.from({ length: 10 }, (_, i) => dan(i + 1)),
  { name: 'tenhoui', start: 0, promote: null, fourth: { hanchan: 0, tonpuusen: 0 }, demotes: false },
];

/** Points for first, second and third (Tenhou's upper room, tokujou); fourth is the rank's. */
export const PLACE_POINTS = { hanchan: [75, 30, 0], tonpuusen: [50, 20, 0] } as const;

export interface DanState {
  dan: number;
  points: number;
}

/** The dan and points after one placement (1–4) in a game of `length`. */
export function danAfter(s: DanState, placement: number, length: GameKind['length']): DanState {
  const rank = DANS[s.dan]!;
  if (rank.promote === null) return s;
  const delta = placement === 4 ? rank.fourth[length] : PLACE_POINTS[length][placement - 1]!;
  const points = s.points + delta;
  if (points >= rank.promote) return { dan: s.dan + 1, points: DANS[s.dan + 1]!.start };
  if (points < 0) return rank.demotes ? { dan: s.dan - 1, points: DANS[s.dan - 1]!.start } : { dan: s.dan, points: 0 };
  return { dan: s.dan, points };
}

type RatingRow = PlayersDb['ratings'];

const viewOf = (r: RatingRow): Rating => ({ kind: r.kind, mu: r.mu, sigma: r.sigma, rating: r.rating, games: r.games, dan: r.dan, danName: DANS[r.dan]!.name, danPoints: r.dan_points });

const fresh = (accountId: string, kind: string): RatingRow => ({ account_id: accountId, kind, mu: MU, sigma: SIGMA, rating: ordinal({ mu: MU, sigma: SIGMA }), games: 0, dan: 0, dan_points: 0, updated: 0 });

/** An account's ratings, one per kind it has played ranked (the profile shows them). */
export async function ratingsOf(db: Kysely<PlayersDb>, accountId: string): Promise<Rating[]> {
  const rows = await db.selectFrom('ratings').selectAll().where('account_id', '=', accountId).orderBy('kind').execute();
  return rows.map(viewOf);
}

/** The rating an account is matched by in `kind` (a new account's: 0). */
export async function ratingIn(db: Kysely<PlayersDb>, accountId: string, kind: string): Promise<number> {
  const r = await db.selectFrom('ratings').select('rating').where('account_id', '=', accountId).where('kind', '=', kind).executeTakeFirst();
  return r?.rating ?? fresh(accountId, kind).rating;
}

export interface RatingChange {
  gameId: string;
  kind: string;
  placement: number;
  before: { mu: number; sigma: number; rating: number; dan: number; danName: string; danPoints: number };
  after: { mu: number; sigma: number; rating: number; dan: number; danName: string; danPoints: number };
  created: string;
}

/** An account's rating changes, newest first (the history shows them beside each game). */
export async function ratingChangesOf(db: Kysely<PlayersDb>, accountId: string, limit = 100): Promise<RatingChange[]> {
  const rows = await db.selectFrom('rating_changes').selectAll().where('account_id', '=', accountId).orderBy('created', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    gameId: r.game_id,
    kind: r.kind,
    placement: r.placement,
    before: { mu: r.mu_before, sigma: r.sigma_before, rating: r.rating_before, dan: r.dan_before, danName: DANS[r.dan_before]!.name, danPoints: r.points_before },
    after: { mu: r.mu_after, sigma: r.sigma_after, rating: r.rating_after, dan: r.dan_after, danName: DANS[r.dan_after]!.name, danPoints: r.points_after },
    created: new Date(Number(r.created)).toISOString(),
  }));
}

/** The kind's ladder, best first: people's accounts only on a people kind, bot accounts only on a bot kind. */
export async function leaderboard(db: Kysely<PlayersDb>, kind: string, limit: number, offset = 0): Promise<LeaderboardEntry[]> {
  const ladder: Ladder = GAME_KINDS.get(kind)?.ladder ?? 'people';
  const rows = await db
    .selectFrom('ratings')
    .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
    .selectAll('ratings')
    .select('accounts.name')
    .where('ratings.kind', '=', kind)
    .where('accounts.owner', ladder === 'bots' ? 'is not' : 'is', null)
    .orderBy('ratings.rating', 'desc')
    .orderBy('ratings.games', 'desc')
    .orderBy('accounts.name')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r, i) => ({ rank: offset + i + 1, name: r.name, ...viewOf(r) }));
}

/** A primary key or unique constraint refused the write (SQLite or PostgreSQL). */
const isDuplicate = (e: unknown): boolean => {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** What rating a finished game needs from the game store. */
export interface RatedGameSource {
  getGame(id: string): GameRecord | null;
}

/** The ranked game's kind and each counted account's placement; null if the game is not one to rate. */
export function placementsOf(g: GameRecord): { kind: GameKind; players: { accountId: string; placement: number }[] } | null {
  const service = g.options.service as { event?: { kind?: unknown; ref?: unknown }; seats?: unknown } | undefined;
  if (g.status !== 'finished' || service?.event?.kind !== 'ranked' || typeof service.event.ref !== 'string') return null;
  const kind = GAME_KINDS.get(service.event.ref);
  const standings = (g.result as { standings?: { seat: number; rank: number }[] } | null)?.standings;
  if (!kind?.ranked || !Array.isArray(standings) || !Array.isArray(service.seats)) return null;
  const seen = new Set<string>();
  const players: { accountId: string; placement: number }[] = [];
  for (const s of [...standings].sort((a, b) => a.rank - b.rank)) {
    const accountId = service.seats[s.seat];
    // Each account once (its best placement), open seats not at all.
    if (typeof accountId !== 'string' || seen.has(accountId)) continue;
    seen.add(accountId);
    players.push({ accountId, placement: s.rank });
  }
  return { kind, players };
}

/** Rates finished ranked games into the players store. */
export class Ratings {
  constructor(
    private readonly db: Kysely<PlayersDb>,
    private readonly games: RatedGameSource,
    private readonly log?: Logger,
    /** PostgreSQL: lock the rating rows read (SQLite's one writer needs no lock). */
    private readonly postgres = false,
  ) {}

  /** Rates game `id` if it is a finished ranked game not rated yet; true if this call rated it. */
  async rate(id: string): Promise<boolean> {
    const g = this.games.getGame(id);
    return g ? this.rateGame(g) : false;
  }

  /** Rates game `g` (as the store has it) if it is a finished ranked game not rated yet; true if this call rated it. */
  private async rateGame(g: GameRecord): Promise<boolean> {
    const id = g.id;
    const p = placementsOf(g);
    if (!p || p.players.length < 2) return false;
    const ladderOf = (owner: string | null): Ladder => (owner === null ? 'people' : 'bots');
    const accounts = await this.db.selectFrom('accounts').select(['id', 'owner']).where('id', 'in', p.players.map((x) => x.accountId)).execute();
    // People and bots are never rated together: only the kind's own ladder counts.
    const owners = new Map(accounts.map((a) => [a.id, a.owner]));
    const players = p.players.filter((x) => owners.has(x.accountId) && ladderOf(owners.get(x.accountId)!) === p.kind.ladder);
    if (players.length < 2) {
      // Marked as looked at, so that no later start looks (and warns) again.
      const first = await this.db.insertInto('rated_games').values({ game_id: id, kind: p.kind.kind, created: Date.now() }).execute().then(() => true, (e) => (isDuplicate(e) ? false : Promise.reject(e)));
      if (first) this.log?.warn({ event: 'ratingSkipped', gameId: id, players: players.length }, 'ranked game with fewer than two accounts of its ladder: not rated');
      return false;
    }
    try {
      return await this.db.transaction().execute(async (tx) => {
        await tx.insertInto('rated_games').values({ game_id: id, kind: p.kind.kind, created: Date.now() }).execute();
        await this.apply(tx, id, p.kind, players);
        return true;
      });
    } catch (e) {
      // Rated already (by an earlier 'finished', a replay or a catch-up): nothing changes.
      if (isDuplicate(e)) return false;
      throw e;
    }
  }

  /** Rates every finished ranked game of `games` not rated yet (after a restart: those finished while it was down). */
  async catchUp(games: readonly GameRecord[]): Promise<number> {
    const ranked = games.filter((g) => placementsOf(g) !== null);
    let n = 0;
    for (let i = 0; i < ranked.length; i += 500) {
      const chunk = ranked.slice(i, i + 500);
      const done = new Set((await this.db.selectFrom('rated_games').select('game_id').where('game_id', 'in', chunk.map((g) => g.id)).execute()).map((r) => r.game_id));
      for (const g of chunk) if (!done.has(g.id) && (await this.rateGame(g))) n++;
    }
    return n;
  }

  private async apply(tx: Transaction<PlayersDb>, gameId: string, kind: GameKind, players: { accountId: string; placement: number }[]): Promise<void> {
    let q = tx.selectFrom('ratings').selectAll().where('kind', '=', kind.kind).where('account_id', 'in', players.map((x) => x.accountId));
    if (this.postgres) q = q.forUpdate();
    const found = new Map((await q.execute()).map((r) => [r.account_id, r]));
    const before = players.map((x) => found.get(x.accountId) ?? fresh(x.accountId, kind.kind));
    const rated = rate(
      before.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
      { model: plackettLuce, rank: players.map((x) => x.placement) },
    );
    const now = Date.now();
    for (const [i, x] of players.entries()) {
      const b = before[i]!;
      const { mu, sigma } = rated[i]![0]!;
      const d = danAfter({ dan: b.dan, points: b.dan_points }, x.placement, kind.length);
      const row: RatingRow = { account_id: x.accountId, kind: kind.kind, mu, sigma, rating: ordinal({ mu, sigma }), games: b.games + 1, dan: d.dan, dan_points: d.points, updated: now };
      await tx
        .insertInto('ratings')
        .values(row)
        .onConflict((oc) => oc.columns(['account_id', 'kind']).doUpdateSet({ mu: row.mu, sigma: row.sigma, rating: row.rating, games: row.games, dan: row.dan, dan_points: row.dan_points, updated: row.updated }))
        .execute();
      await tx
        .insertInto('rating_changes')
        .values({
          game_id: gameId,
          account_id: x.accountId,
          kind: kind.kind,
          placement: x.placement,
          mu_before: b.mu,
          mu_after: mu,
          sigma_before: b.sigma,
          sigma_after: sigma,
          rating_before: b.rating,
          rating_after: row.rating,
          dan_before: b.dan,
          dan_after: d.dan,
          points_before: b.dan_points,
          points_after: d.points,
          created: now,
        })
        .execute();
    }
    this.log?.info({ event: 'rated', gameId, kind: kind.kind, players: players.map((x) => x.accountId) }, 'ranked game rated');
  }
}
