import { createEndpoint } from '@colyseus/core';
import { z } from 'zod';
import type { Logger } from 'pino';
import { logger } from '../log';
import type { Accounts, PublicAccount } from '../players/accounts';
import { sessionOf } from '../players/routes';
import type { Sessions } from '../players/sessions';
import { csv, rulingsOf, standingsOf, type Book } from './book';
import { TournamentServiceError, type TournamentService } from './service';

/**
 * The tournaments' HTTP routes (docs/TOURNAMENTS.md). Reading is open to anyone (standings,
 * exports, the tables); what changes the event needs a session, and most of it the
 * tournament's organiser (or an admin): the role is read from the session's account each time.
 * Refusals are `{ error, reason }`, and a refused command writes nothing.
 */
const fail = (status: number, error: string, reason: string) => Response.json({ error, reason }, { status });

const Register = z.strictObject({ player: z.string().min(1).max(200).optional(), role: z.enum(['player', 'substitute']).optional() });
const Seat = z.strictObject({ tables: z.array(z.array(z.string().min(1).max(200))).max(200).optional() });
const Swap = z.strictObject({ a: z.string().min(1).max(200), b: z.string().min(1).max(200), reason: z.string().min(1).max(500) });
const Start = z.strictObject({ absent: z.array(z.strictObject({ player: z.string().min(1).max(200), substitute: z.string().min(1).max(200).optional(), note: z.string().max(500).optional() })).max(200).optional() });
const Late = z.strictObject({ hanchan: z.string().min(1).max(40), player: z.string().min(1).max(200), lateMs: z.number().int().min(0).max(24 * 3600_000) });
const Fault = z.strictObject({ player: z.string().min(1).max(200), rule: z.string().min(1).max(80), points: z.number().positive().max(1000), reason: z.string().min(1).max(500), hanchan: z.string().min(1).max(40).optional() });
const Reason = z.strictObject({ reason: z.string().min(1).max(500) });
const Abandon = z.strictObject({ player: z.string().min(1).max(200), missed: z.boolean().optional(), reason: z.string().min(1).max(500) });
const Reseat = z.strictObject({ seat: z.number().int().min(0).max(3), player: z.string().min(1).max(200), reason: z.string().min(1).max(500) });
const SwapSeats = z.strictObject({ seats: z.tuple([z.number().int().min(0).max(3), z.number().int().min(0).max(3)]), reason: z.string().min(1).max(500) });
const Disqualify = z.strictObject({ player: z.string().min(1).max(200), rule: z.string().min(1).max(80).default('WRC-P-DQ'), reason: z.string().min(1).max(500) });

const param = (v: unknown): string => {
  if (typeof v !== 'string') return '';
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

const csvResponse = (text: string, name: string) => new Response(text, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` } });

/** The penalty list: every ruling (automatic and manual) and the ledger's lateness and missed-hanchan points. */
function penaltiesOf(book: Book) {
  const names = new Map(book.state.people.map((p) => [p.id, p.name]));
  const rulings = rulingsOf(book).map((r) => ({
    id: r.id,
    at: r.at,
    kind: r.kind,
    player: r.name,
    playerId: r.player,
    rule: r.rule,
    points: r.points,
    penalty: r.penalty,
    hanchan: r.hanchan,
    game: r.game,
    hand: r.hand,
    by: r.by,
    reason: r.reason,
    counted: r.overturned === null && !r.cancelled,
    overturned: r.overturned,
    replay: r.replay,
  }));
  const ledger = book.state.ledger
    .filter((l) => l.rule === 'WRC-F-LATE-1-10' || l.rule === 'WRC-F-MISSED-PENALTY')
    .map((l) => ({ id: null, at: null, kind: 'ledger' as const, player: names.get(l.player) ?? l.player, playerId: l.player, rule: l.rule, points: l.points, penalty: { kind: 'points', points: l.points }, hanchan: l.hanchan ?? null, game: null, hand: null, by: 'ledger', reason: l.note ?? '', counted: l.counted, overturned: null, replay: null }));
  return [...rulings, ...ledger];
}

export function tournamentRoutes(service: TournamentService, accounts: Accounts, sessions: Sessions, log: Logger = logger) {
  const current = async (request: Request | undefined): Promise<PublicAccount | null> => {
    const s = sessionOf(request, sessions);
    return s ? accounts.ofSession(s) : null;
  };
  /** Runs `f`; a service refusal becomes its answer (logged: bad organiser input is worth seeing). */
  const guard = async (f: () => Promise<Response>): Promise<Response> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof TournamentServiceError) {
        log.info({ event: 'tournamentRefused', code: e.code, reason: e.message }, 'tournament command refused');
        return fail(e.status, e.code, e.message);
      }
      throw e;
    }
  };
  /** A command: a session, a body that parses, then `f`. */
  const command = <S extends z.ZodType>(request: Request | undefined, json: unknown, schema: S, f: (who: PublicAccount, body: z.infer<S>) => Promise<unknown>, status = 200) =>
    guard(async () => {
      const who = await current(request);
      if (!who) return fail(401, 'NO_SESSION', 'no valid session');
      const b = schema.safeParse(json ?? {});
      if (!b.success) return fail(400, 'BAD_BODY', b.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '));
      return Response.json(await f(who, b.data), { status });
    });
  const organiserOnly = async (request: Request | undefined, id: string) => {
    const who = await current(request);
    if (!who) return fail(401, 'NO_SESSION', 'no valid session');
    const t = await service.get(id);
    if (who.role !== 'admin' && !(who.role === 'organiser' && who.id === t.organiser)) return fail(403, 'NOT_ORGANISER', "only this tournament's organiser (or an admin) may see that");
    return t;
  };
  const standings = async (id: string) => {
    const t = await service.get(id);
    const played = t.book.rounds.filter((r) => r.started).length;
    return { t, body: { tournament: t.id, name: t.name, rounds: { seated: t.book.rounds.length, started: played, of: t.settings.rounds }, standings: standingsOf(t.book.state) } };
  };
  /** Every table of the round has played all its hanchans (each finished or void). */
  const roundOver = (r: Book['rounds'][number], book: Book, perRound: number) =>
    r.hanchans.length >= r.tables.length * perRound && r.hanchans.every((h) => ['finished', 'void'].includes(book.state.hanchans.find((x) => x.id === h.id)?.status ?? ''));
  const roundNumber = (v: unknown) => {
    const n = Number(param(v));
    return Number.isInteger(n) && n >= 1 ? n : 0;
  };

  return {
    tournamentCreate: createEndpoint('/api/tournaments', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, z.unknown(), (who, body) => service.create(who, body), 201)),
    tournamentList: createEndpoint('/api/tournaments', { method: 'GET' }, async () => guard(async () => Response.json({ tournaments: await service.list() }))),
    tournament: createEndpoint('/api/tournaments/:id', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const t = await service.get(param(ctx.params.id));
        const names = new Map(t.book.state.people.map((p) => [p.id, p.name]));
        const name = (id: string | null) => (id === null ? null : (names.get(id) ?? id));
        return Response.json({
          id: t.id,
          name: t.name,
          organiser: t.organiser,
          settings: t.settings,
          people: t.book.state.people.map((p) => ({ id: p.id, name: p.name, role: p.role, disqualified: p.disqualified?.rule ?? null })),
          rounds: t.book.rounds.map((r) => ({
            round: r.round,
            started: r.started,
            repeatPairs: r.repeatPairs,
            tables: r.tables.map((seats, i) => ({ table: i + 1, seats: seats.map(name) })),
            hanchans: r.hanchans.map((h) => {
              const s = t.book.state.hanchans.find((x) => x.id === h.id)!;
              // Duplicate: every table of the round has the same walls; nothing of one is shown until all are over.
              const hidden = t.settings.duplicate && !roundOver(r, t.book, t.settings.hanchansPerRound);
              const code = h.game && !hidden ? service.inviteOf(h.game) : null;
              const q = code ? `?code=${code}` : '';
              const live = t.settings.spectators === 'delayed' ? `commentate&code=${code}` : 'watch';
              return {
                id: h.id,
                table: h.table + 1,
                status: s.status,
                players: s.players.map(name),
                game: h.game,
                ended: h.ended,
                reseats: s.reseats.map((r) => ({ ...r, from: name(r.from), to: name(r.to) })),
                watch: h.game && !hidden ? `/#/table/${h.game}?${live}` : null,
                logs: h.game && !hidden && service.gameStatus(h.game) === 'finished' ? { tenhou6: `/api/games/${h.game}/tenhou6${q}`, mjai: `/api/games/${h.game}/mjai${q}` } : null,
              };
            }),
          })),
        });
      }),
    ),
    tournamentRegister: createEndpoint('/api/tournaments/:id/players', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Register, (who, b) => service.register(param(ctx.params.id), who, b), 201)),
    tournamentSeat: createEndpoint('/api/tournaments/:id/rounds', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Seat, (who, b) => service.seatRound(param(ctx.params.id), who, b), 201)),
    tournamentSwap: createEndpoint('/api/tournaments/:id/rounds/:round/swap', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Swap, (who, b) => service.swap(param(ctx.params.id), who, roundNumber(ctx.params.round), b))),
    tournamentStart: createEndpoint('/api/tournaments/:id/rounds/:round/start', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Start, (who, b) => service.startRound(param(ctx.params.id), who, roundNumber(ctx.params.round), b))),
    tournamentLate: createEndpoint('/api/tournaments/:id/late', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Late, (who, b) => service.late(param(ctx.params.id), who, b), 201)),
    tournamentFault: createEndpoint('/api/tournaments/:id/faults', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Fault, (who, b) => service.manualFault(param(ctx.params.id), who, b), 201)),
    tournamentOverturn: createEndpoint('/api/tournaments/:id/rulings/:ruling/overturn', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, Reason, (who, b) => service.overturn(param(ctx.params.id), who, param(ctx.params.ruling), b.reason), 201),
    ),
    tournamentVoid: createEndpoint('/api/tournaments/:id/hanchans/:hanchan/void', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, Reason, (who, b) => service.voidHanchan(param(ctx.params.id), who, param(ctx.params.hanchan), b.reason), 201),
    ),
    tournamentAbandon: createEndpoint('/api/tournaments/:id/hanchans/:hanchan/abandon', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, Abandon, (who, b) => service.abandon(param(ctx.params.id), who, param(ctx.params.hanchan), b), 201),
    ),
    tournamentEnd: createEndpoint('/api/tournaments/:id/hanchans/:hanchan/end', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, Reason, (who, b) => service.endHanchan(param(ctx.params.id), who, param(ctx.params.hanchan), b.reason), 201),
    ),
    tournamentReseat: createEndpoint('/api/tournaments/:id/hanchans/:hanchan/reseat', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, Reseat, (who, b) => service.reseat(param(ctx.params.id), who, param(ctx.params.hanchan), b), 201),
    ),
    tournamentSwapSeats: createEndpoint('/api/tournaments/:id/hanchans/:hanchan/swap', { method: 'POST' }, async (ctx) =>
      command(ctx.request, ctx.body, SwapSeats, (who, b) => service.swapSeats(param(ctx.params.id), who, param(ctx.params.hanchan), b), 201),
    ),
    tournamentDisqualify: createEndpoint('/api/tournaments/:id/disqualify', { method: 'POST' }, async (ctx) => command(ctx.request, ctx.body, Disqualify, (who, b) => service.disqualify(param(ctx.params.id), who, b), 201)),
    tournamentStandings: createEndpoint('/api/tournaments/:id/standings', { method: 'GET' }, async (ctx) => guard(async () => Response.json((await standings(param(ctx.params.id))).body))),
    tournamentStandingsCsv: createEndpoint('/api/tournaments/:id/standings.csv', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const { t, body } = await standings(param(ctx.params.id));
        const rows = body.standings.map((s) => [s.rank ?? '', s.player, s.id, s.role, s.total, s.games, s.penalties, s.ledger, s.tablePoints, s.hanchans.filter((h) => h.kind === 'played').length, s.disqualified ?? '']);
        return csvResponse(csv(['rank', 'player', 'id', 'role', 'total', 'games', 'penalties', 'ledger', 'table points', 'hanchans', 'disqualified'], rows), `${t.id}-standings.csv`);
      }),
    ),
    tournamentPenalties: createEndpoint('/api/tournaments/:id/penalties', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const t = await service.get(param(ctx.params.id));
        return Response.json({ tournament: t.id, penalties: penaltiesOf(t.book) });
      }),
    ),
    tournamentPenaltiesCsv: createEndpoint('/api/tournaments/:id/penalties.csv', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const t = await service.get(param(ctx.params.id));
        const rows = penaltiesOf(t.book).map((p) => [p.at ?? '', p.player ?? '', p.rule, p.points, p.kind, p.hanchan ?? '', p.game ?? '', p.hand ?? '', p.by, p.reason, p.counted ? 'yes' : 'no', p.overturned ? `${p.overturned.by}: ${p.overturned.reason}` : '']);
        return csvResponse(csv(['at', 'player', 'rule', 'points', 'kind', 'hanchan', 'game', 'hand', 'by', 'reason', 'counted', 'overturned'], rows), `${t.id}-penalties.csv`);
      }),
    ),
    // The EMA's results file: one line per ranked player, by position (docs/TOURNAMENTS.md).
    tournamentEma: createEndpoint('/api/tournaments/:id/ema.csv', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const { t, body } = await standings(param(ctx.params.id));
        const rows = body.standings.filter((s) => s.rank !== null).map((s) => [s.rank, s.player, '', '', s.total, s.tablePoints]);
        return csvResponse(csv(['Position', 'Name', 'EMA number', 'Country', 'Points', 'Score'], rows), `${t.id}-ema.csv`);
      }),
    ),
    tournamentDesk: createEndpoint('/api/tournaments/:id/desk', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const t = await organiserOnly(ctx.request, param(ctx.params.id));
        if (t instanceof Response) return t;
        return Response.json({ tournament: t.id, rulings: rulingsOf(t.book) });
      }),
    ),
    tournamentLog: createEndpoint('/api/tournaments/:id/log', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const t = await organiserOnly(ctx.request, param(ctx.params.id));
        if (t instanceof Response) return t;
        return Response.json({ tournament: t.id, lines: t.book.lines.map((l) => ({ ...l, at: new Date(l.at).toISOString() })) });
      }),
    ),
    tournamentNext: createEndpoint('/api/tournaments/:id/next', { method: 'GET' }, async (ctx) =>
      guard(async () => {
        const who = await current(ctx.request);
        if (!who) return fail(401, 'NO_SESSION', 'no valid session');
        return Response.json({ next: await service.nextTable(param(ctx.params.id), who) });
      }),
    ),
  };
}
