import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalStandings } from '@jantaku/shared/game/end';
import { Referee } from '@jantaku/shared/referee/referee';
import { Tournament } from '@jantaku/shared/referee/tournament';
import { DB_FILE, PLAYERS_FILE } from '../../server/src/index';
import { GameStore } from '../../server/src/store/index';
import { api, HttpError, runEvent, type EventResult } from '../../scripts/tournament-event';
import { spawnServer, type ServerProcess } from '../support/serverProcess';
import { freePort } from './harness';

// A tournament run by the server, end to end: `npm start`'s server in a child process (so it can
// be killed with -9 mid-round), SDK bot accounts over websockets, the organiser over HTTP.
const dir = mkdtempSync(join(tmpdir(), 'jantaku-tournament-'));
const secret = 'tournament-test-secret';
let port = 0;
let child: ServerProcess | null = null;
const base = () => `http://127.0.0.1:${port}`;

async function startChild(): Promise<void> {
  // One session secret across restarts: the players' sessions outlive the crash.
  child = spawnServer(port, dir, { JANTAKU_SECRET: secret, LOG_LEVEL: 'silent' });
  await child.healthy(60_000);
}

beforeAll(async () => {
  port = await freePort();
});

afterAll(() => {
  if (child?.child.exitCode === null) child.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The operator makes an account an organiser in the players store (there is no route for it). */
function setRole(id: string, role: string): Promise<void> {
  const db = new Database(join(dir, PLAYERS_FILE));
  try {
    db.prepare('UPDATE accounts SET role = ? WHERE id = ?').run(role, id);
  } finally {
    db.close();
  }
  return Promise.resolve();
}

interface Info {
  people: { id: string; name: string; role: 'player' | 'substitute' }[];
  rounds: { round: number; tables: { seats: string[] }[]; hanchans: { id: string; table: number; game: string; status: string }[] }[];
}
interface Standing {
  id: string;
  player: string;
  rank: number | null;
  total: number;
  penalties: number;
}

const lines = async (id: string, token: string) => (await api<{ lines: { seq: number; kind: string; by: string; data?: unknown }[] }>(base(), 'GET', `/api/tournaments/${id}/log`, undefined, token)).lines;
const standings = async (id: string) => (await api<{ standings: Standing[] }>(base(), 'GET', `/api/tournaments/${id}/standings`)).standings;

let event: EventResult;
let killedAt: { lines: unknown[]; round: number } | null = null;

describe('tournaments run by the server', () => {
  it('16 bot accounts × 4 rounds of tonpuusen: faults forced, a late arrival, a substitute, a kill -9 mid-round; no pair meets twice; the standings are the ledger of the games’ logs', async () => {
    await startChild();
    event = await runEvent({
      url: `ws://127.0.0.1:${port}`,
      players: 16,
      rounds: 4,
      setRole,
      onRoundStarted: async (round, id, organiser) => {
        if (round !== 2) return;
        // Mid-round: every table well into its game, then kill -9 and start again on the same data.
        const info = await api<Info>(base(), 'GET', `/api/tournaments/${id}`);
        const games = info.rounds[1].hanchans.map((h) => h.game);
        for (;;) {
          const counts = await Promise.all(games.map(async (g) => (await api<{ commands: number }>(base(), 'GET', `/api/games/${g}`)).commands));
          if (counts.every((n) => n >= 40)) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const before = await lines(id, organiser);
        child!.child.kill('SIGKILL');
        await child!.exited;
        killedAt = { lines: before, round };
        await startChild();
      },
    });
    expect(killedAt).not.toBeNull();
    const id = event.tournament;
    const token = event.organiser;

    // Nothing written before the crash is lost: the log after it starts with the same lines.
    const after = await lines(id, token);
    expect(after.slice(0, killedAt!.lines.length)).toEqual(killedAt!.lines);
    expect(after.length).toBeGreaterThan(killedAt!.lines.length);

    const info = await api<Info>(base(), 'GET', `/api/tournaments/${id}`);
    expect(info.rounds).toHaveLength(4);
    for (const r of info.rounds) {
      expect(r.hanchans).toHaveLength(4);
      expect(r.hanchans.every((h) => h.status === 'finished')).toBe(true);
    }
    expect(event.tables).toBe(16);
    // The precomputed schedule (the affine plane of order 4): 16 players over 4 rounds, no pair twice.
    expect(event.repeatPairs).toBe(0);
    const met = new Set<string>();
    for (const r of info.rounds)
      for (const tb of r.tables)
        for (const a of tb.seats)
          for (const b of tb.seats) {
            if (a >= b) continue;
            expect(met.has(`${a}|${b}`), `${a} and ${b} meet twice`).toBe(false);
            met.add(`${a}|${b}`);
          }
    expect(event.late?.lateMs).toBeGreaterThan(0);
    expect(event.substitute).not.toBeNull();

    // The referee desk: the forced faults' rulings, newest first, each with its rule and a replay link.
    const desk = (await api<{ rulings: { id: string; rule: string; player: string; hanchan: string; replay: string; points: number; cancelled: boolean; overturned: unknown }[] }>(base(), 'GET', `/api/tournaments/${id}/desk`, undefined, token)).rulings;
    const falseRon = event.forced.find((f) => f.kind === 'falseRon')!;
    const chombo = desk.find((r) => r.hanchan === falseRon.hanchan && r.player === falseRon.player && r.rule === 'WRC-F-FALSE-WIN-REVEALED' && !r.cancelled);
    expect(chombo).toMatchObject({ points: 20, overturned: null });
    expect(chombo!.replay).toMatch(new RegExp(`^/#/replay/[^?]+\\?hand=\\d+$`));
    // Nobody but the organiser sees the desk.
    const playerToken = await api<{ token: string }>(base(), 'POST', '/api/guests', {});
    await expect(api(base(), 'GET', `/api/tournaments/${id}/desk`, undefined, playerToken.token)).rejects.toMatchObject({ status: 403 });

    // A manual fault (10 points) and an overturned automatic ruling move the standings.
    const before = await standings(id);
    // Two players other than the false ron's: one gets a manual fault, the other is disqualified.
    const [victim, dq] = [...event.accounts].filter(([n, id]) => n.startsWith('Player') && id !== falseRon.player).map(([, id]) => id);
    const manual = await api<{ seq: number }>(base(), 'POST', `/api/tournaments/${id}/faults`, { player: victim, rule: 'WRC-F-PHONE', points: 10, reason: 'phone rang at the table' }, token);
    await api(base(), 'POST', `/api/tournaments/${id}/rulings/${encodeURIComponent(chombo!.id)}/overturn`, { reason: 'the referee saw the discard was claimable: no false win' }, token);
    const afterRulings = await standings(id);
    const total = (rows: Standing[], who: string) => rows.find((s) => s.id === who)!.total;
    expect(total(afterRulings, victim)).toBeCloseTo(total(before, victim) - 10, 5);
    expect(afterRulings.find((s) => s.id === victim)!.penalties).toBeCloseTo(before.find((s) => s.id === victim)!.penalties + 10, 5);
    expect(total(afterRulings, falseRon.player)).toBeCloseTo(total(before, falseRon.player) + 20, 5);
    // Both stay in the audit log, the original ruling too, with who did them and why.
    const audit = await lines(id, token);
    expect(audit.slice(0, after.length)).toEqual(after);
    const org = (await api<{ account: { id: string } }>(base(), 'GET', '/api/me', undefined, token)).account.id;
    expect(audit.at(-2)).toMatchObject({ seq: manual.seq, kind: 'event', by: org, reason: 'phone rang at the table' });
    expect(audit.at(-1)).toMatchObject({ kind: 'overturn', by: org, ruling: chombo!.id });
    const desk2 = (await api<{ rulings: { id: string; overturned: { by: string; reason: string } | null }[] }>(base(), 'GET', `/api/tournaments/${id}/desk`, undefined, token)).rulings;
    expect(desk2[0].id).toBe(`L${manual.seq}`);
    expect(desk2.find((r) => r.id === chombo!.id)!.overturned).toMatchObject({ by: org, reason: expect.stringContaining('claimable') });
    await expect(api(base(), 'POST', `/api/tournaments/${id}/rulings/${encodeURIComponent(chombo!.id)}/overturn`, { reason: 'again' }, token)).rejects.toMatchObject({ status: 409 });
    // A disqualification (WRC-P-DQ) takes the player out of the ranking; a rule that allows none is refused.
    await expect(api(base(), 'POST', `/api/tournaments/${id}/disqualify`, { player: dq, rule: 'WRC-F-LATE-1-10', reason: 'x' }, token)).rejects.toMatchObject({ status: 409, body: { error: 'REFUSED' } });
    await api(base(), 'POST', `/api/tournaments/${id}/disqualify`, { player: dq, reason: 'cheating seen by the referee' }, token);
    const moved = await standings(id);
    expect(moved.find((s) => s.id === dq)).toMatchObject({ rank: null, disqualified: 'WRC-P-DQ' });
    expect(moved.filter((s) => s.rank !== null)).toHaveLength(15);

    // The CSV says the same.
    const csv = await (await fetch(`${base()}/api/tournaments/${id}/standings.csv`)).text();
    const rows = csv.trim().split('\r\n').slice(1).map((l) => l.split(','));
    expect(rows.map((r) => [r[0] === '' ? null : Number(r[0]), r[2], Number(r[4])])).toEqual(moved.map((s) => [s.rank, s.id, s.total]));
    const ema = await (await fetch(`${base()}/api/tournaments/${id}/ema.csv`)).text();
    expect(ema.split('\r\n')[0]).toBe('Position,Name,EMA number,Country,Points,Score');
    expect(ema.trim().split('\r\n')).toHaveLength(1 + 15);

    // Independently: the shared ledger fed with each game's log replayed from the games' store,
    // the late arrival, the substitute, the manual fault and the overturned chombo.
    child!.child.kill('SIGTERM');
    await child!.exited;
    const store = new GameStore({ path: join(dir, DB_FILE) });
    try {
      const t = new Tournament({ name: 'check' });
      for (const p of info.people) t.apply({ type: 'register', id: p.id, name: p.name, role: p.role });
      const names = new Map(info.people.map((p) => [p.name, p.id]));
      for (const r of info.rounds) {
        for (const h of r.hanchans) {
          t.schedule(h.id, 'wrc2015', r.tables[h.table - 1].seats.map((n) => names.get(n)!) as [string, string, string, string]);
          if (event.late?.hanchan === h.id) t.late(h.id, event.late.player, event.late.lateMs);
          if (event.substitute?.hanchan === h.id) t.missed(h.id, event.substitute.player, event.substitute.substitute, 'sent word: ill');
          const g = store.getGame(h.game)!;
          expect(g.status).toBe('finished');
          const ref = Referee.replay({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }, store.commands(h.game));
          let penalties = ref.game.penalties;
          let faults = ref.faults.map((f) => ({ ...f }));
          if (h.id === chombo!.hanchan) {
            // The overturned chombo: its fault cancelled, its 20 points not charged (the standings recomputed without them).
            const i = Number(chombo!.id.split('.')[1]);
            const f = ref.faults[i];
            const charged = penalties.findIndex((q) => q.seat === f.seat && q.rule === f.rule && q.hand === f.hand);
            expect(charged).toBeGreaterThanOrEqual(0);
            penalties = penalties.filter((_, k) => k !== charged);
            faults = faults.map((x, k) => (k === i ? { ...x, cancelled: true } : x));
          }
          t.record(h.id, finalStandings(ref.game.scores, ref.game.riichiSticks, g.rules, penalties), faults);
        }
      }
      t.penalty(victim, 'WRC-F-PHONE', 10, 'phone rang at the table');
      t.disqualify(dq, 'WRC-P-DQ', 'cheating seen by the referee');
      const ranking = t.ranking();
      const scores = t.scores();
      expect(moved.filter((s) => s.rank !== null).map((s) => ({ id: s.id, rank: s.rank, total: s.total }))).toEqual(ranking.map((r) => ({ id: r.player, rank: r.rank, total: r.total })));
      for (const s of moved) expect(s.total).toBeCloseTo(scores.find((x) => x.player === s.id)!.total, 5);
      // The late player's minute and the absent player's missed hanchan are in the ledger.
      expect(scores.find((x) => x.player === event.late!.player)!.ledger).toBeGreaterThanOrEqual(1);
      expect(scores.find((x) => x.player === event.substitute!.player)!.ledger).toBeGreaterThanOrEqual(30);
    } finally {
      store.close();
    }
    // 16 tables over four rounds, a restart among them: 15–50 s alone, more on a loaded machine.
  }, 300_000);

  it('bad organiser input gets a clear error and changes nothing; duplicate tables get one seed per round, never shown while playing; a table nobody came to is void', async () => {
    await startChild();
    const token = event.organiser;
    const call = (method: string, path: string, body?: unknown, as: string | null = token) => api(base(), method, path, body, as);
    const refused = async (p: Promise<unknown>, status: number, code: string) => {
      const e = await p.then(
        () => null,
        (x) => x,
      );
      expect(e).toBeInstanceOf(HttpError);
      expect(e).toMatchObject({ status, body: { error: code, reason: expect.any(String) } });
    };
    // A player cannot create a tournament.
    const guest = (await api<{ token: string }>(base(), 'POST', '/api/guests', {})).token;
    await refused(call('POST', '/api/tournaments', { name: 'x', ruleset: 'wrc2015', rounds: 1 }, guest), 403, 'NOT_ORGANISER');
    await refused(call('POST', '/api/tournaments', { name: 'x', ruleset: 'no-such-rules', rounds: 1 }), 400, 'BAD_SETTINGS');
    await refused(call('POST', '/api/tournaments', { name: 'x', ruleset: 'wrc2015', rounds: 1, overrides: { length: 'forever' } }), 400, 'BAD_SETTINGS');
    // A time control the tables would refuse is refused here, before any round could start.
    await refused(call('POST', '/api/tournaments', { name: 'x', ruleset: 'wrc2015', rounds: 1, timeControl: { kind: 'sundial' } }), 400, 'BAD_SETTINGS');
    await refused(call('POST', '/api/tournaments', ['not', 'settings']), 400, 'BAD_SETTINGS');
    await refused(call('GET', '/api/tournaments/no-such-event/standings'), 404, 'NOT_FOUND');

    // Eight of the event's players (two tables).
    const ids = [...event.accounts.entries()].filter(([n]) => n.startsWith('Player')).map(([, v]) => v).slice(0, 8);
    // A round whose table nobody comes to: the table closes (no game record), the hanchan is void, the round is over.
    const empty = ((await call('POST', '/api/tournaments', { name: 'Nobody came', ruleset: 'wrc2015', rounds: 1, joinSeconds: 1 })) as { id: string }).id;
    for (const p of ids.slice(0, 4)) await call('POST', `/api/tournaments/${empty}/players`, { player: p });
    await call('POST', `/api/tournaments/${empty}/rounds`, {});
    await call('POST', `/api/tournaments/${empty}/rounds/1/start`, {});

    const t = await call('POST', '/api/tournaments', { name: 'Duplicate cup', ruleset: 'wrc2015', overrides: { length: 'tonpuusen' }, rounds: 2, duplicate: true, joinSeconds: 3600, seating: 'random' });
    const id = (t as { id: string }).id;
    for (const p of ids) await call('POST', `/api/tournaments/${id}/players`, { player: p });
    const log0 = await lines(id, token);
    const unchanged = async () => expect(await lines(id, token)).toEqual(log0);

    await refused(call('POST', `/api/tournaments/${id}/players`, { player: 'Nobody Here' }), 404, 'UNKNOWN_PLAYER');
    await refused(call('POST', `/api/tournaments/${id}/players`, { player: ids[0] }), 409, 'ALREADY_REGISTERED');
    await refused(call('POST', `/api/tournaments/${id}/players`, { player: ids[0] }, guest), 403, 'NOT_ORGANISER');
    await refused(call('POST', `/api/tournaments/${id}/players`, { player: 5 }), 400, 'BAD_BODY');
    await refused(call('POST', `/api/tournaments/${id}/players`, { player: ids[0], admin: true }), 400, 'BAD_BODY');
    await refused(call('POST', `/api/tournaments/${id}/rounds/abc/start`, {}), 404, 'NO_ROUND');
    await refused(call('POST', `/api/tournaments/${id}/players`, {}, null), 401, 'NO_SESSION');
    // Seats that do not add up: a player twice, one missing, a stranger, a table of three.
    const tables = [ids.slice(0, 4), ids.slice(4, 8)];
    await refused(call('POST', `/api/tournaments/${id}/rounds`, { tables: [ids.slice(0, 4), [...ids.slice(4, 7), ids[0]]] }), 400, 'BAD_SEATING');
    await refused(call('POST', `/api/tournaments/${id}/rounds`, { tables: [ids.slice(0, 4)] }), 400, 'BAD_SEATING');
    await refused(call('POST', `/api/tournaments/${id}/rounds`, { tables: [ids.slice(0, 4), [...ids.slice(4, 7), event.accounts.get('Substitute 1')!]] }), 400, 'BAD_SEATING');
    await refused(call('POST', `/api/tournaments/${id}/rounds`, { tables: [ids.slice(0, 3), ids.slice(3, 8)] }), 400, 'BAD_SEATING');
    await refused(call('POST', `/api/tournaments/${id}/rounds/1/start`, {}), 404, 'NO_ROUND');
    await refused(call('POST', `/api/tournaments/${id}/faults`, { player: ids[0], rule: 'NOT-A-RULE', points: 5, reason: 'x' }), 400, 'UNKNOWN_RULE');
    await refused(call('POST', `/api/tournaments/${id}/faults`, { player: ids[0], rule: 'WRC-F-PHONE', points: -5, reason: 'x' }), 400, 'BAD_BODY');
    await unchanged();

    // The organiser's own seating, then started once: a second start is refused and changes nothing.
    await call('POST', `/api/tournaments/${id}/rounds`, { tables });
    await refused(call('POST', `/api/tournaments/${id}/rounds`, {}), 409, 'ROUND_NOT_STARTED');
    // Two starts at once: one goes through, the other is refused (commands of a tournament run one at a time).
    const both = await Promise.allSettled([0, 1].map(() => call('POST', `/api/tournaments/${id}/rounds/1/start`, {})));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, body: { error: 'ROUND_STARTED' } } });
    const started = await lines(id, token);
    expect(started.filter((l) => l.kind === 'started')).toHaveLength(1);
    expect(started.filter((l) => l.kind === 'table')).toHaveLength(2);
    await refused(call('POST', `/api/tournaments/${id}/rounds/1/start`, {}), 409, 'ROUND_STARTED');
    await refused(call('POST', `/api/tournaments/${id}/rounds/1/swap`, { a: ids[0], b: ids[5], reason: 'x' }), 409, 'ROUND_STARTED');
    await refused(call('POST', `/api/tournaments/${id}/rounds`, {}), 409, 'ROUND_NOT_OVER');
    await refused(call('POST', `/api/tournaments/${id}/late`, { hanchan: 'r1t1h1', player: ids[5], lateMs: 1000 }), 409, 'REFUSED');
    await refused(call('POST', `/api/tournaments/${id}/hanchans/r1t1h1/abandon`, { player: ids[5], reason: 'x' }), 409, 'REFUSED');
    await refused(call('POST', `/api/tournaments/${id}/hanchans/r9t9h9/abandon`, { player: ids[0], reason: 'x' }), 409, 'REFUSED');
    expect(await lines(id, token)).toEqual(started);
    // A player who leaves, treated as a missed hanchan: 0 for it and the missed-hanchan points.
    await call('POST', `/api/tournaments/${id}/hanchans/r1t1h1/abandon`, { player: ids[0], missed: true, reason: 'left: unwell' });
    const left = (await standings(id)).find((s) => s.id === ids[0])!;
    expect(left.penalties).toBe(30);
    expect(left.total).toBe(-30);

    // Duplicate: both tables of the round have the same walls (one seed), which no client is shown while they play.
    const info = await api<Info>(base(), 'GET', `/api/tournaments/${id}`);
    const games = info.rounds[0].hanchans.map((h) => h.game);
    expect(games).toHaveLength(2);
    // While the round is played, no table of it is shown: private, no watch link, its records unanswered.
    expect(info.rounds[0].hanchans.map((h) => (h as unknown as { watch: unknown }).watch)).toEqual([null, null]);
    for (const g of games)
      for (const sub of ['', '/fairness', '/replay']) await refused(api(base(), 'GET', `/api/games/${g}${sub}`), 404, 'NOT_FOUND');

    for (;;) {
      const e = await api<Info>(base(), 'GET', `/api/tournaments/${empty}`);
      if (e.rounds[0].hanchans[0].status !== 'scheduled') {
        expect(e.rounds[0].hanchans[0].status).toBe('void');
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const voided = (await lines(empty, token)).at(-1) as unknown as { kind: string; by: string; event: { type: string; rule: string } };
    expect(voided).toMatchObject({ kind: 'event', by: 'server', event: { type: 'void', rule: 'RUS-SPECIAL-ABANDON' } });
    child!.child.kill('SIGKILL');
    await child!.exited;
    const store = new GameStore({ path: join(dir, DB_FILE) });
    try {
      const [a, b] = games.map((g) => store.getGame(g)!);
      expect(a.seed).toBe(b.seed);
      const deal = (g: typeof a) => new Referee({ rules: g.rules, seed: g.seed, wallAlgorithm: g.wallAlgorithm }).game.seats.map((s) => [...s.hand]);
      expect(deal(a)).toEqual(deal(b));
      expect(deal(a).flat()).toHaveLength(53);
      // Without the duplicate option (the event above) each table has its own walls.
      const [c, d] = event.games.slice(0, 2).map((g) => store.getGame(g)!);
      expect(c.seed).not.toBe(d.seed);
      expect(deal(c)).not.toEqual(deal(d));
    } finally {
      store.close();
    }
  });

  it('7 players, Swiss, 2 hanchans a round: a substitute fills the missing seat from the start, unranked; round two seats the best four together', async () => {
    await startChild();
    let afterRound1: Standing[] = [];
    const e = await runEvent({
      url: `ws://127.0.0.1:${port}`,
      players: 7,
      rounds: 2,
      prefix: 'S ',
      setRole,
      settings: { seating: 'swiss', hanchansPerRound: 2 },
      onRoundSeated: async (round, id) => {
        if (round === 2) afterRound1 = await standings(id);
      },
    });
    const fill = e.accounts.get('S Substitute 1')!;
    const audit = await lines(e.tournament, e.organiser);
    const schedules = audit.filter((l) => l.kind === 'event' && (l as { event?: { type: string } }).event?.type === 'schedule').map((l) => (l as unknown as { event: { id: string; seats: string[]; fill?: number[] } }).event);
    // 2 rounds × 2 tables × 2 hanchans, each table's second hanchan with the first's seats.
    expect(schedules.map((h) => h.id).sort()).toEqual(['r1t1h1', 'r1t1h2', 'r1t2h1', 'r1t2h2', 'r2t1h1', 'r2t1h2', 'r2t2h1', 'r2t2h2']);
    const byId = new Map(schedules.map((h) => [h.id, h]));
    for (const h of schedules.filter((x) => x.id.endsWith('h2'))) expect(h.seats).toEqual(byId.get(h.id.replace(/h2$/, 'h1'))!.seats);
    // Each round: one table with the substitute in a seat named in `fill`, the other with four players.
    for (const round of [1, 2].map((r) => schedules.filter((h) => h.id.startsWith(`r${r}t`) && h.id.endsWith('h1')))) {
      const withSub = round.filter((h) => h.seats.includes(fill));
      expect(withSub).toHaveLength(1);
      expect(withSub[0].fill).toEqual([withSub[0].seats.indexOf(fill)]);
      expect(round.find((h) => !h.seats.includes(fill))!.fill).toBeUndefined();
    }
    // Swiss: the four best after round one at the first table of round two.
    const top = afterRound1.filter((s) => s.rank !== null).slice(0, 4).map((s) => s.id);
    expect([...byId.get('r2t1h1')!.seats].sort()).toEqual([...top].sort());
    const final = await standings(e.tournament);
    expect(final.filter((s) => s.rank !== null)).toHaveLength(7);
    const sub = final.find((s) => s.id === fill)!;
    expect(sub.rank).toBeNull();
    const games = (await api<{ standings: { id: string; hanchans: { kind: string }[] }[] }>(base(), 'GET', `/api/tournaments/${e.tournament}/standings`)).standings.find((s) => s.id === fill)!.hanchans;
    expect(games.filter((h) => h.kind === 'played')).toHaveLength(4);
    child!.child.kill('SIGTERM');
    await child!.exited;
  });
});
