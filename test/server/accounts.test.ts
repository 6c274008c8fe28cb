import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../server/src/index';
import { createLogger } from '../../server/src/log';
import { LOGIN_FAILURES_PER_ADDRESS } from '../../server/src/players/routes';
import { accountCases } from './fixtures/accountCases';
import { freePort } from './harness';

// Accounts in the SQLite players store of a fresh data directory.
accountCases();

describe('the players service logs', () => {
  it('never write a password, hash, token or API key, even handed one by mistake', async () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l: string) => void lines.push(l) }, 'info');
    const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-accounts-'));
    const server = createServer({ gracefullyShutdown: false, dataDir, log });
    const port = await freePort();
    await server.listen(port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const send = (path: string, body: unknown, token?: string) =>
        fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);
      const reg = await send('/api/register', { name: 'Logged', password: 'secret password 1' });
      await send('/api/login', { name: 'Logged', password: 'secret password 2' });
      await send('/api/bots', { name: 'Logged Bot' }, reg.token);
      const made = await send('/api/bots/Logged%20Bot/keys', {}, reg.token);
      const botSession = await send('/api/sessions', { apiKey: made.key });
      expect(botSession.account.bot).toBe(true);
      await fetch(`${base}/api/bots/Logged%20Bot/keys/${made.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${reg.token}` } });
      expect((await send('/api/sessions', { apiKey: made.key })).error).toBe('BAD_API_KEY');
      // A careless log line with the secrets in it.
      log.info(
        { password: 'secret password 3', apiKey: made.key, key: made.key, body: { password: 'secret password 4', token: reg.token, apiKey: made.key }, headers: { authorization: `Bearer ${reg.token}` } },
        'careless',
      );
      const all = lines.join('');
      for (const m of ['account registered', 'login refused', 'bot account created', 'API key created', 'bot logged in with an API key', 'API key revoked', 'API key refused', 'careless']) expect(all).toContain(m);
      expect(all).not.toMatch(/secret password|argon2/);
      expect(all).not.toContain(reg.token.split('.')[1]);
      expect(all).not.toContain(made.key.slice(10));
      expect(all).not.toContain(createHash('sha256').update(made.key).digest('hex'));
    } finally {
      await server.gracefullyShutdown(false);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('failed logins behind a trusted proxy', () => {
  it('are counted per client address from X-Forwarded-For: one address over the limit does not lock out another', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-accounts-proxy-'));
    const server = createServer({ gracefullyShutdown: false, dataDir, limits: { trustProxy: true } });
    const port = await freePort();
    await server.listen(port);
    try {
      const login = (from: string, name: string) =>
        fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `${from}, 10.0.0.1` },
          body: JSON.stringify({ name, password: 'not the password' }),
        }).then((r) => r.status);
      // Spread over names, so that only the address limit is reached.
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) expect(await login('203.0.113.1', `Nobody ${i % 20}`)).toBe(401);
      expect(await login('203.0.113.1', 'Nobody else')).toBe(429);
      expect(await login('203.0.113.2', 'Nobody else')).toBe(401);
    } finally {
      await server.gracefullyShutdown(false);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
