import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Server } from '@colyseus/core';
import { ensureWebBuilt } from '../../web/build';
import { startServer } from '../server/harness';
import { CHROMIUM } from '../../scripts/system-deps';
import { entryOf, stateShows, type RoomWithState } from '../support/roomLog';

/** Debian's Chromium (where `npm test`'s pretest step installs it), headless, with nothing reaching beyond 127.0.0.1. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  // A full-page capture waits for the renderer's next frame: under the whole suite's load (CI) one
  // took longer than Playwright's default 30 s after every assertion of its test had passed. The
  // capture is a picture for people, not a check; the test's own timeout still bounds it.
  await page.screenshot({ path, fullPage: true, timeout: 90_000 });
  return path;
}

/** What a player's page shows, read in the page (the test's tsconfig has no DOM types: page code is a string). */
export interface Probe {
  key: string | null;
  phase: string | null;
  actions: string[];
  choices: number;
  pickable: number[];
  result: string | null;
  faults: string[];
}

export const PROBE_SCRIPT = `window.__probe = () => {
  const t = document.getElementById('table');
  return {
    key: t ? t.dataset.key : null,
    phase: t ? t.dataset.phase : null,
    actions: [...document.querySelectorAll('[data-action]')].map((b) => b.dataset.action),
    choices: document.querySelectorAll('[data-choice]').length,
    pickable: [...document.querySelectorAll('#hand .hand-tile.pickable')].map((e) => Number(e.dataset.tile)),
    result: document.getElementById('result') ? document.getElementById('result').dataset.hand : null,
    faults: [...document.querySelectorAll('.fault')].map((f) => f.dataset.rule),
  };
};`;

export const probe = (page: Page): Promise<Probe> => page.evaluate('window.__probe()') as Promise<Probe>;

/** A spectator's page: every distinct (state key, tile ids in the DOM) it ever showed. */
export interface Snapshot {
  key: string;
  tiles: number[];
  hand: boolean;
  backs: number;
}

export const RECORDER_SCRIPT = `window.__snaps = [];
(() => {
  let last = '';
  const rec = () => {
    const t = document.getElementById('table');
    if (!t) return;
    const tiles = [...document.querySelectorAll('[data-tile]')].map((e) => Number(e.dataset.tile));
    const sig = t.dataset.key + '|' + tiles.join(',');
    if (sig === last) return;
    last = sig;
    window.__snaps.push({ key: t.dataset.key, tiles, hand: !!document.getElementById('hand'), backs: document.querySelectorAll('.backs .tile').length });
  };
  new MutationObserver(rec).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-key', 'data-tile'] });
})();`;

export const snapshots = (page: Page): Promise<Snapshot[]> => page.evaluate('window.__snaps') as Promise<Snapshot[]>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` returns a value (not undefined/false), polling. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Waits for seat 0's first entry in `room`'s log from index `at` on (a decision its page sent),
 * then for the state to show it (roomLog.ts `stateShows`): else the test's next look would read a
 * state still asking that decision, and make it twice. `look` runs at each poll while the entry is
 * not there (e.g. to fail on a refusal the page shows). Returns the entry's index.
 */
export async function untilDecisionShown(room: RoomWithState, at: number, o: { timeoutMs?: number; look?: () => Promise<void> } = {}): Promise<number> {
  const entry = await until(
    'the decision in the log',
    async () => {
      const i = entryOf(room, 0, at);
      if (i === undefined) await o.look?.();
      return i;
    },
    o.timeoutMs,
  );
  await until('the state to show the decision', () => stateShows(room, entry));
  return entry;
}

/** A real server serving the built web app and a Chromium, for one test file; both closed after its tests. */
export function webSuite() {
  let server: Server | undefined;
  let dataDir = '';
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const suite = {
    ws: '',
    http: '',
    /** A page in a context of its own (`options`: e.g. a phone's touch), with the probe installed; `errors` collects every script and console error (a test expects none). */
    async newPage(viewport = { width: 1280, height: 900 }, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
      const ctx = await browser!.newContext({ ...options, viewport });
      contexts.push(ctx);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.addInitScript(PROBE_SCRIPT);
      return { page, errors };
    },
  };
  beforeAll(async () => {
    await ensureWebBuilt();
    ({ server, url: suite.ws, dataDir } = await startServer());
    suite.http = suite.ws.replace(/^ws/, 'http');
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.gracefullyShutdown(false);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}

/**
 * Fills the lobby's form and creates a table; returns its id once the table page shows. By default
 * three bots and the person at East; `bots: '4', seat: 'watch'` for a spectator of four bots;
 * `timeControl`: one of the lobby's clocks.
 */
export async function createFromLobby(
  http: string,
  page: Page,
  o: { ruleset: string; seed: string; botDelay: string; handPause: string; bots?: string; seat?: string; timeControl?: string },
): Promise<string> {
  await page.goto(`${http}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#ruleset', o.ruleset);
  await page.selectOption('#bots', o.bots ?? '3');
  await page.selectOption('#seat', o.seat ?? '0');
  if (o.timeControl) await page.selectOption('#timeControl', o.timeControl);
  await page.click('details summary');
  await page.fill('#botDelay', o.botDelay);
  await page.fill('#handPause', o.handPause);
  await page.fill('#seedInput', o.seed);
  await page.click('#create');
  await page.waitForSelector('#table, #create-error:not(:empty)');
  const refused = await page.$('#create-error:not(:empty)');
  if (refused) throw new Error(`the lobby could not create the table: ${await refused.textContent()}`);
  const id = /#\/table\/([^?]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return decodeURIComponent(id!);
}
