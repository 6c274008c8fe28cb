import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rooms } from '../server/harness';
import { SCREENSHOTS, createFromLobby, probe, until, webSuite } from './browser';

/**
 * The table on a phone (issue 15 item 8), in Chromium with touch: portrait and landscape each
 * fit the screen, every control a finger hits is at least 44×44 px, the words say "tap", and a
 * tapped tile is discarded by the server.
 */

const web = webSuite();

/** Every control a finger hits on the table page, with its size. */
const TARGETS = `[...document.querySelectorAll('#hand .hand-tile.pickable, [data-action], #close-result, #mute, #aids label.aid')].map((e) => {
  const r = e.getBoundingClientRect();
  return { what: e.id || e.dataset.action || (e.dataset.tile ? 'tile ' + e.dataset.tile : e.textContent.trim()), w: r.width, h: r.height };
})`;

interface Target {
  what: string;
  w: number;
  h: number;
}

async function checkTargets(page: Page, where: string): Promise<Target[]> {
  const targets = (await page.evaluate(TARGETS)) as Target[];
  for (const t of targets) {
    expect(t.w, `${where}: ${t.what} width`).toBeGreaterThanOrEqual(44);
    expect(t.h, `${where}: ${t.what} height`).toBeGreaterThanOrEqual(44);
  }
  return targets;
}

const LAYOUTS = [
  { name: 'portrait', viewport: { width: 390, height: 844 } },
  { name: 'landscape', viewport: { width: 844, height: 390 } },
] as const;

describe('the table on a phone', () => {
  for (const { name, viewport } of LAYOUTS) {
    it(`${name} ${viewport.width}×${viewport.height}: 44 px targets, no sideways scroll, "tap", the hand at the bottom, and a tap discards`, async () => {
      const { page, errors } = await web.newPage(viewport, { hasTouch: true, isMobile: true });
      const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: `web-phone-${name}`, botDelay: '60000', handPause: '4' });
      const room = rooms.get(id)!;
      expect(room).toBeTruthy();
      // Seat 0 deals: its first discard is offered at once.
      const pickable = await until('a tile to discard', async () => {
        const p = await probe(page);
        return p.pickable.length > 0 && p.pickable;
      });
      expect(pickable.length).toBe(14);

      const targets = await checkTargets(page, name);
      expect(targets.filter((t) => t.what.startsWith('tile ')).length).toBe(14);
      expect(targets.some((t) => t.what === 'mute')).toBe(true);
      expect(targets.filter((t) => t.what !== 'mute' && !t.what.startsWith('tile ') && !t.what.startsWith('close')).length).toBeGreaterThan(0); // the aids' labels

      const page_ = (await page.evaluate(`({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: innerWidth,
        innerHeight: innerHeight,
        prompt: document.querySelector('#actions .prompt') ? document.querySelector('#actions .prompt').textContent : '',
        text: document.getElementById('table').innerText,
        kbdShown: [...document.querySelectorAll('#table kbd')].filter((k) => k.getClientRects().length > 0).length,
      })`)) as { scrollWidth: number; innerWidth: number; innerHeight: number; prompt: string; text: string; kbdShown: number };
      expect(page_.scrollWidth).toBeLessThanOrEqual(page_.innerWidth);
      expect(page_.prompt).toMatch(/\btap\b/);
      expect(page_.text.toLowerCase()).not.toContain('click');
      expect(page_.prompt).not.toMatch(/Enter|←|Esc/);
      expect(page_.kbdShown).toBe(0);

      // The hand ends the screen: its bottom in the lower quarter of the viewport, and inside it.
      const hand = (await page.locator('#hand').boundingBox())!;
      expect(hand.y + hand.height).toBeGreaterThanOrEqual(page_.innerHeight * 0.75);
      expect(hand.y + hand.height).toBeLessThanOrEqual(page_.innerHeight);

      const dir = process.env.JANTAKU_DOC_SCREENS === '1' ? 'docs/screens' : join(SCREENSHOTS, '..', 'docs-screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `table-phone-${name}.png`) });

      // A tap on the last tile of the hand (the drawn one) discards it, on the server.
      const tile = pickable.at(-1)!;
      const before = room.state.actions;
      await page.tap(`#hand .hand-tile.pickable[data-tile="${tile}"]`);
      await until('the tapped discard applied', () => room.state.actions > before);
      expect(room.referee.game.seats[0].discards.at(-1)!.tile).toBe(tile);
      await page.waitForSelector(`.pond [data-tile="${tile}"]`);
      expect(errors).toEqual([]);
    }, 120_000);
  }

  it('portrait, playing a hand by taps: every call button offered and the "Next hand" button are 44×44 px too', async () => {
    const { page, errors } = await web.newPage({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-phone-hand', botDelay: '20', handPause: '4' });
    let buttons = 0;
    await until(
      'the hand\'s result',
      async () => {
        const p = await probe(page);
        if (p.result !== null && (await page.$('#close-result'))) {
          const shown = await checkTargets(page, `result ${p.key}`);
          expect(shown.some((t) => t.what === 'close-result')).toBe(true);
          return true;
        }
        const shown = await checkTargets(page, `position ${p.key}`);
        buttons += shown.filter((t) => p.actions.includes(t.what)).length;
        // Taps: the drawn tile out, else pass (or the first offer where there is no pass).
        const tap = p.pickable.length ? `#hand .hand-tile.pickable[data-tile="${p.pickable.at(-1)}"]` : p.actions.length ? `[data-action="${p.actions.includes('pass') ? 'pass' : p.actions[0]}"]` : null;
        if (tap) await page.tap(tap).catch(() => {}); // the table may move on under the finger
        return false;
      },
      240_000,
    );
    expect(errors).toEqual([]);
    // Whether a call was offered depends on the deal; the seed gives this hand some.
    expect(buttons).toBeGreaterThan(0);
  }, 300_000);
});
