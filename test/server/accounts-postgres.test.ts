import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAYERS_MIGRATIONS } from '../../server/src/players/db';
import { accountCases } from './fixtures/accountCases';
import { startPostgres, type Postgres } from '../support/postgres';

/**
 * The same account cases with the players store on a real PostgreSQL server (Debian's
 * postgresql, installed by scripts/system-deps.ts), started here in a throwaway cluster.
 */
let postgres: Postgres | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
  // Read by the server's players store when it starts (serveDuringFile's beforeAll, after this one).
  process.env.DATABASE_URL = postgres.url;
}, 60_000);

// Registered before the server's: after hooks run last-registered first, so the server closes its pool first.
afterAll(() => postgres?.stop());

accountCases();

it('kept the accounts in PostgreSQL, the schema made by the migrations', async () => {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    const names = (await c.query<{ name: string; hash: string | null }>('SELECT name, hash FROM accounts')).rows;
    expect(names.map((r) => r.name)).toEqual(expect.arrayContaining(['Haruka', 'Tokens', 'FormerGuest']));
    expect(names.find((r) => r.name === 'Haruka')!.hash).toMatch(/^\$argon2id\$/);
    const migrations = (await c.query<{ name: string }>('SELECT name FROM players_migrations')).rows.map((r) => r.name);
    expect(migrations).toEqual(PLAYERS_MIGRATIONS);
    expect(migrations.slice(0, 2)).toEqual(['001_accounts', '002_bots']);
    // Bots are accounts with an owner; their keys are kept as SHA-256 digests only.
    const bots = (await c.query<{ name: string; owner: string | null }>('SELECT name, owner FROM accounts WHERE owner IS NOT NULL')).rows;
    expect(bots.map((r) => r.name)).toEqual(expect.arrayContaining(['Robo Kun', 'Owned Bot']));
    const keys = (await c.query<{ hash: string; prefix: string }>('SELECT hash, prefix FROM api_keys')).rows;
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(k.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(k.prefix).toMatch(/^jtk_.{6}$/);
    }
  } finally {
    await c.end();
  }
});

it('two processes on one PostgreSQL count the same failed logins (an attacker cannot spread guesses over them)', async () => {
  const { Accounts } = await import('../../server/src/players/accounts');
  const { LoginFailures } = await import('../../server/src/players/loginFailures');
  const dirs = [mkdtempSync(join(tmpdir(), 'jantaku-lf-')), mkdtempSync(join(tmpdir(), 'jantaku-lf-'))];
  // Two players stores as two processes have them: each its own pool on the one server.
  const [a, b] = dirs.map((d) => new Accounts({ path: join(d, 'players.sqlite'), databaseUrl: process.env.DATABASE_URL }));
  try {
    const [fa, fb] = [new LoginFailures(a!), new LoginFailures(b!)];
    const now = Date.now();
    await fa.add(['name:shared target'], now - 1000);
    await fb.add(['name:shared target', 'address:203.0.113.9'], now - 500);
    expect(Object.fromEntries(await fa.counts(['name:shared target', 'address:203.0.113.9', 'name:other'], now))).toEqual({ 'name:shared target': 2, 'address:203.0.113.9': 1 });
    // A minute on, they are forgotten.
    expect((await fb.counts(['name:shared target'], now + 60_000)).size).toBe(0);
  } finally {
    await Promise.all([a!.close(), b!.close()]);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
});

it('finished games are copied to the shared store once; a process copies at start what it finished while the store was away', async () => {
  const { Accounts } = await import('../../server/src/players/accounts');
  const { GameStore } = await import('../../server/src/store/index');
  const { GameArchive } = await import('../../server/src/store/archive');
  const { Games } = await import('../../server/src/store/games');
  const { makeRuleset } = await import('@jantaku/shared/rules/index');
  const { Referee } = await import('@jantaku/shared/referee/referee');
  const { botPlay } = await import('./fixtures/botPlay');
  const { logger } = await import('../../server/src/log');
  const d = mkdtempSync(join(tmpdir(), 'jantaku-archive-'));
  const accounts = new Accounts({ path: join(d, 'players.sqlite'), databaseUrl: process.env.DATABASE_URL });
  const local = new GameStore({ path: join(d, 'games.sqlite') });
  try {
    // A whole game played by bots and recorded as a table records it, then finished.
    const rules = makeRuleset('tenhou', { length: 'tonpuusen' });
    const id = `archived-${Date.now()}`;
    local.createGame({ id, rules, seed: 'archive-seed', seats: [0, 1, 2, 3].map((i) => ({ kind: 'bot', bot: 'efficiency', name: `bot${i}` })) });
    const ref = new Referee({ rules, seed: 'archive-seed' });
    botPlay(ref);
    for (const e of ref.log) local.append(id, e);
    local.claimSeat(id, { seat: 2, tokenHash: 'secret-token-hash', name: 'Archived', account: 'acc-archived' });
    local.finish(id, { standings: ref.game.standings });
    const games = new Games(local, new GameArchive(accounts), logger);
    expect(await games.catchUp()).toBe(1);
    expect(await games.catchUp()).toBe(0);
    // Another process (no local copy) reads it back whole: record, log, claims without the token hash.
    const elsewhere = new Games(new GameStore({ path: join(d, 'other.sqlite') }), new GameArchive(accounts), logger);
    const found = (await elsewhere.find(id))!;
    expect(found.record).toEqual(local.getGame(id));
    expect(found.commands()).toEqual(local.commands(id));
    expect(found.claims).toEqual([{ seat: 2, tokenHash: '', name: 'Archived', account: 'acc-archived' }]);
    expect(await elsewhere.ofAccount('acc-archived')).toEqual([{ gameId: id, seat: 2, created: local.getGame(id)!.created }]);
    elsewhere.local.close();
  } finally {
    local.close();
    await accounts.close();
    rmSync(d, { recursive: true, force: true });
  }
});
