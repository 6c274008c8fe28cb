import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Command } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { keyOf, rooms } from '../server/harness';
import { autoCommand, DEFAULT_AIDS } from '../../web/src/aids';
import { probe, sleep, until, untilDecisionShown, webSuite } from './browser';
import { roomLog, stateShows } from '../support/roomLog';

const web = webSuite();

/** Every trusted pointer press the page receives (a keyboard's Enter on a button makes a click, never a pointerdown). */
const POINTER_SCRIPT = `window.__pointer = 0; addEventListener('pointerdown', (e) => { if (e.isTrusted) window.__pointer++; }, true);`;

/** One decision the person made from the keyboard: what it sent, with which keys, at which log index. */
interface Decision {
  at: number;
  command: Command;
  keys: string[];
}

const focused = (page: Page) =>
  page.evaluate(`(() => { const a = document.activeElement; return a && a !== document.body ? { id: a.id, tile: a.dataset.tile ?? null, action: a.dataset.action ?? null, aid: a.dataset.aid ?? null, tag: a.tagName } : null; })()`) as Promise<{
    id: string;
    tile: string | null;
    action: string | null;
    aid: string | null;
    tag: string;
  } | null>;

/**
 * Issue 15's closing test and item 9 ("the whole game playable from the keyboard"): one person and
 * three bots on the lobby's default table (WRC 2015: penalise, no clock, every seat asked after
 * every discard), created from the lobby and played to the final screen with keys only — Tab,
 * arrows, Enter, Space and the shortcuts — then the finished game's replay stepped through to its
 * end and its downloads taken, all from the keyboard. The person plays as the efficiency bot
 * would; the server's log, replayed, says which decisions it asked of seat 0, and those are
 * exactly the ones the keys made.
 */
describe('a hanchan from the keyboard', () => {
  it('is played to the final screen with keys only: every asked decision made by keys, none for a pass-only window; riichi needs no key after it; results wait; the replay steps through the whole log; the final links work', async () => {
    const { page, errors } = await web.newPage({ width: 1280, height: 1000 });
    await page.addInitScript(POINTER_SCRIPT);
    const keys: string[] = [];
    const press = async (key: string) => {
      keys.push(key);
      await page.keyboard.press(key);
    };
    let mostTabs = 0;
    /** Presses Tab (or Shift+Tab) until `selector` holds the focus; the presses are counted. */
    const tabTo = async (selector: string, back = false) => {
      for (let i = 0; i < 120; i++) {
        if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return void (mostTabs = Math.max(mostTabs, i));
        await press(back ? 'Shift+Tab' : 'Tab');
      }
      // What the page held when Tab could not reach it: the element (if any), what took the focus, the page's position.
      const seen = await page.evaluate(`(() => { const el = document.querySelector(${JSON.stringify(selector)}); const a = document.activeElement; return { present: !!el, html: el?.outerHTML.slice(0, 200) ?? null, active: a ? a.outerHTML.slice(0, 200) : null, tabbables: document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length, overlay: !!document.getElementById('overlay'), message: document.getElementById('message')?.textContent ?? null, actions: document.getElementById('actions')?.textContent ?? null }; })()`);
      throw new Error(`Tab never reached ${selector}: ${JSON.stringify({ ...(seen as object), probe: await probe(page), server: keyOf(rooms.get(decodeURIComponent(/#\/table\/([^?]+)/.exec(page.url())?.[1] ?? ''))?.state ?? ({} as never)) })}`);
    };

    // The lobby's defaults (WRC 2015, no clock, East, three bots); More options opened and filled from the keyboard.
    await page.goto(`${web.http}/`);
    await page.waitForSelector('#create-form');
    await tabTo('details summary');
    await press('Enter');
    for (const [sel, value] of [['#botDelay', '20'], ['#handPause', '0.5'], ['#seedInput', 'web-hanchan-25']]) {
      await tabTo(sel);
      await page.keyboard.type(value);
    }
    await tabTo('#create');
    await press('Enter');
    await page.waitForSelector('#table');
    const id = decodeURIComponent(/#\/table\/([^?]+)/.exec(page.url())![1]);
    const room = rooms.get(id)!;
    expect(room.settings.rules.name).toBe('wrc2015');
    expect(room.settings.rules.foulPolicy).toBe('penalise');
    expect(room.settings.rules.timeControl.kind).toBe('none');
    const lobbyKeys = keys.length;

    const decisions: Decision[] = [];
    const kinds: Record<string, number> = {};
    const count = (kind: string) => (kinds[kind] = (kinds[kind] ?? 0) + 1);
    /** How each button was pressed: its shortcut, or Tab to it and Enter (alternately, by kind). */
    const pressedBy: Record<string, string[]> = {};
    let results = 0;
    let tsumogiriOn = false;
    const deadline = Date.now() + 200_000;

    /** Moves the cursor (and the focus) to `tile` with the arrows, then plays it with Enter (or Space). */
    const playTile = async (tile: number, used: string[]) => {
      // The page may still be drawing the state it showed a moment ago (a late frame on a loaded machine).
      const pickable = await until(`tile ${tile} to be pickable`, async () => {
        const p = (await probe(page)).pickable;
        return p.includes(tile) && p;
      }, 5_000);
      const f = await focused(page);
      // Nothing focused and the drawn tile (the last) wanted: Enter alone plays it.
      if (f !== null || tile !== pickable.at(-1)) {
        for (let i = 0; Number((await focused(page))?.tile) !== tile; i++) {
          expect(i, `arrows never focused tile ${tile}`).toBeLessThan(20);
          const key = pickable.indexOf(tile) < pickable.length / 2 ? 'ArrowRight' : 'ArrowLeft';
          used.push(key);
          await press(key);
        }
        expect(await page.evaluate(`document.activeElement.classList.contains('cursor')`)).toBe(true);
      }
      const key = decisions.length % 5 === 4 && f !== null ? 'Space' : 'Enter';
      used.push(key);
      await press(key);
    };

    /** Presses an offer's button: its shortcut, or every second time Tab (or Shift+Tab) to it and Enter. */
    const pressButton = async (action: string, shortcut: string, used: string[]) => {
      const by = (pressedBy[action] ??= []);
      if (by.length % 2 === 1) {
        const before = keys.length;
        await tabTo(`[data-action="${action}"]`, by.length % 4 === 3);
        used.push(...keys.slice(before));
        expect((await focused(page))?.action).toBe(action);
        used.push('Enter');
        await press('Enter');
        by.push('tab');
      } else {
        used.push(shortcut);
        await press(shortcut);
        by.push('shortcut');
      }
    };

    const setTsumogiri = async (on: boolean, back: boolean) => {
      await tabTo('[data-aid="tsumogiri"]', back);
      await press('Space');
      expect(await page.evaluate(`JSON.parse(localStorage.getItem('jantaku.aids')).tsumogiri`)).toBe(on);
      tsumogiriOn = on;
    };

    let last = '';
    let since = Date.now();
    while (room.state.phase !== 'gameOver') {
      expect(Date.now() < deadline, `still playing at ${keyOf(room.state)}`).toBe(true);
      const state = room.state as TableState;
      if (state.phase === 'handEnded') {
        // The result is shown and stays past the table's pause (0.5 s) until dismissed.
        const ending = state.hands;
        await page.waitForSelector(`#result[data-hand="${ending}"]`);
        await sleep(1500);
        expect(await page.$(`#result[data-hand="${ending}"]`)).not.toBeNull();
        expect([room.state.phase, room.state.hands]).toEqual(['handEnded', ending]);
        if (tsumogiriOn) {
          await setTsumogiri(false, true);
          // The switch is set; the focus is back on Next hand.
        }
        expect((await focused(page))?.id).toBe('close-result');
        await press(results++ % 2 ? 'Space' : 'Enter');
        count('next hand');
        await until('the next deal', () => room.state.hands > ending || room.state.phase === 'gameOver');
        continue;
      }
      const key = keyOf(state);
      if (key !== last) ((last = key), (since = Date.now()));
      const own = state.seats[0].own;
      // Decided only on a state that shows the whole log (roomLog.ts) and did not move while the page was read.
      const legal = stateShows(room) ? legalOfOwn(own) : [];
      const asked = legal.length > 0 && !!own && autoCommand(legal, { drawn: own.drawn, riichi: state.seats[0].riichi }, DEFAULT_AIDS) === null;
      const p = await probe(page);
      if (!asked || p.key !== key || keyOf(room.state) !== key || (await page.$('#overlay'))) {
        expect(Date.now() - since, `stuck at ${key}: ${JSON.stringify(legal)}`).toBeLessThan(10_000);
        await sleep(15);
        continue;
      }
      const c = efficiencyBot(tableViewOf(state, 0), legal);
      const used: string[] = [];
      const before = keys.length;
      const at = room.referee.logLength;
      switch (c.type) {
        case 'discard':
          await playTile(c.tile, used);
          count('discard');
          break;
        case 'riichi':
          // Auto-tsumogiri on for the riichi (a switch set from the keyboard; off again at the hand's end).
          if (!tsumogiriOn) await setTsumogiri(true, false);
          await pressButton('riichi', 'i', used);
          await page.waitForSelector('#hand.mode-riichi');
          await playTile(c.tile, used);
          count('riichi');
          break;
        case 'pass':
          await pressButton('pass', 'x', used);
          count('pass on a call offer');
          break;
        case 'pon':
        case 'chii': {
          await pressButton(c.type, c.type[0], used);
          const options = (legal.find((a) => a.type === c.type) as { options: number[][] }).options;
          if (options.length > 1) {
            used.push('1');
            await press('1');
          }
          count(c.type);
          break;
        }
        case 'tsumo':
        case 'ron':
          await pressButton(c.type, c.type[0], used);
          count(c.type);
          break;
        default:
          throw new Error(`the person would ${JSON.stringify(c)}`);
      }
      decisions.push({ at, command: c, keys: keys.slice(before) });
      // Waits for this seat's own entry, not for any move: a bot's answer to the same call window
      // moves the table too, and the next look would ask this seat again before its pass arrived.
      const entry = await untilDecisionShown(room, at, {
        look: async () => {
          const msg = (await page.evaluate(`document.getElementById('message')?.textContent ?? ''`)) as string;
          if (msg) throw new Error(`the page refused a move: ${msg}`);
        },
      });
      expect(roomLog(room)[entry].command, `the keys' command at ${key}`).toEqual(c);
    }

    // The final screen: the focus is in it (Back to the lobby); the downloads and the replay link work from the keyboard.
    await page.waitForSelector('#standings');
    await until('the focus on the final screen', async () => (await page.evaluate(`document.getElementById('overlay')?.contains(document.activeElement) ?? false`)) as boolean);
    const gameKeys = keys.length - lobbyKeys;
    const hands = room.referee.game.hands.length;
    const log = [...roomLog(room)];
    const stored = (await (await fetch(`${web.http}/api/games/${id}`)).json()) as { status: string; commands: number };
    expect(stored.status).toBe('finished');
    expect(stored.commands).toBe(log.length);
    for (const [sel, check] of [
      ['#mjlog', (t: string) => expect(t).toContain('<mjloggm')],
      ['#mjai', (t: string) => expect(t.split('\n').filter(Boolean).map((l) => JSON.parse(l).type)).toContain('end_game')],
      ['#tenhou6', (t: string) => expect(JSON.parse(t).log).toHaveLength(hands)],
    ] as const) {
      await tabTo(sel, true);
      const [download] = await Promise.all([page.waitForEvent('download'), press('Enter')]);
      const text = readFileSync((await download.path())!, 'utf8');
      const href = (await page.getAttribute(sel, 'href'))!;
      expect(text).toBe(await (await fetch(new URL(href, web.http))).text());
      check(text);
    }

    // The log replayed: each entry of seat 0 was either what the page plays alone (auto-pass, the
    // riichi lock) or the next decision made from the keyboard; none was the clock's.
    const ref = new Referee({ rules: room.referee.rules, seed: room.referee.game.seed });
    ref.game.takeEvents();
    const perHand: { asked: number; passOnly: number; auto: number; offers: Set<string>; keys: string[]; riichiAt: number | null; afterRiichi: number; inputsAfterRiichi: number }[] = [];
    let hand = 0;
    let next = 0;
    /** Log indices whose entry changed something: the replay's steps (after the first deal). */
    const eventful: number[] = [];
    log.forEach((e, i) => {
      const h = (perHand[hand] ??= { asked: 0, passOnly: 0, auto: 0, offers: new Set(), keys: [], riichiAt: null, afterRiichi: 0, inputsAfterRiichi: 0 });
      if (e.seat === 0) {
        expect(e.by, `entry ${i}`).toBeUndefined();
        const legal = ref.game.legalActions(0);
        const s = ref.game.seats[0];
        const auto = autoCommand(legal, { drawn: s.drawn ?? -1, riichi: s.riichi !== 'none' }, DEFAULT_AIDS);
        for (const a of legal) h.offers.add(a.type);
        if (h.riichiAt !== null) h.afterRiichi++;
        if (auto) {
          expect(e.command, `entry ${i}: the page's own play`).toEqual(auto);
          if (auto.type === 'pass' && legal.length === 1) h.passOnly++;
          else h.auto++;
        } else {
          const d = decisions[next++];
          expect(d, `entry ${i}: a decision asked of seat 0`).toBeTruthy();
          expect(d.at, `entry ${i}`).toBeLessThanOrEqual(i);
          expect(e.command, `entry ${i}: the keys' command`).toEqual(d.command);
          h.asked++;
          h.keys.push(...d.keys);
          if (h.riichiAt !== null) h.inputsAfterRiichi++;
          if (d.command.type === 'riichi') h.riichiAt = i;
        }
      }
      const r = e.seat === -1 ? ref.nextHand() : e.seat === -2 ? ref.manual(e.command) : ref.apply(e.seat, e.command, e.by, e.at);
      expect(r.ok, `replaying entry ${i}`).toBe(true);
      if (r.ok && r.events.length) eventful.push(i + 1);
      // An answer to a claim window waits for the others' (the last one's entry carries the outcome).
      else expect(['pass', 'chii', 'pon', 'daiminkan', 'ron'], `entry ${i} changed nothing`).toContain(e.command.type);
      if (e.seat === -1) hand++;
    });
    expect(next, 'every decision made from the keyboard was applied').toBe(decisions.length);
    const summary = perHand.map((h, i) => `${i + 1}: asked ${h.asked}, keys ${h.keys.length}, pass-only windows ${h.passOnly}, page's own ${h.auto}, offers ${[...h.offers].join('/')}`);
    console.log(`hanchan ${id}: ${hands} hands, ${log.length} log entries, ${decisions.length} decisions by ${gameKeys} keys (at most ${mostTabs} Tabs to a target) (${JSON.stringify(kinds)}); buttons ${JSON.stringify(pressedBy)}\n${summary.join('\n')}`);

    // A hand where the person never could call or win: its only inputs are its own discards, none for the pass-only windows it was asked.
    const quiet = perHand.filter((h) => [...h.offers].every((t) => t === 'discard' || t === 'pass'));
    expect(quiet.length, 'a hand without a call offer').toBeGreaterThan(0);
    for (const h of quiet) {
      expect(h.keys.every((k) => ['ArrowLeft', 'ArrowRight', 'Enter', 'Space'].includes(k))).toBe(true);
      expect(h.keys.filter((k) => k === 'Enter' || k === 'Space')).toHaveLength(h.asked);
      expect(h.passOnly).toBeGreaterThan(h.asked);
    }
    // After a riichi, the page played every turn to the hand's end: no input.
    const locked = perHand.filter((h) => h.riichiAt !== null && h.afterRiichi > 0 && h.inputsAfterRiichi === 0 && h.auto > 0);
    expect(locked.length, 'a riichi followed by turns the page played').toBeGreaterThan(0);
    // Both ways of pressing a button were used, and the game saw calls, riichi and a win.
    const all = Object.values(pressedBy).flat();
    expect(all).toContain('tab');
    expect(all).toContain('shortcut');
    expect(kinds.riichi).toBeGreaterThan(0);
    expect((kinds.ron ?? 0) + (kinds.tsumo ?? 0)).toBeGreaterThan(0);
    expect(kinds['next hand']).toBe(hands - 1);

    // The replay link from the keyboard; Next (focused, Enter) steps through every step to the end: one per eventful log entry, after the deal.
    await tabTo('#replay-link');
    await press('Enter');
    await page.waitForSelector('#replay[data-step] .open-hand');
    expect(page.url()).toContain(`#/replay/${id}`);
    await tabTo('#next');
    const shown = () => page.evaluate(`(() => { const r = document.getElementById('replay'); return [Number(r.dataset.hand), Number(r.dataset.step), Number(r.dataset.n)]; })()`) as Promise<number[]>;
    const visited: number[][] = [await shown()];
    for (;;) {
      if (await page.isDisabled('#next')) break;
      expect((await focused(page))?.id).toBe('next');
      await press(visited.length % 3 ? 'Enter' : 'ArrowRight');
      visited.push(await shown());
      expect(visited.length).toBeLessThan(log.length + 2);
    }
    expect(visited.map((v) => v[2])).toEqual([0, ...eventful]);
    expect(visited.at(-1)![2]).toBe(log.length);
    expect(new Set(visited.map((v) => v[0])).size).toBe(hands);
    expect(await page.$('#standings')).not.toBeNull();
    console.log(`replay: ${visited.length} steps for ${log.length} log entries (${log.length - eventful.length} claim answers that waited for others)`);

    expect(await page.evaluate('window.__pointer')).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});
