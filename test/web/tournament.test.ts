import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connect, play, strategies, type Table } from '@jantaku/client-sdk';
import type { Server } from '@colyseus/core';
import type { Accounts } from '../../server/src/players/accounts';
import type { GameStore } from '../../server/src/store/index';
import { ensureWebBuilt } from '../../web/build';
import { api, runEvent } from '../../scripts/tournament-event';
import { startServer } from '../server/harness';
import { launchChromium, screenshot, until } from './browser';

/**
 * The tournament page (`#/tournament/:id`) in Debian's Chromium against a real server: a round
 * of one table made by the tournament service, its Watch link opening the live table, then, once
 * four SDK bot accounts have played it, the standings the page shows equal the API's.
 */
let server: Server & { accounts: Accounts; store: GameStore };
let dataDir = '';
let ws = '';
let http = '';
let browser: Browser;
const tables: Table[] = [];

beforeAll(async () => {
  await ensureWebBuilt();
  const s = await startServer();
  server = s.server as Server & { accounts: Accounts; store: GameStore };
  dataDir = s.dataDir;
  ws = s.url;
  http = ws.replace(/^ws/, 'http');
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  for (const t of tables) await t.leave().catch(() => {});
  await browser?.close();
  await server?.gracefullyShutdown(false);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Shown {
  rows: { id: string; rank: string; total: number; penalties: number }[];
  games: { status: string; watch: string | null; replay: string | null }[];
}
const SHOWN = `(() => ({
  rows: [...document.querySelectorAll('#standings tr[data-player]')].map((r) => ({ id: r.dataset.player, rank: r.dataset.rank, total: Number(r.dataset.total), penalties: Number(r.dataset.penalties) })),
  games: [...document.querySelectorAll('.event-game')].map((g) => ({ status: g.dataset.status, watch: g.querySelector('a.watch')?.getAttribute('href') ?? null, replay: g.querySelector('a.replay')?.getAttribute('href') ?? null })),
}))()`;

describe('the tournament page', () => {
  it('shows the round’s table with a link to watch it live, then the standings as the API gives them; a player logged in there is taken to their next table', async () => {
    const organiser = connect(ws);
    const org = await organiser.register('Web Organiser', 'organiser password 1');
    await server.accounts.db.updateTable('accounts').set({ role: 'organiser' }).where('id', '=', org.id).execute();
    const players = await Promise.all([1, 2, 3, 4].map(async (i) => {
      const c = connect(ws);
      const a = await c.register(`Web Player ${i}`, `player password ${i}`);
      return { c, id: a.id };
    }));
    const call = (method: string, path: string, body?: unknown, token = organiser.session) => api(http, method, path, body, token);
    const { id } = (await call('POST', '/api/tournaments', { name: 'Web Cup', ruleset: 'wrc2015', overrides: { length: 'tonpuusen' }, rounds: 2, joinSeconds: 600, botDelayMs: 0, handPauseMs: 0 })) as { id: string };
    for (const p of players) await call('POST', `/api/tournaments/${id}/players`, {}, p.c.session);
    await call('POST', `/api/tournaments/${id}/rounds`, {});
    await call('POST', `/api/tournaments/${id}/rounds/1/start`, {});

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${http}/#/tournament/${id}`);
    await page.waitForSelector('#standings tr[data-player]');
    const before = (await page.evaluate(SHOWN)) as Shown;
    expect(before.rows.map((r) => r.id).sort()).toEqual(players.map((p) => p.id).sort());
    const info = (await call('GET', `/api/tournaments/${id}`)) as { rounds: { hanchans: { game: string }[] }[] };
    const game = info.rounds[0].hanchans[0].game;
    expect(before.games).toEqual([{ status: 'scheduled', watch: `#/table/${game}?watch`, replay: null }]);
    const names = await page.evaluate(`[...document.querySelectorAll('li[data-table="1"] .chip')].map((c) => c.textContent)`);
    expect((names as string[]).map((n) => n.replace(/^[ESWN] /, '')).sort()).toEqual(['Web Player 1', 'Web Player 2', 'Web Player 3', 'Web Player 4']);
    await screenshot(page, 'tournament-round');

    // Watch: the live table, as a spectator.
    await page.click('a.watch');
    await page.waitForSelector('#table');
    expect(page.url()).toContain(`#/table/${game}?watch`);

    // The four accounts play the table out; back on the event's page, the standings follow.
    await page.goto(`${http}/#/tournament/${id}`);
    await Promise.all(
      players.map(async (p) => {
        const t = await p.c.join(game);
        tables.push(t);
        await play(t, strategies.efficiency);
      }),
    );
    const after = await until('the page to show the finished game', async () => {
      const s = (await page.evaluate(SHOWN)) as Shown;
      return s.games[0]?.status === 'finished' ? s : undefined;
    }, 60_000);
    expect(after.games[0].replay).toBe(`#/replay/${game}`);
    const standings = (await call('GET', `/api/tournaments/${id}/standings`)) as { standings: { id: string; rank: number; total: number; penalties: number }[] };
    expect(after.rows).toEqual(standings.standings.map((s) => ({ id: s.id, rank: String(s.rank), total: s.total, penalties: s.penalties })));
    expect(new Set(after.rows.map((r) => r.total)).size).toBeGreaterThan(1);
    for (const sel of ['#dl-standings', '#dl-penalties', '#dl-ema']) {
      const href = await page.getAttribute(sel, 'href');
      expect((await fetch(href!)).status).toBe(200);
    }
    await screenshot(page, 'tournament-standings');

    // Round two: a player logs in on the event's page and sees their next table, with a link that seats them at their own seat.
    await call('POST', `/api/tournaments/${id}/rounds`, {});
    await call('POST', `/api/tournaments/${id}/rounds/2/start`, {});
    const { next } = (await api(http, 'GET', `/api/tournaments/${id}/next`, undefined, players[0].c.session)) as { next: { seat: number; game: string; table: number } };
    const second = next.game;
    const mine = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const playerPage = await mine.newPage();
    playerPage.on('pageerror', (e) => errors.push(e.message));
    await playerPage.goto(`${http}/#/tournament/${id}`);
    await playerPage.fill('#login-name', 'Web Player 1');
    await playerPage.fill('#login-password', 'wrong password');
    await playerPage.click('#login button');
    await until('the refusal', async () => ((await playerPage.textContent('#login-error')) ?? '') !== '');
    await playerPage.fill('#login-password', 'player password 1');
    await playerPage.click('#login button');
    await playerPage.waitForSelector(`#your-table[data-game="${second}"]`);
    expect(await playerPage.textContent('#your-table p')).toContain(`Round 2, table 1, seat ${['E', 'S', 'W', 'N'][next.seat]}`);
    await playerPage.click('#join-table');
    // Seated by the server at the seat reserved for the account (no seat asked for).
    await until('the page seated at its own seat', () => server.store.seatClaims(second).some((c) => c.account === players[0].id && c.seat === next.seat));
    await mine.close();

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an unknown tournament says so', async () => {
    const page = await browser.newPage();
    await page.goto(`${http}/#/tournament/nope`);
    await page.waitForSelector('#event-error');
    expect(await page.textContent('#event-error')).toBe('No such tournament.');
    await page.close();
  });

  it('the referee desk: the organiser logs in, sees the rulings newest first with their replay links, overturns one and records a manual fault; the standings follow', async () => {
    const e = await runEvent({ url: ws, players: 4, rounds: 1, prefix: 'D ', setRole: async (uid, role) => void (await server.accounts.db.updateTable('accounts').set({ role }).where('id', '=', uid).execute()) });
    const call = (method: string, path: string, body?: unknown) => api(http, method, path, body, e.organiser);
    const desk = async () => ((await call('GET', `/api/tournaments/${e.tournament}/desk`)) as { rulings: { id: string; rule: string; player: string; cancelled: boolean; points: number }[] }).rulings;
    const totals = async () => new Map(((await call('GET', `/api/tournaments/${e.tournament}/standings`)) as { standings: { id: string; total: number }[] }).standings.map((s) => [s.id, s.total]));
    const rulings = await desk();
    const chombo = rulings.find((r) => r.rule === 'WRC-F-FALSE-WIN-REVEALED' && !r.cancelled)!;
    expect(chombo.points).toBe(20);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (x) => errors.push(x.message));
    await page.goto(`${http}/#/tournament/${e.tournament}/desk`);
    // A player is not the organiser: refused, and asked to log in again.
    const player = connect(ws);
    await player.register('D Someone', 'someone password 1');
    await page.fill('#login-name', 'D Someone');
    await page.fill('#login-password', 'someone password 1');
    await page.click('#login button');
    await until('the refusal', async () => /organiser/.test((await page.textContent('#desk-message')) ?? ''));
    await page.fill('#login-name', 'D Organiser');
    await page.fill('#login-password', 'organiser password 1');
    await page.click('#login button');
    await page.waitForSelector('#rulings tr[data-ruling]');
    const shown = async () => (await page.evaluate(`[...document.querySelectorAll('#rulings tr[data-ruling]')].map((r) => [r.dataset.ruling, r.dataset.state])`)) as [string, string][];
    expect((await shown()).map(([rid]) => rid)).toEqual(rulings.map((r) => r.id));
    const row = `#rulings tr[data-ruling="${chombo.id}"]`;
    expect(await page.getAttribute(`${row} a.replay`, 'href')).toMatch(/^#\/replay\/[^?]+\?hand=\d+$/);
    await screenshot(page, 'tournament-desk');

    // Overturn: without a reason it is not sent; with one, the ruling is overturned and its 20 points given back.
    const before = await totals();
    await page.click(`${row} button.overturn`);
    await until('the reason asked for', async () => /reason/.test((await page.textContent('#desk-message')) ?? ''));
    await page.fill(`${row} input`, 'the discard was claimable');
    await page.click(`${row} button.overturn`);
    await until('the ruling overturned', async () => (await shown()).some(([rid, state]) => rid === chombo.id && state === 'overturned'));
    const after = await totals();
    expect(after.get(chombo.player)).toBeCloseTo(before.get(chombo.player)! + 20, 5);

    // A manual fault: an unknown rule is refused and records nothing; a known one is on top of the desk, and costs its points.
    const victim = [...after.keys()].find((pid) => pid !== chombo.player)!;
    const lines = async () => ((await call('GET', `/api/tournaments/${e.tournament}/log`)) as { lines: unknown[] }).lines.length;
    const n = await lines();
    await page.selectOption('#fault-player', victim);
    await page.fill('#fault-rule', 'NOT-A-RULE');
    await page.fill('#fault-points', '10');
    await page.fill('#fault-reason', 'phone rang');
    await page.click('#desk-fault button');
    await until('the refusal', async () => /NOT-A-RULE/.test((await page.textContent('#desk-message')) ?? ''));
    expect(await lines()).toBe(n);
    await page.fill('#fault-rule', 'WRC-F-PHONE');
    await page.click('#desk-fault button');
    await until('the manual fault listed first', async () => (await shown())[0]?.[0]?.startsWith('L'));
    expect((await shown())[0][1]).toBe('stands');
    expect((await totals()).get(victim)).toBeCloseTo(after.get(victim)! - 10, 5);
    expect(await lines()).toBe(n + 1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the desk’s tables playing: seats are not swapped in a hand (the server’s refusal shown, nothing written); End after this hand is recorded', async () => {
    const org = connect(ws);
    const o = await org.register('T Organiser', 'organiser password 1');
    await server.accounts.db.updateTable('accounts').set({ role: 'organiser' }).where('id', '=', o.id).execute();
    const call = (method: string, path: string, body?: unknown) => api(http, method, path, body, org.session);
    const t = (await call('POST', '/api/tournaments', { name: 'Desk tables', ruleset: 'wrc2015', rounds: 1, seating: 'random', joinSeconds: 600 })) as { id: string };
    for (let i = 1; i <= 4; i++) {
      const a = await connect(ws).register(`T Player ${i}`, `player password ${i}`);
      await call('POST', `/api/tournaments/${t.id}/players`, { player: a.id });
    }
    await call('POST', `/api/tournaments/${t.id}/rounds`, {});
    await call('POST', `/api/tournaments/${t.id}/rounds/1/start`, {});
    const log = async () => ((await call('GET', `/api/tournaments/${t.id}/log`)) as { lines: { kind: string; reason?: string }[] }).lines;

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (x) => errors.push(x.message));
    await page.goto(`${http}/#/tournament/${t.id}/desk`);
    await page.fill('#login-name', 'T Organiser');
    await page.fill('#login-password', 'organiser password 1');
    await page.click('#login button');
    const row = '#desk-tables tr[data-hanchan="r1t1h1"]';
    await page.waitForSelector(row);
    const n = (await log()).length;
    await page.click(`${row} button.swap-seats`);
    await until('the reason asked for', async () => /reason/.test((await page.textContent('#desk-message')) ?? ''));
    await page.fill(`${row} input.table-reason`, 'winds drawn the wrong way round');
    await page.click(`${row} button.swap-seats`);
    // Nobody has come yet: the table has not begun, so it is not between hands.
    await until('the refusal', async () => /between hands/.test((await page.textContent('#desk-message')) ?? ''));
    expect((await log()).length).toBe(n);
    await page.fill(`${row} input.table-reason`, 'time is up');
    await page.click(`${row} button.end-hanchan`);
    await until('the last hand shown', async () => (await page.textContent(row))?.includes('last hand') === true);
    expect((await log()).filter((l) => l.kind === 'end').map((l) => l.reason)).toEqual(['time is up']);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
