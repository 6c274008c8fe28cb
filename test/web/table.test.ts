import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Command, HandResult, LegalAction } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import type { RuleId } from '@jantaku/shared/referee/ids';
import { keyOf, moments, rooms } from '../server/harness';
import { RECORDER_SCRIPT, createFromLobby, probe, screenshot, sleep, snapshots, until, webSuite, type Probe } from './browser';

/**
 * The web table in Debian's Chromium against a real server serving the built app: a person
 * plays against three bots by clicking, a spectator's page never holds a concealed tile of any
 * seat, and a free declaration under a penalise ruleset shows its rule ID and penalty.
 */

const web = webSuite();

const text = (page: Page, js: string) => page.evaluate(js) as Promise<unknown>;

describe('web table', () => {
  it('a person plays against three bots by clicking: discards, a call, riichi, and the hand results show the engine’s scores; a spectator never sees a concealed tile', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-table-1', botDelay: '20', handPause: '4' });
    const room = rooms.get(id)!;
    expect(room).toBeTruthy();

    // A spectator watches from the start; a second visitor sees the table listed in the lobby.
    const { page: spec, errors: specErrors } = await web.newPage({ width: 1000, height: 800 });
    await spec.addInitScript(RECORDER_SCRIPT);
    await spec.goto(`${web.http}/#/table/${id}?watch`);
    await spec.waitForSelector('#watching');
    const { page: lobby } = await web.newPage({ width: 1100, height: 700 });
    await lobby.goto(`${web.http}/`);
    await lobby.waitForSelector(`.table-row[data-id="${id}"]`);
    expect(await text(lobby, `document.querySelector('.table-row[data-id="${id}"]').textContent`)).toContain('Tenhou · hanchan');
    await screenshot(lobby, 'lobby');

    const done = { discards: 0, calls: 0, riichi: 0, results: 0, wins: 0 };
    const verified = new Set<string>();
    let progressShot = false;
    let lastDifferent = Date.now();
    const deadline = Date.now() + 480_000;

    /** Checks the result screen against what the engine computed for that moment. */
    const verifyResult = async (p: Probe) => {
      const m = moments.get(`${id}/${p.key}`);
      expect(m?.lastResult, `moment ${p.key}`).toBeTruthy();
      const engine = JSON.parse(m!.lastResult) as HandResult;
      const shown = (await text(
        page,
        `({ deltas: [...document.querySelectorAll('#result td[data-delta]')].map((e) => Number(e.dataset.delta)),
            scores: [...document.querySelectorAll('#result td[data-score]')].map((e) => Number(e.dataset.score)),
            points: [...document.querySelectorAll('#result [data-points]')].map((e) => Number(e.dataset.points)),
            values: [...document.querySelectorAll('#result [data-value]')].map((e) => e.textContent),
            yaku: [...document.querySelectorAll('#result .win table.yaku tr')].length,
            kind: document.getElementById('result').dataset.kind,
            text: document.getElementById('result').textContent })`,
      )) as { deltas: number[]; scores: number[]; points: number[]; values: string[]; yaku: number; kind: string; text: string };
      expect(shown.kind).toBe(engine.kind);
      expect(shown.deltas).toEqual(engine.deltas);
      expect(shown.points).toEqual(engine.wins.map((w) => w.score.payment.total));
      expect(shown.yaku).toBe(engine.wins.reduce((n, w) => n + w.score.yaku.length, 0));
      engine.wins.forEach((w, i) => {
        if (!w.score.yakuman) expect(shown.values[i]).toContain(`${w.score.han} han ${w.score.fu} fu`);
      });
      if (engine.kind === 'draw' && engine.tenpai.length) expect(shown.text).toContain('Tenpai');
      if (keyOf(room.state) === p.key) expect(shown.scores).toEqual(room.referee.game.scores);
      done.results++;
      if (engine.kind === 'win') done.wins++;
      if (done.results === 1) await screenshot(page, 'result');
      if (engine.kind === 'win' && done.wins === 1) await screenshot(page, 'result-win');
      console.log(`hand ${p.result}: ${engine.kind} ${engine.draw ?? ''} deltas ${engine.deltas.join(' ')} — shown the same`);
    };

    /** Clicks what the person does: the first call offered (once), else what a good player (the efficiency bot) would. */
    const play = async (p: Probe, legal: LegalAction[]) => {
      const call = legal.find((a): a is Extract<LegalAction, { type: 'chii' | 'pon' }> => a.type === 'chii' || a.type === 'pon');
      const view = tableViewOf(room.state as TableState, 0);
      const c: Command = call && done.calls === 0 ? { type: call.type, tiles: call.options[0] } : efficiencyBot(view, legal);
      switch (c.type) {
        case 'discard':
          expect(p.pickable).toContain(c.tile);
          await page.click(`#hand .tile[data-tile="${c.tile}"]`);
          done.discards++;
          return;
        case 'riichi':
          await page.click('[data-action="riichi"]');
          await page.click(`#hand .tile.pickable[data-tile="${c.tile}"]`);
          done.riichi++;
          done.discards++;
          return;
        case 'chii':
        case 'pon': {
          await page.click(`[data-action="${c.type}"]`);
          const options = (legal.find((a) => a.type === c.type) as { options: [number, number][] }).options;
          if (options.length > 1) await page.click(`[data-choice="${options.findIndex((o) => o.join() === c.tiles.join())}"]`);
          done.calls++;
          return;
        }
        case 'ankan':
        case 'shouminkan':
        case 'daiminkan': {
          await page.click('[data-action="kan"]');
          if (await page.$('[data-choice]')) await page.click('[data-choice="0"]');
          done.calls++;
          return;
        }
        default:
          await page.click(`[data-action="${c.type}"]`);
      }
    };

    for (;;) {
      expect(Date.now() < deadline, `still playing: ${JSON.stringify(done)}`).toBe(true);
      const p = await probe(page);
      if (p.result && p.key && !verified.has(p.key) && (p.phase === 'handEnded' || p.phase === 'gameOver')) {
        verified.add(p.key);
        await verifyResult(p);
        if (p.phase === 'handEnded') {
          // The result stays past the table's pause (4 s) until the person dismisses it.
          const hands = room.state.hands;
          if (done.results === 1) {
            await sleep(4000 + 2000);
            expect(await page.$('#result')).not.toBeNull();
            expect(room.state.phase).toBe('handEnded');
            expect(room.state.hands).toBe(hands);
          }
          expect(await text(page, `document.activeElement?.id`)).toBe('close-result');
          await page.keyboard.press(done.results % 2 ? 'Enter' : ' ');
          await until('the next deal', () => room.state.hands > hands || room.state.phase === 'gameOver');
          if (room.state.phase !== 'gameOver') await until('the page to show the next deal', async () => !(await page.$('#result')) && (await probe(page)).key === keyOf(room.state));
        }
      }
      if (done.discards > 0 && done.calls > 0 && done.riichi > 0 && done.results > 0) break;
      expect(p.phase).not.toBe('gameOver');
      const legal = legalOfOwn(room.state.seats[0].own);
      if (p.key !== keyOf(room.state) || legal.length === 0 || p.result) {
        if (Date.now() - lastDifferent > 30_000) throw new Error(`stuck at ${p.key} (server ${keyOf(room.state)})`);
        await sleep(25);
        continue;
      }
      if (!progressShot && done.calls > 0 && p.pickable.length > 0) {
        progressShot = true;
        await screenshot(page, 'hand-in-progress');
        await screenshot(spec, 'spectator');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'hand-phone');
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await play(p, legal);
      // The click was taken: the table moves on (or the page says why not).
      await until('the table to move on', async () => {
        const q = await probe(page);
        if (q.key !== p.key) return true;
        const msg = (await text(page, `document.getElementById('message')?.textContent ?? ''`)) as string;
        if (msg) throw new Error(`the page refused a move: ${msg}`);
        return false;
      });
      lastDifferent = Date.now();
    }
    console.log(`person: ${JSON.stringify(done)}`);
    if (!progressShot) await screenshot(page, 'hand-in-progress');

    // The spectator's page, at every change it showed, held only tiles that everyone may see then.
    await sleep(300);
    const snaps = await snapshots(spec);
    let checked = 0;
    const leaks: string[] = [];
    for (const s of snaps) {
      const m = moments.get(`${id}/${s.key}`);
      expect(m, `moment ${s.key}`).toBeTruthy();
      expect(s.hand).toBe(false);
      for (const t of s.tiles) if (!m!.allowed[4].has(t)) leaks.push(`${s.key}: tile ${t}`);
      checked += s.tiles.length;
    }
    console.log(`spectator: ${snaps.length} page states, ${checked} tiles checked, ${leaks.length} not public`);
    expect(leaks).toEqual([]);
    expect(snaps.length).toBeGreaterThan(20);
    expect(snaps.some((s) => s.backs >= 39)).toBe(true);
    expect(errors).toEqual([]);
    expect(specErrors).toEqual([]);
  }, 600_000);

  it('a spectator of four bots sees the final table: ranks, uma, penalties, final scores, working download links (tenhou.net/6, mjai, mjlog) and replay link', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-final-1', botDelay: '0', handPause: '0', bots: '4', seat: 'watch' });
    await page.waitForSelector('#watching');
    await page.waitForSelector('#standings', { timeout: 120_000 });
    const game = rooms.get(id)!.referee.game;
    const shown = (await text(
      page,
      `[...document.querySelectorAll('#standings tbody tr')].map((r) => ({ seat: Number(r.dataset.seat), final: Number(r.querySelector('[data-final]').dataset.final), penalty: Number(r.querySelector('[data-penalty]').dataset.penalty), cells: [...r.children].map((c) => c.textContent) }))`,
    )) as { seat: number; final: number; penalty: number; cells: string[] }[];
    const standings = [...game.standings!].sort((a, b) => a.rank - b.rank);
    expect(shown.map((r) => [r.seat, r.final, r.penalty])).toEqual(standings.map((s) => [s.seat, s.final, s.penalty]));
    // Uma (with oka to the first) as the engine gave it: final + penalty - (points - return) / 1000.
    const rules = game.rules;
    standings.forEach((s, i) => {
      const uma = Math.round((s.final + s.penalty - (s.points - rules.returnPoints) / 1000) * 10) / 10;
      expect(Number(shown[i].cells[3])).toBeCloseTo(uma, 5);
      expect(Number(shown[i].cells[2])).toBe(s.points);
    });
    const href = await page.getAttribute('#tenhou6', 'href');
    expect(href).toBe(`${web.http}/api/games/${id}/tenhou6`);
    const log = await fetch(href!);
    expect(log.status).toBe(200);
    expect(await log.json()).toHaveProperty('log');
    for (const sub of ['mjai', 'mjlog']) {
      const link = await page.getAttribute(`#${sub}`, 'href');
      expect(link).toBe(`${web.http}/api/games/${id}/${sub}`);
      const res = await fetch(link!);
      expect(res.status).toBe(200);
      expect((await res.text()).length).toBeGreaterThan(100);
    }
    // The replay link opens the replay page of this game.
    const replay = await page.getAttribute('#replay-link', 'href');
    expect(replay).toBe(`#/replay/${encodeURIComponent(id)}`);
    const { page: rp, errors: replayErrors } = await web.newPage();
    await rp.goto(`${web.http}/${replay}`);
    await rp.waitForSelector('#replay[data-hand]', { timeout: 60_000 });
    expect(replayErrors).toEqual([]);
    // The walls checked in the page (SubtleCrypto): every hand of the game verified against its commitment.
    await page.click('#check-walls');
    await page.waitForSelector('#fairness li');
    const verdicts = await text(page, `[...document.querySelectorAll('#fairness li')].map((l) => [Number(l.dataset.hand), l.dataset.verdict])`);
    expect(verdicts).toEqual(game.hands.map((_, i) => [i, 'verified']));
    await screenshot(page, 'final-table');
    expect(errors).toEqual([]);
  }, 300_000);

  it('under wrc2015 a ron declared in free mode with nothing is shown as a fault in words: who, rule ID (linked to its text), penalty and the final-score effect; the result waits for Next hand', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-fault-1', botDelay: '20', handPause: '30' });
    const room = rooms.get(id)!;
    await page.waitForSelector('#policy');
    expect(await text(page, `document.getElementById('policy').textContent`)).toContain('penalise');
    // East discards first; then a claim window opens on South's discard (every seat may answer under penalise).
    // By keyboard: Enter discards (the drawn tile), F opens free declarations.
    await until('a tile to discard', async () => (await probe(page)).pickable.length > 0);
    const drawn = Number(await page.getAttribute('#drawn .tile', 'data-tile'));
    await page.keyboard.press('Enter');
    await until('the discard', () => room.referee.game.seats[0].discards.some((d) => d.tile === drawn));
    await until('a claim window', async () => (await probe(page)).actions.includes('pass'));
    await page.keyboard.press('f');
    await page.waitForSelector('[data-declare="ron"]');
    await page.click('[data-declare="ron"]');
    const fault = await page.waitForSelector('.fault');
    const shown = (await fault.textContent()) ?? '';
    const record = room.referee.faults.at(-1)!;
    expect(record.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    expect(await fault.getAttribute('data-rule')).toBe(record.rule);
    expect(shown).toContain(record.rule);
    // In words: the penalty, what happened, and the final-score penalty (not the hand's 0).
    expect(shown).toContain('Chombo: ');
    expect(shown).toContain('\u221220 off your final score');
    expect(shown).toMatch(/Penalty: chombo: 20 penalty points, hand redealt/);
    // The rule ID links to its text.
    const ruleHref = await page.getAttribute(`.fault a[data-rule-link="${record.rule}"]`, 'href');
    expect(ruleHref).toBe(`#/rules/${record.rule}`);
    const { page: rulePage, errors: ruleErrors } = await web.newPage();
    await rulePage.goto(`${web.http}/${ruleHref}`);
    await rulePage.waitForSelector(`#rule[data-rule="${record.rule}"]`);
    expect(await text(rulePage, `document.getElementById('rule-text').textContent`)).toBe(CATALOGUE[record.rule as RuleId].reason);
    expect(ruleErrors).toEqual([]);
    expect(shown).toContain('You');
    expect((await probe(page)).faults).toEqual([record.rule]); // once, though both the reply and the events tell it
    // The chombo ends the hand: the result screen names it and the redeal follows.
    await page.waitForSelector('#result[data-kind="chombo"]');
    expect(await text(page, `document.getElementById('result').textContent`)).toContain('WRC-F-FALSE-WIN-REVEALED');
    expect(await text(page, `document.querySelector('#result tr[data-seat="0"] td[data-delta]').textContent`)).toContain('\u221220 off the final score');
    // It stays until dismissed (the table's pause is 30 s); Next hand deals again.
    await page.click('#close-result');
    await until('the redeal', () => room.state.phase !== 'handEnded');
    await screenshot(page, 'fault');
    // A reload takes the same seat back with the seat token the page kept.
    expect(page.url()).toContain('?seat=0');
    await page.reload();
    await page.waitForSelector('#table.player');
    await until('the hand again', async () => ((await text(page, `document.querySelectorAll('#hand .tile[data-tile]').length`)) as number) >= 13);
    expect(await text(page, `document.querySelector('.seat.rel0 .who').textContent`)).toBe('You');
    expect(errors).toEqual([]);
  }, 300_000);
});
