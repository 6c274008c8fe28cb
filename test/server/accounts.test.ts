import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../server/src/index';
import { createLogger } from '../../server/src/log';
import { accountCases } from './fixtures/accountCases';
import { freePort } from './harness';

// Accounts in the SQLite players store of a fresh data directory.
accountCases();

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
