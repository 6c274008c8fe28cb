import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { rmSync } from 'node:fs';
import type { Server } from '@colyseus/core';
import { join } from 'node:path';
import pino from 'pino';
import { connect } from '@jantaku/client-sdk';
import { Accounts } from '../../server/src/players/accounts';
import { TableEvents } from '../../server/src/rooms/events';
import { TournamentService, TournamentServiceError } from '../../server/src/tournaments/service';
import { api, runEvent } from '../../scripts/tournament-event';
import { startPostgres, type Postgres } from '../support/postgres';
import { createServer } from '../../server/src/index';
import { startServer } from './harness';

/** The server as createServer makes it: its stores and services. */
const parts = (s: { server: unknown }) => s.server as ReturnType<typeof createServer>;

/**
 * A tournament with the players store on a real PostgreSQL server (Debian's postgresql, started
 * here in a throwaway cluster, as in accounts-postgres.test.ts): a round played by SDK bot
 * accounts, its audit log in PostgreSQL, the same after the server is started again.
 */
let postgres: Postgres | undefined;
let url = '';

beforeAll(async () => {
  postgres = await startPostgres('jantaku-pg-tournament-');
  url = postgres.url;
}, 60_000);

afterAll(() => postgres?.stop());

it('a round played with the tournament book in PostgreSQL; after a restart the log and standings are the same', async () => {
  process.env.DATABASE_URL = url;
  // One session secret for both servers: the organiser's session outlives the restart.
  process.env.JANTAKU_SECRET = 'tournament-postgres-secret';
  let served = await startServer();
  try {
    const accounts = () => (served.server as Server & { accounts: Accounts }).accounts;
    const e = await runEvent({ url: served.url, players: 4, rounds: 1, setRole: async (id, role) => void (await accounts().db.updateTable('accounts').set({ role }).where('id', '=', id).execute()) });
    const http = served.url.replace(/^ws/, 'http');
    const log = await api<{ lines: unknown[] }>(http, 'GET', `/api/tournaments/${e.tournament}/log`, undefined, e.organiser);
    const standings = await api(http, 'GET', `/api/tournaments/${e.tournament}/standings`);
    expect(e.standings.filter((s) => s.rank !== null)).toHaveLength(4);
    // The lines are PostgreSQL's rows.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const rows = (await c.query<{ n: string }>('SELECT count(*) AS n FROM tournament_log WHERE tournament_id = $1', [e.tournament])).rows;
      expect(Number(rows[0].n)).toBe(log.lines.length);
    } finally {
      await c.end();
    }
    // Another server on the same PostgreSQL (and games' file): the same book.
    await served.server.gracefullyShutdown(false);
    served = await startServer(undefined, served.dataDir);
    const http2 = served.url.replace(/^ws/, 'http');
    expect(await api(http2, 'GET', `/api/tournaments/${e.tournament}/log`, undefined, e.organiser)).toEqual(log);
    expect(await api(http2, 'GET', `/api/tournaments/${e.tournament}/standings`)).toEqual(standings);
  } finally {
    delete process.env.DATABASE_URL;
    delete process.env.JANTAKU_SECRET;
    await served.server.gracefullyShutdown(false);
    rmSync(served.dataDir, { recursive: true, force: true });
  }
});

it('two servers on one PostgreSQL race the same command: exactly one seats (and starts) the round, the other is refused, nothing is written twice', async () => {
  process.env.DATABASE_URL = url;
  const served = await startServer();
  // A second server's tournament service: its own players-store connection to the same PostgreSQL.
  const other = new Accounts({ path: join(served.dataDir, 'other-players.sqlite'), databaseUrl: url });
  const second = new TournamentService(other, parts(served).store, new TableEvents(), pino({ level: 'silent' }));
  const first = parts(served).tournaments;
  try {
    const org = connect(served.url);
    const o = await org.register('Race Organiser', 'organiser password 1');
    await parts(served).accounts.db.updateTable('accounts').set({ role: 'organiser' }).where('id', '=', o.id).execute();
    const organiser = await first.account(o.id);
    const t = await first.create(organiser, { name: 'Race', ruleset: 'wrc2015', overrides: { length: 'tonpuusen' }, rounds: 2, seating: 'random' });
    for (let i = 1; i <= 4; i++) {
      const a = await connect(served.url).register(`Racer ${i}`, `racer password ${i}`);
      await first.register(t.id, organiser, { player: a.id });
    }
    // Both have read the book (so the second's copy would be stale without the lock).
    await first.get(t.id);
    await second.get(t.id);
    const race = async (f: (s: TournamentService) => Promise<unknown>) => {
      const r = await Promise.allSettled([f(first), f(second)]);
      expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      const lost = r.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(TournamentServiceError);
      return (lost.reason as TournamentServiceError).code;
    };
    expect(await race((s) => s.seatRound(t.id, organiser, {}))).toBe('ROUND_NOT_STARTED');
    expect(await race((s) => s.startRound(t.id, organiser, 1, {}))).toBe('ROUND_STARTED');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const rows = (await c.query<{ seq: number; kind: string; data: string }>('SELECT seq, kind, data FROM tournament_log WHERE tournament_id = $1 ORDER BY seq', [t.id])).rows;
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      const count = (kind: string, type?: string) => rows.filter((r) => r.kind === kind && (type === undefined || (JSON.parse(r.data) as { event?: { type: string } }).event?.type === type)).length;
      expect([count('seated'), count('started'), count('event', 'schedule'), count('table')]).toEqual([1, 1, 1, 1]);
    } finally {
      await c.end();
    }
    // Each server's book is the store's.
    expect((await second.get(t.id)).book.lines).toEqual((await first.get(t.id)).book.lines);
  } finally {
    delete process.env.DATABASE_URL;
    await other.close();
    await served.server.gracefullyShutdown(false);
    rmSync(served.dataDir, { recursive: true, force: true });
  }
}, 120_000);
