import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LegalAction } from '@jantaku/shared/game/types';
import type { RefereeLogEntry } from '@jantaku/shared/referee/referee';
import { keyOf, rooms, type RecordingTableRoom } from '../server/harness';
import { createFromLobby, probe, until, webSuite, type Probe } from './browser';
import { unpackDiscard } from '@jantaku/shared/schema/table';
import { roomLog, stateShows } from '../support/roomLog';

/**
 * Issue 15 item 4, a stable page, in Chromium against a real server: the table page patches its
 * DOM instead of rebuilding it, so a click in progress is never lost, the focus stays where it
 * is, an element that did not change is the same node, and the clock's tick touches the clocks
 * only. Every table here runs a clock (15 s + 60 s bank), which counts down every second.
 */

const web = webSuite();

/** The aids set in the browser before the page loads: calls passed and wins declared by the page, so the person only discards. */
const aids = (tsumogiri: boolean) =>
  `localStorage.setItem('jantaku.aids', JSON.stringify({ autoPass: true, noCalls: true, autoWin: true, tsumogiri: ${tsumogiri} }))`;

type Played = RefereeLogEntry & { seat: 0; command: { type: 'discard'; tile: number }; by?: 'clock' };

/** Seat 0's discards in the referee's log (the canonical record), the clock's included (`by: 'clock'`). */
const discardsOf = (room: RecordingTableRoom): Played[] =>
  roomLog(room).filter((e): e is Played => e.seat === 0 && e.command.type === 'discard');

const legalOf = (room: RecordingTableRoom): LegalAction[] => legalOfOwn(room.state.seats[0].own);

/** The page shows seat 0's turn as the server has it, with only a discard to decide (an auto-win would act by itself). */
async function myTurn(page: Page, room: RecordingTableRoom): Promise<Probe | undefined> {
  const legal = legalOf(room);
  if (!legal.some((a) => a.type === 'discard') || legal.some((a) => a.type === 'tsumo')) return undefined;
  const p = await probe(page);
  return p.pickable.length > 0 && p.key === keyOf(room.state) ? p : undefined;
}

/** The centre of hand tile `tile`, in view. */
async function tileAt(page: Page, tile: number): Promise<{ x: number; y: number }> {
  const el = (await page.$(`#hand .hand-tile[data-tile="${tile}"]`))!;
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A person's click: the button is held about as long as a finger holds it (the page patches meanwhile, every second at least). */
const HOLD_MS = 100;

describe('a stable table page (issue 15 item 4)', () => {
  it('200 discard clicks made while a clock runs are all applied', async () => {
    const { page, errors } = await web.newPage();
    await page.addInitScript(aids(false));
    let clicks = 0;
    for (let game = 0; clicks < 200; game++) {
      const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: `web-stable-clicks-${game}`, botDelay: '20', handPause: '0', timeControl: 'slow' });
      const room = rooms.get(id)!;
      while (clicks < 200) {
        const next = await until(
          'a discard to make, a result to close or the end',
          async () => {
            if (room.state.phase === 'gameOver') return 'over';
            if ((await probe(page)).result !== null && (await page.$('#close-result'))) return 'result';
            return myTurn(page, room);
          },
          120_000,
        );
        if (next === 'over') break;
        if (next === 'result') {
          await page.click('#close-result', { timeout: 5_000 }).catch(() => {});
          continue;
        }
        const tile = next.pickable[clicks % next.pickable.length];
        const before = discardsOf(room).length;
        const at = await tileAt(page, tile);
        await page.mouse.click(at.x, at.y, { delay: HOLD_MS });
        clicks++;
        // The turn ends with the click's discard; a lost click would end it by the clock's (after 15 s and the bank).
        await until(`seat 0's discard after click ${clicks}`, () => discardsOf(room).length > before, 120_000);
        const made = discardsOf(room)[before];
        expect(made.by, `click ${clicks} on tile ${tile} was lost: the clock discarded`).toBeUndefined();
        expect(made.command.tile, `click ${clicks}`).toBe(tile);
        // Else the next look would read a state still asking this discard (roomLog.ts).
        await until('the state to show the discard', () => stateShows(room));
      }
    }
    expect(clicks).toBe(200);
    expect(errors).toEqual([]);
  }, 900_000);

  it('a click made the moment the turn shows is applied, also before the reply to the page’s previous command (its pass) has come', async () => {
    const { page, errors } = await web.newPage();
    await page.addInitScript(aids(false));
    // The page clicks the drawn tile as soon as a patch shows it playable: right after the server's patch, before the next frame.
    await page.addInitScript(`window.__clicked = [];
      new MutationObserver(() => {
        const t = document.querySelector('#hand #drawn .hand-tile.pickable');
        const key = document.getElementById('table')?.dataset.key;
        if (!t || window.__clicked.some((c) => c.key === key)) return;
        window.__clicked.push({ key, tile: Number(t.dataset.tile) });
        t.click();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-key'] });`);
    // WRC 2015 (penalise): every seat is asked after every discard, and the page passes by itself, then draws.
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-stable-instant-1', botDelay: '20', handPause: '0' });
    const room = rooms.get(id)!;
    for (let n = 1; n <= 60 && room.state.phase !== 'gameOver'; n++) {
      // A click the page ignored would leave the table waiting for seat 0 (no clock here) until this fails.
      await until(
        `seat 0's discard ${n}`,
        async () => {
          if (discardsOf(room).length >= n || room.state.phase === 'gameOver') return true;
          if (await page.$('#close-result')) await page.click('#close-result', { timeout: 5_000 }).catch(() => {});
          return false;
        },
        60_000,
      );
    }
    const clicked = (await page.evaluate('window.__clicked')) as { key: string; tile: number }[];
    const made = discardsOf(room);
    expect(made.length).toBeGreaterThanOrEqual(60);
    expect(made.every((d) => d.by === undefined)).toBe(true);
    expect(made.map((d) => d.command.tile)).toEqual(clicked.slice(0, made.length).map((c) => c.tile));
    expect(errors).toEqual([]);
  }, 600_000);

  it('a focused hand tile keeps the focus across the server’s updates and the clock’s ticks; a click held while the page patches still plays', async () => {
    const { page, errors } = await web.newPage();
    await page.addInitScript(aids(false));
    const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-stable-focus-1', botDelay: '300', handPause: '0', timeControl: 'slow' });
    const room = rooms.get(id)!;
    /** Focuses the first tile of seat 0's hand (not its drawn tile) and keeps that node. */
    const focusFirst = async () =>
      Number(await page.evaluate(`(() => { const t = document.querySelector('#hand .tiles .hand-tile'); window.__kept = t; t.focus(); return t.dataset.tile; })()`));
    /**
     * Watches the page until `enough` says so, failing if the kept tile loses the focus; false if
     * the hand ends first (a win by a bot: the test tries the next hand).
     */
    const watch = async (what: string, enough: (keys: number, clockTexts: number) => boolean): Promise<boolean> => {
      const hand = room.state.hands;
      const keys = new Set<string>();
      const clocks = new Set<string>();
      const why = await until(
        what,
        async () => {
          if (room.state.hands !== hand || !['turn', 'claims', 'draw'].includes(room.state.phase)) return 'hand over';
          const shown = (await page.evaluate(
            `({ key: document.getElementById('table').dataset.key, clock: document.getElementById('my-clock')?.textContent ?? null, focused: document.activeElement === window.__kept && window.__kept.isConnected })`,
          )) as { key: string; clock: string | null; focused: boolean };
          if (!shown.focused) return `the focus was lost at ${shown.key} (clock ${shown.clock})`;
          keys.add(shown.key);
          if (shown.clock !== null) clocks.add(shown.clock);
          return enough(keys.size, clocks.size) ? 'done' : undefined;
        },
        120_000,
      );
      expect(why).toMatch(/^(done|hand over)$/);
      return why === 'done';
    };
    for (let tries = 0; ; tries++) {
      expect(tries, 'hands tried').toBeLessThan(8);
      await until('seat 0 to discard', () => myTurn(page, room), 120_000);
      // On seat 0's turn: the focus stays on a tile while its clock ticks (three seconds shown).
      const kept = await focusFirst();
      if (!(await watch('three clock seconds with the tile focused', (_, clocks) => clocks >= 3))) continue;
      // Tsumogiri (the click takes the focus to the drawn tile); then the kept tile is focused again.
      const drawn = Number(await page.getAttribute('#drawn .hand-tile', 'data-tile'));
      const before = discardsOf(room).length;
      const at = await tileAt(page, drawn);
      await page.mouse.click(at.x, at.y);
      await until('the discard', () => discardsOf(room).length > before);
      expect(await focusFirst()).toBe(kept);
      // The three other seats play and seat 0 draws: each a server update, the focus stays.
      if (!(await watch('four server updates with the tile focused', (keys) => keys >= 4))) continue;
      expect(await page.getAttribute('#hand .hand-tile:focus', 'data-tile')).toBe(String(kept));

      // A click held while the page patches (a cursor move redraws the hand) still discards its tile.
      const p = (await until('seat 0 to discard', () => myTurn(page, room)))!;
      const tile = p.pickable.includes(kept) ? kept : p.pickable[0];
      const from = discardsOf(room).length;
      const where = await tileAt(page, tile);
      await page.evaluate(`window.__held = document.querySelector('#hand .hand-tile[data-tile="${tile}"]')`);
      await page.mouse.move(where.x, where.y);
      await page.mouse.down();
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector('#hand .hand-tile.cursor');
      // The tile pressed is still the node under the pointer.
      expect(await page.evaluate(`window.__held.isConnected && window.__held.classList.contains('hand-tile')`)).toBe(true);
      await page.mouse.up();
      await until('the held click’s discard', () => discardsOf(room).length > from);
      expect(discardsOf(room)[from]).toMatchObject({ command: { type: 'discard', tile } });
      expect(discardsOf(room)[from].by).toBeUndefined();
      break;
    }
    expect(errors).toEqual([]);
  }, 600_000);

  it('an element that did not change is the same DOM node after updates: the pond’s first tile, the score, the round', async () => {
    const { page, errors } = await web.newPage();
    // The page plays its own drawn tiles: the table runs with no click.
    await page.addInitScript(aids(true));
    const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-stable-nodes-1', botDelay: '200', handPause: '0', timeControl: 'slow' });
    const room = rooms.get(id)!;
    for (let tries = 0; ; tries++) {
      expect(tries, 'hands tried').toBeLessThan(8);
      await until('a tile in each pond', () => room.state.phase === 'turn' && Array.from(room.state.seats).every((s) => s.discards.length > 0), 120_000);
      const hand = room.state.hands;
      const marked = (await page.evaluate(`(() => {
        window.__nodes = ['.seat[data-seat="1"] .pond .tile', '.seat[data-seat="1"] .score', '#round', '#table'].map((s) => document.querySelector(s));
        return { key: document.getElementById('table').dataset.key, tile: window.__nodes[0]?.dataset.tile ?? null };
      })()`)) as { key: string; tile: string | null };
      expect(marked.tile).toBe(String(unpackDiscard(room.state.seats[1].discards[0]).tile));
      const keys = new Set([marked.key]);
      const outcome = await until(
        'four updates in this hand',
        async () => {
          if (room.state.hands !== hand || room.state.phase === 'handEnded' || room.state.phase === 'gameOver') return 'hand over';
          keys.add((await page.getAttribute('#table', 'data-key'))!);
          return keys.size >= 5 ? 'done' : undefined;
        },
        120_000,
      );
      if (outcome !== 'done') continue;
      const same = (await page.evaluate(`['.seat[data-seat="1"] .pond .tile', '.seat[data-seat="1"] .score', '#round', '#table'].map((s, i) => document.querySelector(s) === window.__nodes[i])`)) as boolean[];
      expect(same).toEqual([true, true, true, true]);
      break;
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
