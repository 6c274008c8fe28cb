import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAYERS_MIGRATIONS } from '../../server/src/players/db';
import { accountCases } from './fixtures/accountCases';
import { freePort } from './harness';

/**
 * The same account cases with the players store on a real PostgreSQL server (Debian's
 * postgresql, installed by scripts/system-deps.ts), started here in a throwaway cluster.
 */
const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
const bin = (name: string) => join('/usr/lib/postgresql', versions[0]!, 'bin', name);
// PostgreSQL refuses to run as root: as root, the cluster is the `postgres` user's.
const asPostgres = (cmd: string[]) => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd);
const run = (cmd: string[]) => {
  const full = asPostgres(cmd);
  const r = spawnSync(full[0]!, full.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')}: ${r.stderr || r.stdout}`);
};

const dir = mkdtempSync(join(tmpdir(), 'jantaku-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');

beforeAll(async () => {
  const port = await freePort();
  run([bin('initdb'), '-D', data, '-U', 'jantaku', '--auth=trust', '-E', 'UTF8']);
  run([bin('pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=on`, 'start']);
  // Read by the server's players store when it starts (serveDuringFile's beforeAll, after this one).
  process.env.DATABASE_URL = `postgres://jantaku@127.0.0.1:${port}/postgres`;
}, 60_000);

// Registered before the server's: after hooks run last-registered first, so the server closes its pool first.
afterAll(() => {
  run([bin('pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
  rmSync(dir, { recursive: true, force: true });
});

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
