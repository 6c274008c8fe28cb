import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, play, strategies, type JantakuClient, type PlayerProfile, type Table } from '@jantaku/client-sdk';
import { screenshot, until, webSuite } from './browser';

/**
 * The profile page (`#/players/<name>`, issue 16 item 4) in Debian's Chromium against a real
 * server: an account plays short games over the SDK; its page shows the statistics and games the
 * server's profile gives (checked against the games' logs in test/server/profile.test.ts), its
 * links work from the keyboard, its text passes WCAG AA contrast; a private game shows only with
 * its player's session; the final table links a player's name to its profile and the lobby links
 * the logged-in player's own.
 */
const web = webSuite();
const tables: Table[] = [];
afterAll(async () => {
  for (const t of tables) await t.leave().catch(() => {});
});

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
async function contrastViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return (await page.evaluate(`axe.run(document, { runOnly: ['color-contrast'] }).then((r) =>
    r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.any.map((a) => a.message).join('; '))))`)) as string[];
}

const short = (seed: string) => ({ ruleset: 'tenhou' as const, overrides: { length: 'tonpuusen' }, seed, handPauseMs: 0, botDelayMs: 0 });

async function finished(id: string, code?: string): Promise<void> {
  await until('the game recorded', async () => {
    const r = await fetch(`${web.http}/api/games/${encodeURIComponent(id)}${code ? `?code=${encodeURIComponent(code)}` : ''}`);
    return r.ok && ((await r.json()) as { status: string }).status === 'finished';
  }, 60_000);
}

/** Plays a table out with the efficiency bot, then leaves once its record is finished. */
async function playOut(t: Table): Promise<void> {
  await play(t, strategies.efficiency);
  await finished(t.id, t.invite ?? undefined);
  await t.leave();
}

/** The page's session: what a page that logged in keeps (net.ts SESSION_KEY). */
async function withSession(client: JantakuClient): Promise<Page> {
  const { page } = await web.newPage();
  await page.addInitScript(`localStorage.setItem('jantaku:session', ${JSON.stringify(client.session)})`);
  return page;
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const text = (page: Page, sel: string) => page.$eval(sel, (e) => e.textContent ?? '');
/** The games listed, by id (page code is a string: the test's tsconfig has no DOM types). */
const listedGames = (page: Page) => page.evaluate(`[...document.querySelectorAll('#games tr[data-game]')].map((r) => r.dataset.game)`) as Promise<string[]>;
const attr = (page: Page, sel: string, name: string) => page.$eval(sel, (e, n) => e.getAttribute(n), name);

describe('the profile page (issue 16 item 4)', () => {
  let me: JantakuClient;
  let name = '';
  let publicGame = '';
  let privateGame = '';

  it('shows the statistics and games the server gives, with working replay and download links, reachable by keyboard and readable', async () => {
    me = connect(web.ws);
    name = 'Web Profile Player';
    await me.register(name, 'web profile password');
    const pub = await me.create({ ...short('web-profile-1'), bots: [1, 2, 3], seat: 0 });
    await playOut(pub);
    publicGame = pub.id;
    const priv = await me.create({ ...short('web-profile-2'), bots: [0, 1, 3], seat: 2, private: true });
    await until('the invite code', () => priv.invite !== null);
    await playOut(priv);
    privateGame = priv.id;

    const { page, errors } = await web.newPage();
    await page.goto(`${web.http}/#/players/${encodeURIComponent(name)}`);
    await page.waitForSelector('#games tr[data-game]');
    const api = await connect(web.ws).player(name);
    // A stranger's page: the public game only.
    expect(api.games.map((g) => g.id)).toEqual([publicGame]);
    expect(await listedGames(page)).toEqual([publicGame]);
    expect(await text(page, 'h1')).toContain(name);
    expect(await text(page, '[data-stat="games"]')).toBe('1');
    expect(await text(page, '[data-stat="hands"]')).toBe(String(api.stats.hands));
    for (const k of ['winRate', 'dealInRate', 'riichiRate', 'callRate', 'tsumoRate'] as const) expect([k, await text(page, `[data-stat="${k}"]`)]).toEqual([k, pct(api.stats[k])]);
    expect(await text(page, `[data-stat="place${api.games[0].placement}"]`)).toBe('100.0% (1)');
    const row = `#games tr[data-game="${publicGame}"]`;
    expect([await attr(page, row, 'data-placement'), await attr(page, row, 'data-score')]).toEqual([String(api.games[0].placement), String(api.games[0].score)]);
    expect(await text(page, '#ratings')).toContain('No rating yet');
    expect(await text(page, '#fouls')).toBe('None.');
    for (const sub of ['tenhou6', 'mjai', 'mjlog']) {
      const href = await attr(page, `${row} a[data-download="${sub}"]`, 'href');
      expect(href).toBe(`${web.http}/api/games/${publicGame}/${sub}`);
      expect((await fetch(href!)).status).toBe(200);
    }
    expect(await contrastViolations(page)).toEqual([]);
    await screenshot(page, 'profile');
    // From the keyboard: Tab reaches the replay link, Enter opens the replay.
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(`document.activeElement?.classList.contains('replay') ?? false`) as boolean;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#replay');
    expect(page.url()).toBe(`${web.http}/#/replay/${publicGame}`);
    // An unknown player: said so.
    await page.goto(`${web.http}/#/players/${encodeURIComponent('Nobody At All')}`);
    await page.waitForSelector('#profile .error');
    expect(await text(page, '#profile .error')).toBe('No player is named Nobody At All.');
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  }, 240_000);

  it("its player's session sees the private game, linked from the lobby; the stranger does not", async () => {
    const page = await withSession(me);
    await page.goto(`${web.http}/`);
    await page.waitForSelector('#my-profile');
    expect(await text(page, '#my-profile')).toBe(`${name}: your profile`);
    await page.click('#my-profile');
    await page.waitForSelector('#games tr[data-game]');
    expect(await listedGames(page)).toEqual([privateGame, publicGame]);
    const replay = await page.$eval(`#games tr[data-game="${privateGame}"] a.replay`, (a) => a.getAttribute('href'));
    expect(replay).toMatch(new RegExp(`^#/replay/${privateGame}\\?code=`));
    await page.click(`#games tr[data-game="${privateGame}"] a.replay`);
    await page.waitForSelector('#replay');
    expect(await page.$('.replay .error')).toBeNull();
    // Without the session (a stranger's page), the lobby has no profile of its own and the private game is not there.
    const { page: stranger } = await web.newPage();
    await stranger.goto(`${web.http}/`);
    await stranger.waitForSelector('#find-player');
    await stranger.fill('#find-player-name', name);
    await stranger.press('#find-player-name', 'Enter');
    await stranger.waitForSelector('#games tr[data-game]');
    expect(await stranger.$('#my-profile')).toBeNull();
    expect(await stranger.content()).not.toContain(privateGame);
  }, 120_000);

  it("the final table links the player's name to its profile (not the bots')", async () => {
    const t = await me.create({ ...short('web-profile-3'), bots: [1, 2, 3], seat: 0, botDelayMs: 200 });
    tables.push(t);
    const { page, errors } = await web.newPage();
    await page.goto(`${web.http}/#/table/${encodeURIComponent(t.id)}?watch`);
    await page.waitForSelector('#table');
    await play(t, strategies.efficiency);
    await page.waitForSelector('#standings', { timeout: 90_000 });
    const links = await page.$$eval('#standings a.profile-link', (as) => as.map((a) => [a.closest('tr')!.getAttribute('data-seat'), a.getAttribute('href')]));
    expect(links).toEqual([['0', `#/players/${encodeURIComponent(name)}`]]);
    await page.click('#standings a.profile-link');
    await page.waitForSelector('#games tr[data-game]');
    await finished(t.id);
    const profile: PlayerProfile = await me.player(name);
    expect(profile.games[0].id).toBe(t.id);
    expect(errors).toEqual([]);
  }, 180_000);
});
