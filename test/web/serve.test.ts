import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { ensureWebBuilt } from '../../web/build';
import { WEB_DIST } from '../../server/src/web';
import { startServer } from '../server/harness';

/** The server serves the built web client at `/` itself: types, caching, SPA fallback, and its own routes untouched. */

let server: Server;
let http: string;
let dataDir: string;

beforeAll(async () => {
  await ensureWebBuilt();
  let ws: string;
  ({ server, url: ws, dataDir } = await startServer());
  http = ws.replace(/^ws/, 'http');
}, 300_000);

afterAll(async () => {
  await server?.gracefullyShutdown(false);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${http}${path}`, { headers, signal: AbortSignal.timeout(10_000) });

describe('serving the web client', () => {
  it('answers / with the built index.html and every asset whole, with its content type', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await index.text();
    expect(html).toBe(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'));
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from a CDN
    const assets = readdirSync(join(WEB_DIST, 'assets')).filter((f) => !f.endsWith('.map'));
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
    for (const f of assets) {
      const res = await get(`/assets/${f}`);
      expect(res.status, f).toBe(200);
      expect(res.headers.get('content-type')).toBe(types[f.split('.').pop()!]);
      expect(res.headers.get('cache-control')).toContain('immutable');
      // Whole: the script is far larger than one socket write.
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(WEB_DIST, 'assets', f)))).toBe(true);
    }
  });

  it('answers page paths with the app, missing files with 404, and leaves the server routes alone', async () => {
    const page = await get('/table/abc', { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await get('/assets/nope.js')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/package.json', { accept: 'text/html' })).status).toBe(404);
    const health = await get('/health', { accept: 'text/html' });
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const games = await get('/api/games', { accept: 'text/html' });
    expect(await games.json()).toHaveProperty('games');
    expect((await get('/api/games/nosuch', { accept: 'text/html' })).status).toBe(404);
  });
});
