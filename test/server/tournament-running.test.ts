import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, play, type JantakuClient } from '@jantaku/client-sdk';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { finalStandings } from '@jantaku/shared/game/end';
import type { Command, LegalAction } from '@jantaku/shared/game/types';
import type { TableView } from '@jantaku/shared/game/views';
import { Referee } from '@jantaku/shared/referee/referee';
import { globalScores, rankingOf, reduceTournament, type TournamentEvent } from '@jantaku/shared/referee/tournament';
import { api, HttpError } from '../../scripts/tournament-event';
import { createServer } from '../../server/src/index';
import { startServer } from './harness';

/** The server as createServer makes it: its stores and services. */
const parts = (s: { server: unknown }) => s.server as ReturnType<typeof createServer>;

/**
 * A running tournament table, over real websockets and the real SQLite stores: the organiser
 * corrects its seats between hands (a wrong player sent; two seats swapped) and ends its hanchan
 * after the hand in play; bad input is refused with its code and changes nothing; the standings
 * are what `reduceTournament` computes from the schedule, the corrections and the game's log.
 */
let served: Awaited<ReturnType<typeof startServer>>;
let http = '';

beforeAll(async () => {
  served = await startServer();
  http = served.url.replace(/^ws/, 'http');
});

afterAll(async () => {
  await served.server.gracefullyShutdown(false);
  rmSync(served.dataDir, { recursive: true, force: true });
});

interface Person {
  id: string;
  name: string;
  client: JantakuClient;
}

/** A bot that waits at `gate` while it is closed: the hand in play stays in play. */
function gated(gate: { closed: boolean; waiting: boolean; open?: () => void }) {
  return async (view: TableView, legal: LegalAction[]): Promise<Command> => {
    if (gate.closed) {
      gate.waiting = true;
      await new Promise<void>((resolve) => (gate.open = resolve));
      gate.waiting = false;
    }
    return efficiencyBot(view, legal);
  };
}

const until = async (ok: () => boolean | Promise<boolean>) => {
  while (!(await ok())) await new Promise((r) => setTimeout(r, 50));
};

/** Joins the account's game, holds each hand's result until told (so the table waits between hands), plays. */
async function sit(p: Person, game: string, bot = efficiencyBot as (v: TableView, l: LegalAction[]) => Command | Promise<Command>) {
  const table = await p.client.join(game);
  table.holdResults(true);
  const left = new Promise<{ code: number; reason?: string }>((resolve) => table.on('leave', resolve));
  const done = play(table, bot, { thinkMs: 600_000 }).catch((e: Error) => e);
  return { table, left, done };
}

it('seats corrected between hands and a hanchan ended after its hand in play; refusals change nothing; the standings are the ledger’s', async () => {
  const org = connect(served.url);
  const o = await org.register('Running Organiser', 'organiser password 1');
  await parts(served).accounts.db.updateTable('accounts').set({ role: 'organiser' }).where('id', '=', o.id).execute();
  const token = org.session!;
  const call = <T = any>(method: string, path: string, body?: unknown, as: string | null = token) => api<T>(http, method, path, body, as);
  const people: Person[] = [];
  for (const name of ['Ann', 'Ben', 'Cat', 'Dan', 'Sub']) {
    const bot = await org.createBot(name);
    const { key } = await org.createKey(name);
    const client = connect(served.url);
    await client.loginWithKey(key);
    people.push({ id: bot.id, name, client });
  }
  const sub = people.pop()!;
  const t = await call<{ id: string }>('POST', '/api/tournaments', { name: 'Corrections', ruleset: 'wrc2015', overrides: { length: 'tonpuusen' }, rounds: 1, seating: 'random', joinSeconds: 60, handPauseMs: 0, botDelayMs: 0 });
  for (const p of people) await call('POST', `/api/tournaments/${t.id}/players`, { player: p.id });
  await call('POST', `/api/tournaments/${t.id}/players`, { player: sub.id, role: 'substitute' });
  const seated = await call<{ tables: string[][] }>('POST', `/api/tournaments/${t.id}/rounds`, {});
  const seats = seated.tables[0].map((id) => people.find((p) => p.id === id)!);
  await call('POST', `/api/tournaments/${t.id}/rounds/1/start`, {});
  const info = await call<{ rounds: { hanchans: { id: string; game: string }[] }[] }>('GET', `/api/tournaments/${t.id}`);
  const { id: hanchan, game } = info.rounds[0].hanchans[0];
  const lines = async () => (await call<{ lines: unknown[] }>('GET', `/api/tournaments/${t.id}/log`)).lines;
  const refused = async (p: Promise<unknown>, status: number, error: string) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(HttpError);
    expect({ status: (e as HttpError).status, error: (e as HttpError).body.error }).toEqual({ status, error });
  };

  // Seat 0's bot waits at its first move: the first hand stays in play.
  const gate: { closed: boolean; waiting: boolean; open?: () => void } = { closed: true, waiting: false };
  const at = await Promise.all(seats.map((p, i) => sit(p, game, i === 0 ? gated(gate) : undefined)));
  at.forEach((s, i) => expect(s.table.seat).toBe(i));
  await until(() => gate.waiting);

  // Bad input, in a hand: each refused with its code, the log as it was.
  const before = await lines();
  const path = (what: string, h = hanchan) => `/api/tournaments/${t.id}/hanchans/${h}/${what}`;
  await refused(call('POST', path('reseat'), { seat: 3, player: sub.id, reason: 'wrong player' }), 409, 'NOT_BETWEEN_HANDS');
  await refused(call('POST', path('swap'), { seats: [0, 1], reason: 'winds' }), 409, 'NOT_BETWEEN_HANDS');
  await refused(call('POST', path('reseat'), { seat: 3, player: 'nobody-at-all', reason: 'x' }), 404, 'UNKNOWN_PLAYER');
  await refused(call('POST', path('reseat', 'r9t1h1'), { seat: 3, player: sub.id, reason: 'x' }), 404, 'NO_HANCHAN');
  await refused(call('POST', path('end', 'r9t1h1'), { reason: 'x' }), 404, 'NO_HANCHAN');
  await refused(call('POST', path('reseat'), { seat: 7, player: sub.id, reason: 'x' }), 400, 'BAD_BODY');
  await refused(call('POST', path('swap'), { seats: [2, 2], reason: 'x' }), 400, 'BAD_SEAT');
  await refused(call('POST', path('reseat'), { seat: 3, player: sub.id, reason: 'x' }, seats[1].client.session), 403, 'NOT_ORGANISER');
  await refused(call('POST', path('end'), { reason: 'x' }, seats[1].client.session), 403, 'NOT_ORGANISER');
  expect(await lines()).toEqual(before);

  // The first hand ends; the table waits for its players' results.
  gate.closed = false;
  gate.open!();
  await until(() => at[0].table.state.phase === 'handEnded');
  const scoresAfterHand1 = Array.from(at[0].table.state.seats).map((s) => s.score);

  // A ledger refusal: Ben (seat 1) cannot also take seat 3.
  await refused(call('POST', path('reseat'), { seat: 3, player: seats[1].id, reason: 'x' }), 409, 'REFUSED');
  expect(await lines()).toEqual(before);

  // The wrong player was sent to seat 3: the substitute holds it from the next hand on.
  await call('POST', path('reseat'), { seat: 3, player: sub.id, reason: 'the wrong player was sent' });
  expect(await at[3].left).toMatchObject({ code: 4102 });
  expect((await at[3].done) as Error).toBeInstanceOf(Error);
  // Seats 0 and 1 exchange their accounts.
  await call('POST', path('swap'), { seats: [0, 1], reason: 'winds were drawn the wrong way round' });
  expect((await at[0].left).code).toBe(4102);
  expect((await at[1].left).code).toBe(4102);
  // The game store keeps the seats' accounts (a restarted table knows them).
  expect((parts(served).store.getGame(game)!.options.service as { seats: string[] }).seats).toEqual([seats[1].id, seats[0].id, seats[2].id, sub.id]);
  // Their sessions take the seats now theirs; each seat's score went on.
  const now = [await sit(seats[1], game), await sit(seats[0], game), at[2], await sit(sub, game)];
  expect(now.map((s) => s.table.seat)).toEqual([0, 1, 2, 3]);
  expect(Array.from(now[0].table.state.seats).map((s) => s.score)).toEqual(scoresAfterHand1);
  expect(Array.from(now[0].table.state.seats).map((s) => s.name)).toEqual([seats[1].name, seats[0].name, seats[2].name, sub.name]);
  // The former holder of seat 3 is no longer seated there.
  await expect(seats[3].client.join(game, { seat: 3 })).rejects.toThrow(/SEAT_RESERVED/);

  // The next hand: ended after it by the organiser (a time limit); if it has ended already, the game ends now.
  for (const s of now) s.table.ready();
  await until(() => now[0].table.state.hands >= 2);
  const end = await call<{ kind: string; by: string; hand: number; reason: string }>('POST', path('end'), { reason: 'time is up' });
  expect(end).toMatchObject({ kind: 'end', by: o.id, reason: 'time is up' });
  await refused(call('POST', path('end'), { reason: 'again' }), 409, 'ALREADY_ENDING');
  // Kept in the game store: a table restarted before its hand ended still ends after it.
  expect(parts(served).store.getGame(game)!.options.service).toMatchObject({ endAfterHand: true });
  await until(async () => (await call<{ rounds: { hanchans: { status: string }[] }[] }>('GET', `/api/tournaments/${t.id}`)).rounds[0].hanchans[0].status === 'finished');
  for (const s of now) await s.done;

  // The game: ended by the table's endGame entry right after the hand in play; without it the game would go on.
  const record = parts(served).store.getGame(game)!;
  const log = parts(served).store.commands(game);
  expect(log.at(-1)).toEqual({ seat: -1, command: { type: 'endGame' } });
  const opts = { rules: record.rules, seed: record.seed, wallAlgorithm: record.wallAlgorithm };
  const cut = Referee.replay(opts, log.slice(0, -1)).game;
  expect(cut.phase).toBe('handEnded');
  const ref = Referee.replay(opts, log);
  expect(ref.game.phase).toBe('gameOver');
  expect(ref.game.hands.length).toBe(end.hand);
  // Scores as they stand, the sticks left on the table by the ruleset's leftover rule, uma and oka.
  expect(ref.game.standings).toEqual(finalStandings(cut.scores, cut.riichiSticks, record.rules, cut.penalties));

  // The standings: the ledger of the schedule, the corrections (from hand 1) and the game's result.
  const events: TournamentEvent[] = [
    ...people.map((p) => ({ type: 'register' as const, id: p.id, name: p.name, role: 'player' as const })),
    { type: 'register', id: sub.id, name: sub.name, role: 'substitute' },
    { type: 'schedule', id: hanchan, ruleset: 'wrc2015', seats: seats.map((p) => p.id) as [string, string, string, string] },
    { type: 'reseat', hanchan, seats: [{ seat: 3, player: sub.id }], hand: 1 },
    { type: 'reseat', hanchan, seats: [{ seat: 0, player: seats[1].id }, { seat: 1, player: seats[0].id }], hand: 1 },
    { type: 'result', hanchan, standings: ref.game.standings!, faults: ref.faults },
  ];
  const state = reduceTournament(events, 'Corrections');
  const expected = globalScores(state);
  const ranking = rankingOf(state);
  const got = (await call<{ standings: { id: string; rank: number | null; total: number }[] }>('GET', `/api/tournaments/${t.id}/standings`)).standings;
  for (const p of [...people, sub]) {
    const g = got.find((x) => x.id === p.id)!;
    expect(g.total).toBe(expected.find((x) => x.player === p.id)!.total);
    expect(g.rank).toBe(ranking.find((r) => r.player === p.id)?.rank ?? null);
  }
  // One seat, one result: seat 0's for Ben, seat 1's for Ann, seat 3's for the substitute (unranked); Dan has none.
  const final = (seat: number) => ref.game.standings!.find((s) => s.seat === seat)!.final;
  expect(got.find((x) => x.id === seats[1].id)!.total).toBe(final(0));
  expect(got.find((x) => x.id === seats[0].id)!.total).toBe(final(1));
  expect(got.find((x) => x.id === sub.id)).toMatchObject({ total: final(3), rank: null });
  expect(got.find((x) => x.id === seats[3].id)!.total).toBe(0);
  // The audit log keeps who did what and why.
  const kinds = (await call<{ lines: { kind: string; by: string; event?: { type: string }; reason?: string }[] }>('GET', `/api/tournaments/${t.id}/log`)).lines;
  expect(kinds.filter((l) => l.event?.type === 'reseat').map((l) => [l.by, l.reason])).toEqual([
    [o.id, 'the wrong player was sent'],
    [o.id, 'winds were drawn the wrong way round'],
  ]);
  expect(kinds.filter((l) => l.kind === 'end').map((l) => [l.by, l.reason])).toEqual([[o.id, 'time is up']]);
}, 180_000);
