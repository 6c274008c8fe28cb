import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { rmSync } from 'node:fs';
import type { Server } from '@colyseus/core';
import type { Accounts } from '../../server/src/players/accounts';
import { api, runEvent } from '../../scripts/tournament-event';
import { startPostgres, type Postgres } from '../support/postgres';
import { startServer } from './harness';

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
