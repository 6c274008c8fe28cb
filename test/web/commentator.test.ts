import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, type Table } from '@jantaku/client-sdk';
import { Referee, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { rooms } from '../server/harness';
import { screenshot, sleep, until, webSuite } from './browser';
import { roomLog } from '../support/roomLog';

/**
 * The commentator view in Debian's Chromium against a real server: a table of four bots with a
 * 1000 ms commentator delay (a hand is released once it has ended), watched from the lobby's Commentate button. Every page state it
 * showed — all four concealed hands and the drawn tiles — is checked against the engine's hands
 * at the same point of the game, rebuilt by replaying the table's log in a fresh Referee. A
 * table without a delay offers no Commentate button, and the server refuses a commentator there.
 */

const web = webSuite();
const tables: Table[] = [];

afterAll(async () => {
  for (const t of tables) await t.leave().catch(() => {});
});

/** One state of the commentator's page: where in which hand, and the four hands it showed. */
interface Shown {
  hand: string;
  events: number;
  phase: string;
  hands: number[][];
  drawn: (number | null)[];
  ponds: number[][];
  dora: number[];
  remaining: number;
}

/** Records every distinct state of the commentator's page (page code is a string: no DOM types here). */
const COMMENTARY_RECORDER = `window.__shown = [];
(() => {
  let last = '';
  const rec = () => {
    const t = document.getElementById('table');
    if (!t || !t.dataset.handKey || !document.querySelector('.open-hand')) return;
    const hands = [0, 1, 2, 3].map((s) => [...document.querySelectorAll('.open-hand[data-hand="' + s + '"] [data-tile]')].map((e) => Number(e.dataset.tile)));
    const drawn = [0, 1, 2, 3].map((s) => { const d = document.querySelector('.open-hand[data-hand="' + s + '"] [data-drawn]'); return d ? Number(d.dataset.drawn) : null; });
    const ponds = [0, 1, 2, 3].map((s) => [...document.querySelectorAll('.seat[data-seat="' + s + '"] .pond [data-tile]')].map((e) => Number(e.dataset.tile)));
    const dora = [...document.querySelectorAll('#dora [data-tile]')].map((e) => Number(e.dataset.tile));
    const remaining = parseInt(document.getElementById('remaining').textContent, 10);
    const shown = { hand: t.dataset.handKey, events: Number(t.dataset.events), phase: t.dataset.phase, hands, drawn, ponds, dora, remaining };
    const sig = JSON.stringify(shown);
    if (sig === last) return;
    last = sig;
    window.__shown.push(shown);
  };
  new MutationObserver(rec).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-key'] });
})();`;

const shownStates = (page: Page) => page.evaluate('window.__shown') as Promise<Shown[]>;
const text = (page: Page, js: string) => page.evaluate(js) as Promise<unknown>;

/**
 * The engine's hands at every point the feed can stop at: the table's log replayed in a fresh
 * Referee, keyed like the page (`round:honba/events since the hand's start`).
 */
type Truth = Omit<Shown, 'hand' | 'events' | 'phase'>;

function engineHands(id: string, seed: string): Map<string, Truth> {
  const room = rooms.get(id)!;
  const ref = new Referee({ rules: room.referee.rules, seed });
  const out = new Map<string, Truth>();
  let hand = '';
  let n = 0;
  const step = (events: readonly RefereeEvent[]) => {
    for (const e of events) {
      if (e.type === 'handStarted') {
        hand = `${e.round}:${e.honba}`;
        n = 1;
      } else n++;
    }
    const g = ref.game;
    out.set(`${hand}/${n}`, {
      hands: g.seats.map((s) => [...s.hand].sort((a, b) => a - b)),
      drawn: g.seats.map((s) => s.drawn),
      ponds: g.seats.map((s) => s.discards.map((d) => d.tile)),
      dora: [...g.doraIndicators],
      remaining: g.remaining,
    });
  };
  // The first deal's events wait in the game until play begins (the room sends them then).
  step(ref.game.takeEvents());
  for (const entry of [...roomLog(room)]) {
    const r = entry.seat === -1 ? ref.nextHand() : entry.seat === -2 ? ref.manual(entry.command) : ref.apply(entry.seat, entry.command, entry.by, entry.at);
    expect(r.ok, `replaying ${JSON.stringify(entry)}`).toBe(true);
    step(r.ok ? r.events : []);
  }
  return out;
}

describe('commentator view', () => {
  it('shows all four concealed hands and draws as the engine had them, once each hand has ended (and 1 s late at least), from the lobby’s Commentate button', async () => {
    const seed = 'web-commentary-1';
    const creator = await connect(web.ws, { reconnect: false }).create({ ruleset: 'tenhou', seed, bots: 4, spectator: true, botDelayMs: 120, handPauseMs: 1500, commentatorDelayMs: 1000, name: 'Commentated' });
    tables.push(creator);
    const id = creator.id;

    const { page, errors } = await web.newPage();
    await page.addInitScript(COMMENTARY_RECORDER);
    await page.goto(`${web.http}/`);
    const button = `.table-row[data-id="${id}"] button.commentate`;
    await page.waitForSelector(button);
    await page.click(button);
    await page.waitForSelector('#commentary-banner');
    expect(page.url()).toContain(`#/table/${id}?commentate`);

    // All four hands show once the feed has a deal.
    await page.waitForSelector('.open-hand[data-hand="3"] [data-tile]', { timeout: 60_000 });
    await until('the banner to show the delay', async () => /Commentator view — each hand once it has ended, at least 1(\.\d)? s behind live/.test(String(await text(page, `document.getElementById('commentary-banner').textContent`))), 60_000);
    const delay = Number(await page.getAttribute('#commentary-banner', 'data-delay-ms'));
    expect(delay).toBeGreaterThanOrEqual(1000);

    // Play goes on until the page has shown a hand's end and the next hand's deal.
    let shot = false;
    let endShot = false;
    await until(
      'a hand end and the next deal on the commentator page',
      async () => {
        const shown = await shownStates(page);
        if (!shot && shown.some((s) => s.events > 40)) {
          shot = true;
          await screenshot(page, 'commentator');
        }
        if (!endShot && shown.at(-1)?.phase === 'handEnded') {
          endShot = true;
          await screenshot(page, 'commentator-hand-end');
        }
        const ends = shown.filter((s) => s.phase === 'handEnded' || s.phase === 'gameOver');
        // Enough states to compare, whatever the length of the first hand (the seed's walls decide it).
        return ends.length > 0 && new Set(shown.map((s) => s.hand)).size >= 2 && shown.at(-1)!.events > 10 && shown.length > 40;
      },
      240_000,
    );
    if (!shot) await screenshot(page, 'commentator');

    // Every state the page showed is one the engine was in, hand for hand and tile for tile.
    const shown = await shownStates(page);
    const truth = engineHands(id, seed);
    let tiles = 0;
    for (const s of shown) {
      const key = `${s.hand}/${s.events}`;
      const t = truth.get(key);
      expect(t, `the engine at ${key}`).toBeTruthy();
      expect(s.hands.map((h) => [...h].sort((a, b) => a - b)), `hands at ${key}`).toEqual(t!.hands);
      expect(s.drawn, `drawn tiles at ${key}`).toEqual(t!.drawn);
      expect(s.ponds, `ponds at ${key}`).toEqual(t!.ponds);
      expect(s.dora, `dora at ${key}`).toEqual(t!.dora);
      expect(s.remaining, `live wall at ${key}`).toBe(t!.remaining);
      tiles += s.hands.flat().length;
    }
    console.log(`commentator: ${shown.length} page states (${new Set(shown.map((s) => s.hand)).size} hands), ${tiles} concealed tiles, ponds, dora and wall checked against the engine`);
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.some((s) => s.drawn.some((d) => d !== null))).toBe(true);
    expect(shown.every((s) => s.hands.every((h) => h.length >= 1))).toBe(true);

    expect(errors).toEqual([]);
  }, 400_000);

  it('a table without a commentator delay offers no Commentate button (and refuses commentators); the create form’s delay makes one that does', async () => {
    const { page, errors } = await web.newPage({ width: 1100, height: 800 });
    await page.goto(`${web.http}/`);
    await page.waitForSelector('#create-form');
    // Table A: the form's default (no commentator view); three bots and a seat nobody takes, so it waits.
    expect(await page.inputValue('#commentatorDelay')).toBe('');
    await page.fill('input[name="name"]', 'No commentary');
    await page.selectOption('#seat', 'watch');
    await page.selectOption('#bots', '3');
    await page.click('#create');
    await page.waitForSelector('#watching');
    const idA = decodeURIComponent(/#\/table\/([^?]+)/.exec(page.url())![1]);
    expect(rooms.get(idA)!.settings.commentatorDelayMs).toBeNull();

    // Table B: created by a commentator with a 30 s delay.
    await page.goto(`${web.http}/#/`);
    await page.waitForSelector('#create-form');
    await page.fill('input[name="name"]', 'With commentary');
    await page.selectOption('#commentatorDelay', '30');
    await page.selectOption('#seat', 'commentate');
    await page.selectOption('#bots', '3');
    await page.click('#create');
    await page.waitForSelector('#commentary-banner');
    expect(await text(page, `document.getElementById('commentary-banner').textContent`)).toContain('Commentator view');
    const idB = decodeURIComponent(/#\/table\/([^?]+)/.exec(page.url())![1]);
    expect(page.url()).toContain('?commentate');
    expect(rooms.get(idB)!.settings.commentatorDelayMs).toBe(30_000);

    const { page: lobby, errors: lobbyErrors } = await web.newPage({ width: 1100, height: 800 });
    await lobby.goto(`${web.http}/`);
    await lobby.waitForSelector(`.table-row[data-id="${idA}"] button.watch`);
    await lobby.waitForSelector(`.table-row[data-id="${idB}"] button.commentate`);
    expect(await lobby.$$(`.table-row[data-id="${idA}"] button.commentate`)).toHaveLength(0);
    expect(await lobby.$$(`.table-row[data-id="${idB}"] button.watch`)).toHaveLength(1);
    await screenshot(lobby, 'lobby-commentate');

    // The server agrees: no commentator at table A.
    await expect(connect(web.ws, { reconnect: false }).commentate(idA)).rejects.toThrow(/no commentator view/);
    await sleep(100);
    expect(errors).toEqual([]);
    expect(lobbyErrors).toEqual([]);
  }, 120_000);
});
