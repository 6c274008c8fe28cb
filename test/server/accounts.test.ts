import { describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { TableState } from '@jantaku/shared/schema/table';
import { Sessions } from '../../server/src/players/sessions';
import { LOGIN_FAILURES_PER_MINUTE } from '../../server/src/players/routes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../server/src/index';
import { createLogger } from '../../server/src/log';
import { freePort, rooms, serveDuringFile, until } from './harness';

// The server signs with this secret (read when it starts), so the test can forge an expired token.
const SECRET = 'accounts-test-secret';
process.env.JANTAKU_SECRET = SECRET;
const served = serveDuringFile();
const http = () => served.url.replace('ws://', 'http://');

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(http() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, any> };
}

async function me(token: string) {
  const res = await fetch(http() + '/api/me', { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const withSession = (token: string) => {
  const c = new Client(served.url);
  c.auth.token = token;
  return c;
};

describe('accounts', () => {
  it('registers, logs in, and refuses a wrong password, a taken name and bad bodies', async () => {
    const reg = await post('/api/register', { name: 'Haruka', password: 'correct horse' });
    expect(reg.status).toBe(201);
    expect(typeof reg.json.token).toBe('string');
    expect(reg.json.account).toMatchObject({ name: 'Haruka', guest: false, role: 'player' });
    // No hash, no password in any answer.
    expect(reg.text).not.toMatch(/argon2|correct horse/);
    expect((await post('/api/register', { name: 'haruka', password: 'another one' })).json.error).toBe('NAME_TAKEN');
    expect((await post('/api/register', { name: 'Short', password: 'abc' })).json.error).toBe('WEAK_PASSWORD');
    expect((await post('/api/register', { name: '\u202e\u200b', password: 'long enough' })).json.error).toBe('BAD_NAME');
    expect((await post('/api/register', '{not json')).status).toBe(400);
    expect((await post('/api/register', { name: 7, password: ['x'] })).json.error).toBe('BAD_BODY');

    const ok = await post('/api/login', { name: 'Haruka', password: 'correct horse' });
    expect(ok.status).toBe(200);
    expect((await me(ok.json.token)).json.account.name).toBe('Haruka');
    expect(ok.text).not.toMatch(/argon2|correct horse/);
    const wrong = await post('/api/login', { name: 'Haruka', password: 'wrong horse' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ error: 'BAD_LOGIN', reason: expect.any(String) });
    expect((await post('/api/login', { name: 'Nobody', password: 'whatever1' })).status).toBe(401);
  });

  it('refuses a forged, tampered or expired token over HTTP and at a table', async () => {
    const { json } = await post('/api/register', { name: 'Tokens', password: 'tokens password' });
    const [body, mac] = (json.token as string).split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), name: 'Admin' })).toString('base64url') + '.' + mac;
    const forged = new Sessions('some other secret').sign({ sub: json.account.id, name: 'Tokens', guest: false, gen: 0 });
    const expired = new Sessions(SECRET).sign({ sub: json.account.id, name: 'Tokens', guest: false, gen: 0 }, Date.now() - 10_000, 1_000);
    expect((await me(json.token)).status).toBe(200);
    for (const t of [tampered, forged, expired, 'garbage']) {
      expect((await me(t)).status).toBe(401);
      await expect(withSession(t).create('table', { bots: 3 })).rejects.toThrow(/BAD_SESSION/);
    }
  });

  it('logout ends the session, here and at the tables', async () => {
    const { json } = await post('/api/register', { name: 'Leaver', password: 'leaver password' });
    const res = await fetch(http() + '/api/sessions', { method: 'DELETE', headers: { authorization: `Bearer ${json.token}` } });
    expect(res.status).toBe(200);
    expect((await me(json.token)).status).toBe(401);
    await expect(withSession(json.token).create('table', { bots: 3 })).rejects.toThrow(/BAD_SESSION/);
    const again = await post('/api/sessions', { name: 'Leaver', password: 'leaver password' });
    expect((await me(again.json.token)).status).toBe(200);
  });

  it('seats a logged-in player under its name and gives it its seat back from another device by its session', async () => {
    const { json } = await post('/api/register', { name: 'Tsubame', password: 'tsubame password' });
    const first = await withSession(json.token).create<TableState>('table', { bots: 3, playerName: 'typed name' });
    const room = rooms.get(first.roomId)!;
    await until('the seat', () => room.state.seats[0].name === 'Tsubame');
    // Someone else, without the session, cannot take the seat.
    await expect(new Client(served.url).joinById(first.roomId, { seat: 0 })).rejects.toThrow(/taken|no free seat/);
    let kicked = false;
    first.onLeave(() => (kicked = true));
    const second = await withSession(json.token).joinById<TableState>(first.roomId, {});
    const grant = await new Promise<{ seat: number }>((r) => second.onMessage('seat', r));
    expect(grant.seat).toBe(0);
    await until('the first device to be let go', () => kicked);
    await until('its private view', () => second.state.seats?.[0]?.own !== undefined);
    // Anonymous play as before.
    const anon = await new Client(served.url).create<TableState>('table', { bots: 3, playerName: 'Anon' });
    await until('the anonymous seat', () => rooms.get(anon.roomId)!.state.seats[0].name === 'Anon');
    await Promise.all([second.leave(), anon.leave()]);
  });

  it('a guest plays at once and later becomes an account keeping its id', async () => {
    const g = await post('/api/guests', {});
    expect(g.status).toBe(201);
    expect(g.json.account.guest).toBe(true);
    const table = await withSession(g.json.token).create<TableState>('table', { bots: 3, playerName: 'Guesty' });
    await until('the guest seat', () => rooms.get(table.roomId)!.state.seats[0].name === 'Guesty');
    await table.leave();
    const claimed = await post('/api/register', { name: 'FormerGuest', password: 'former guest pw' }, g.json.token);
    expect(claimed.status).toBe(201);
    expect(claimed.json.account).toMatchObject({ id: g.json.account.id, name: 'FormerGuest', guest: false });
    expect((await post('/api/login', { name: 'FormerGuest', password: 'former guest pw' })).json.account.id).toBe(g.json.account.id);
  });

  it('limits failed logins per name, the right password included, once over the limit', async () => {
    await post('/api/register', { name: 'Target', password: 'target password' });
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) expect((await post('/api/login', { name: 'Target', password: `guess ${i}` })).status).toBe(401);
    const limited = await post('/api/login', { name: 'Target', password: 'target password' });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('LOGIN_RATE_LIMITED');
  });
});

describe('the players service logs', () => {
  it('never write a password, hash or token, even handed one by mistake', async () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l: string) => void lines.push(l) }, 'info');
    const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-accounts-'));
    const server = createServer({ gracefullyShutdown: false, dataDir, log });
    const port = await freePort();
    await server.listen(port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const send = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);
      const reg = await send('/api/register', { name: 'Logged', password: 'secret password 1' });
      await send('/api/login', { name: 'Logged', password: 'secret password 2' });
      // A careless log line with the secrets in it.
      log.info({ password: 'secret password 3', body: { password: 'secret password 4', token: reg.token }, headers: { authorization: `Bearer ${reg.token}` } }, 'careless');
      const all = lines.join('');
      expect(all).toContain('account registered');
      expect(all).toContain('login refused');
      expect(all).toContain('careless');
      expect(all).not.toMatch(/secret password|argon2/);
      expect(all).not.toContain(reg.token.split('.')[1]);
    } finally {
      await server.gracefullyShutdown(false);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
