import { createEndpoint } from '@colyseus/core';
import type { QueueKind } from '@jantaku/shared/api/queue';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Accounts } from '../players/accounts';
import type { PlayersDb } from '../players/db';
import { leaderboard } from '../players/ratings';
import { sessionOf } from '../players/routes';
import type { Sessions } from '../players/sessions';
import { GAME_KINDS } from './kinds';
import { QueueError, type Queues } from './queue';

/**
 * The queues' and leaderboards' HTTP routes. A player joins with `POST /api/queue`, then asks
 * `GET /api/queue?wait=s` (a long poll, answered at once when its table is made) until it is
 * matched, and leaves with `DELETE /api/queue` (docs/RANKED.md says why HTTP and not a room).
 */
/** Longest a status request waits for a match, s: under the queue's stale time, so a poll in flight keeps a place. */
export const MAX_WAIT_SECONDS = 10;
export const BOARD_MAX = 100;

const Join = z.object({ kind: z.string().min(1).max(100) }).strict();
const fail = (status: number, error: string, reason: string, extra: object = {}) => Response.json({ error, reason, ...extra }, { status });

const STATUS: Record<QueueError['code'], number> = { NO_QUEUE: 404, GUESTS_NOT_RANKED: 403, BOTS_LADDER_ONLY: 403, PEOPLE_ONLY: 403, ALREADY_QUEUED: 409, NOT_QUEUED: 404, ALREADY_MATCHED: 409, IN_GAME: 409 };

/** A whole number in [min, max] from a query parameter, its default when absent, or null when malformed. */
function int(v: string | null, dflt: number, min: number, max: number): number | null {
  if (v === null) return dflt;
  if (!/^\d{1,6}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

export function queueRoutes(queues: Queues, accounts: Accounts, sessions: Sessions, db: Kysely<PlayersDb>, log: Logger) {
  /** A malformed request: logged (without the body), refused. */
  const malformed = (error: string, reason: string, route: string) => {
    log.info({ event: 'queueRefused', code: error, route }, 'malformed queue request refused');
    return fail(400, error, reason);
  };
  const asPlayer = async (request: Request | undefined, f: (a: NonNullable<Awaited<ReturnType<Accounts['ofSession']>>>) => Promise<Response>) => {
    const s = sessionOf(request, sessions);
    const a = s ? await accounts.ofSession(s) : null;
    if (!a) return fail(401, 'NO_SESSION', 'no valid session: log in first');
    try {
      return await f(a);
    } catch (e) {
      if (!(e instanceof QueueError)) throw e;
      if (e.code !== 'NOT_QUEUED') log.info({ event: 'queueRefused', account: a.id, code: e.code }, 'queue request refused');
      return fail(STATUS[e.code], e.code, e.message, e.table !== undefined ? { table: e.table } : {});
    }
  };
  const query = (request: Request | undefined) => new URL(request?.url ?? '/', 'http://x').searchParams;
  return {
    queueList: createEndpoint('/api/queues', { method: 'GET' }, async () => {
      const waiting = await queues.waiting();
      return Response.json({
        queues: [...GAME_KINDS.values()].map((k): QueueKind => ({ kind: k.kind, title: k.title, ruleset: k.ruleset, length: k.length, timeControl: k.timeControl, ladder: k.ladder, ranked: k.ranked, guests: !k.ranked, ...(k.botsAfterSeconds ? { botsAfterSeconds: queues.settings.botsAfterSeconds ?? k.botsAfterSeconds } : {}), waiting: waiting.get(k.kind) ?? 0 })),
      });
    }),
    queueJoin: createEndpoint('/api/queue', { method: 'POST' }, async (ctx) =>
      asPlayer(ctx.request, async (a) => {
        const b = Join.safeParse(ctx.body);
        if (!b.success) return malformed('BAD_BODY', 'expected { kind } (a string): GET /api/queues lists the kinds', 'POST /api/queue');
        return Response.json(await queues.join(a, b.data.kind));
      }),
    ),
    queueStatus: createEndpoint('/api/queue', { method: 'GET' }, async (ctx) =>
      asPlayer(ctx.request, async (a) => {
        const wait = int(query(ctx.request).get('wait'), 0, 0, MAX_WAIT_SECONDS);
        if (wait === null) return malformed('BAD_QUERY', `wait is a whole number of seconds, 0..${MAX_WAIT_SECONDS}`, 'GET /api/queue');
        return Response.json(await queues.wait(a.id, wait * 1000));
      }),
    ),
    queueLeave: createEndpoint('/api/queue', { method: 'DELETE' }, async (ctx) => asPlayer(ctx.request, async (a) => Response.json({ left: true, ...(await queues.leave(a.id)) }))),
    leaderboard: createEndpoint('/api/leaderboards/:kind', { method: 'GET' }, async (ctx) => {
      let kind: string;
      try {
        kind = decodeURIComponent(String(ctx.params.kind));
      } catch {
        kind = '';
      }
      const k = GAME_KINDS.get(kind);
      if (!k?.ranked) return fail(404, 'NO_LEADERBOARD', `no leaderboard ${kind.slice(0, 100)}: the ranked kinds of GET /api/queues have one`);
      const q = query(ctx.request);
      const limit = int(q.get('limit'), 50, 1, BOARD_MAX);
      const offset = int(q.get('offset'), 0, 0, 1_000_000);
      if (limit === null || offset === null) return malformed('BAD_QUERY', `limit is 1..${BOARD_MAX}, offset a whole number`, 'GET /api/leaderboards/:kind');
      return Response.json({ kind, ladder: k.ladder, players: await leaderboard(db, kind, limit, offset) });
    }),
  };
}
