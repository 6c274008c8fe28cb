import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tenpaiWaits } from '@jantaku/shared/hand/waits';
import { furitenOf } from '@jantaku/shared/queries';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { doraKindOf, isRedId } from '@jantaku/shared/tiles/index';
import { keyOf, rooms } from '../server/harness';
import { autoCommand, DEFAULT_AIDS } from '../../web/src/aids';
import { createFromLobby, screenshot, sleep, untilDecisionShown, webSuite } from './browser';
import { stateShows } from '../support/roomLog';

const web = webSuite();

/** What the page shows, read in the page (the test's tsconfig has no DOM types: page code is a string). */
interface Shown {
  key: string | null;
  hand: number[];
  /** Face-up tiles of the board this seat sees: its hand, ponds (called ones counted in the meld), melds, dora indicators. */
  visible: number[];
  dora: number[];
  waits: [number, number][];
  waitsFor: string | null;
  /** The furiten mark's reasons, '' for no mark. */
  furiten: string;
  keepsTenpai: number[];
  pickable: number[];
  /** Every face-up tile: id, marked dora, marked red. */
  marks: [number, boolean, boolean][];
  /** The waits line's tiles stand for kinds (no id): kind, marked dora. */
  kindMarks: [number, boolean][];
  scores: { seat: number; score: number; diff: number | null }[];
  own: number;
}

const READ = `(() => {
  const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.tile));
  const t = document.getElementById('table');
  const w = document.getElementById('waits');
  const seats = [...document.querySelectorAll('.seat')];
  return {
    key: t ? t.dataset.key : null,
    hand: ids('#hand .hand-tile'),
    visible: ids('#hand .hand-tile, .board .pond .tile[data-tile]:not(.taken), .board .melds .tile[data-tile], #hand .melds .tile[data-tile], #dora .tile[data-tile]'),
    dora: ids('#dora .tile[data-tile]'),
    waits: [...document.querySelectorAll('#waits .wait')].map((e) => [Number(e.dataset.kind), Number(e.dataset.unseen)]),
    waitsFor: w ? w.dataset.for : null,
    furiten: document.getElementById('furiten') ? document.getElementById('furiten').dataset.kinds : '',
    keepsTenpai: ids('#hand .hand-tile.keeps-tenpai'),
    pickable: ids('#hand .hand-tile.pickable'),
    marks: [...document.querySelectorAll('#table .tile[data-tile]')].map((e) => [Number(e.dataset.tile), e.classList.contains('dora'), e.classList.contains('red')]),
    kindMarks: [...document.querySelectorAll('#waits .tile')].map((e) => [e.dataset.tile === undefined ? Number(e.dataset.kind) : -1, e.classList.contains('dora')]),
    scores: seats.map((s) => ({ seat: Number(s.dataset.seat), score: Number(s.querySelector('.score').dataset.score), diff: s.querySelector('.score-diff') ? Number(s.querySelector('.score-diff').dataset.diff) : null })),
    own: Number(document.querySelector('.seat.rel0').dataset.seat),
  };
})()`;

/** Every state the page drew, by key: the furiten mark's reasons while it held 13 tiles (a wait let pass shows only until the next draw, often for a few ms). */
const FURITEN_RECORDER = `window.__furiten = {};
new MutationObserver(() => {
  const t = document.getElementById('table');
  const w = document.getElementById('waits');
  if (!t || !w || w.dataset.for || document.querySelectorAll('#hand .hand-tile').length !== 13) return;
  const f = document.getElementById('furiten');
  window.__furiten[t.dataset.key] = f ? f.dataset.kinds : '';
}).observe(document, { subtree: true, childList: true });`;

/** Waits and unseen copies computed here from the tiles the page shows (not by web/src/waits.ts). */
function expectedWaits(hand: number[], visible: number[]): [number, number][] {
  const counts = new Array(34).fill(0);
  for (const t of hand) counts[t >> 2]++;
  const seen = new Array(34).fill(0);
  for (const t of visible) seen[t >> 2]++;
  return tenpaiWaits(counts, 0).map((k) => [k, 4 - seen[k]]);
}

/**
 * Issue 15 item 2's play information, in Chromium against a real server on a Mahjong Soul table
 * (red fives): the person plays seat 0 without calling, passes every ron and discards every tile
 * it could win with by tsumo, so that it is tenpai and furiten often.
 */
describe('web table play information', () => {
  it('shows waits with unseen counts, discards that keep tenpai, furiten as the server has it, dora and red marks, score gaps', async () => {
    const { page, errors } = await web.newPage();
    await page.addInitScript(FURITEN_RECORDER);
    const id = await createFromLobby(web.http, page, { ruleset: 'majsoul', seed: 'web-waits-1', botDelay: '40', handPause: '1' });
    const room = rooms.get(id)!;
    const game = () => room.referee.game;
    // The server's furiten for seat 0 in every state it sends (the page's must match each it drew).
    const serverFuriten = new Map<string, string>();
    const send = room.broadcastPatch.bind(room);
    room.broadcastPatch = () => {
      if (room.referee?.game.inHand) serverFuriten.set(keyOf(room.state), furitenOf(room.referee.game, 0).kinds.join(' '));
      return send();
    };
    const seen = { tenpai: 0, furiten: 0, notFuriten: 0, hovers: 0, keeps: 0, gaps: 0 };
    const doraTiles = new Set<number>();
    const redTiles = new Set<number>();
    const furitenKinds = new Set<string>();
    const drawn = async () => Object.entries((await page.evaluate('window.__furiten')) as Record<string, string>).filter(([k]) => serverFuriten.has(k));
    /** Reasons seen in the polled moments and in every state the page drew. */
    const kindsSeen = async () => new Set([...furitenKinds, ...(await drawn()).flatMap(([, v]) => v.split(' ').filter(Boolean))]);
    const done = async () => seen.tenpai >= 3 && (await kindsSeen()).size === 3 && seen.hovers >= 2 && doraTiles.size >= 1 && redTiles.size >= 1 && seen.gaps >= 1;
    const deadline = Date.now() + 45_000;

    /** Checks what every moment shows; `still`: the server did not move while the page was read. */
    const check = (p: Shown) => {
      const doraKinds = new Set(p.dora.map((t) => doraKindOf(t >> 2)));
      for (const [t, dora, red] of p.marks) {
        expect(dora, `tile ${t} dora mark`).toBe(doraKinds.has(t >> 2));
        expect(red, `tile ${t} red mark`).toBe(isRedId(t));
        if (dora) doraTiles.add(t);
        if (red) redTiles.add(t);
      }
      for (const [k, dora] of p.kindMarks) expect(dora, `wait ${k} dora mark`).toBe(doraKinds.has(k));
      const mine = p.scores.find((s) => s.seat === p.own)!;
      for (const s of p.scores) {
        if (s.seat === p.own) expect(s.diff).toBeNull();
        else {
          expect(s.diff).toBe(s.score - mine.score);
          if (s.diff !== 0) seen.gaps++;
        }
      }
    };

    while (!(await done())) {
      expect(Date.now() < deadline, `${JSON.stringify(seen)} furiten kinds ${[...(await kindsSeen())]}`).toBe(true);
      const state = room.state as TableState;
      const key = keyOf(state);
      // The server's hand below is the referee's: it is the state's only when the state shows the whole log.
      const settled = stateShows(room);
      const g = game();
      const furiten = furitenOf(g, 0);
      const serverHand = [...g.seats[0].hand];
      const p = (await page.evaluate(READ)) as Shown;
      if (!settled || p.key !== key || keyOf(room.state) !== key || state.phase === 'handEnded' || state.phase === 'gameOver') {
        // A result stays until dismissed (the page holds results).
        if (state.phase === 'handEnded') await page.click('#close-result', { timeout: 2000 }).catch(() => {});
        await sleep(10);
        continue;
      }
      check(p);
      expect(p.hand.sort((a, b) => a - b)).toEqual(serverHand.sort((a, b) => a - b));
      if (p.hand.length === 13 && !p.waitsFor) {
        // Held waits: as computed here from the page's tiles, and the server's waits.
        const want = expectedWaits(p.hand, p.visible);
        expect(p.waits).toEqual(want);
        expect(want.map(([k]) => k)).toEqual(furiten.waits);
        expect(p.furiten, `furiten ${JSON.stringify(furiten)} at ${key}`).toBe(furiten.kinds.join(' '));
        if (want.length && !seen.tenpai) await screenshot(page, 'waits-tenpai');
        if (want.length) seen.tenpai++;
        for (const k of furiten.kinds) furitenKinds.add(k);
        if (furiten.furiten) seen.furiten++;
        else if (want.length) seen.notFuriten++;
      }

      const legal = legalOfOwn(state.seats[0].own);
      const own = state.seats[0].own!;
      const asked = legal.length > 0 && autoCommand(legal, { drawn: own.drawn, riichi: state.seats[0].riichi }, DEFAULT_AIDS) === null;
      if (!asked) {
        await sleep(10);
        continue;
      }
      const at = room.referee.logLength;
      if (legal.some((a) => a.type === 'pass')) {
        // No calls, and every ron let pass: furiten follows.
        await page.click('[data-action="pass"]');
      } else {
        // The discards that keep tenpai, as computed here, are the marked ones; hovering each shows its waits.
        const keeps = p.pickable.filter((t) => expectedWaits(p.hand.filter((x) => x !== t), p.visible).length > 0);
        expect(p.keepsTenpai.sort((a, b) => a - b)).toEqual([...keeps].sort((a, b) => a - b));
        seen.keeps += keeps.length;
        for (const t of keeps.slice(0, 2)) {
          await page.hover(`#hand .hand-tile[data-tile="${t}"]`);
          const q = (await page.evaluate(READ)) as Shown;
          if (q.key !== key) break;
          expect(q.waitsFor).toBe(String(t));
          expect(q.waits).toEqual(expectedWaits(p.hand.filter((x) => x !== t), p.visible));
          if (!seen.hovers) await screenshot(page, 'waits-hover');
          seen.hovers++;
        }
        await page.mouse.move(1, 1);
        const drawn = own.drawn;
        const c = efficiencyBot(tableViewOf(state, 0), legal);
        // A discard that leaves the hand waiting on its own kind is taken (furiten on own discards), a win
        // by tsumo is thrown away (furiten too); no kans.
        const own13 = keeps.find((t) => expectedWaits(p.hand.filter((x) => x !== t), p.visible).some(([k]) => k === t >> 2) && p.pickable.includes(t));
        const tile = legal.some((a) => a.type === 'tsumo') || (c.type !== 'discard' && c.type !== 'riichi') ? drawn : own13 ?? c.tile;
        if (c.type === 'riichi' && tile === c.tile) {
          await page.click('[data-action="riichi"]');
          await page.click(`#hand .tile.pickable[data-tile="${tile}"]`);
        } else await page.click(`#hand .tile[data-tile="${tile}"]`);
      }
      // This seat's own entry, not any move: a bot's answer to the same window moves the table too.
      await untilDecisionShown(room, at, { timeoutMs: 10_000 });
    }
    // Every 13-tile state the page drew, transient ones included, marked furiten for exactly the server's reasons.
    const all = await drawn();
    for (const [k, v] of all) expect(v, `furiten at ${k}`).toBe(serverFuriten.get(k));
    console.log(`${all.length} drawn states compared, ${all.filter(([, v]) => v).length} furiten (${all.filter(([, v]) => v.includes('temporary')).length} temporary)`);
    console.log(`play information: ${JSON.stringify(seen)}, furiten reasons seen ${[...(await kindsSeen())].join(' ')}, ${doraTiles.size} dora and ${redTiles.size} red tiles marked, by hand ${room.state.hands}`);
    expect(seen.notFuriten).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
