import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, type Table } from '@jantaku/client-sdk';
import { Referee, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { Game } from '@jantaku/shared/game/game';
import { endedHands } from '../../server/src/replay';
import { rooms } from '../server/harness';
import { screenshot, until, webSuite } from './browser';
import { roomLog } from '../support/roomLog';

/**
 * The replay page (`#/replay/:id`) in Debian's Chromium against a real server: a tonpuusen of
 * four server bots is played out, then every action of its first hand is stepped through (→ key
 * and Next button) and each page state — the four concealed hands, drawn tiles, ponds, dora —
 * is checked against the engine's position, rebuilt by replaying the table's log in a fresh
 * Referee up to the step's log index. The last hand's result and the final table are checked
 * against the stored ones, and the download links answer 200. A running table's replay holds
 * only its ended hands.
 */

const web = webSuite();
const tables: Table[] = [];

afterAll(async () => {
  for (const t of tables) await t.leave().catch(() => {});
});

interface ReplayJson {
  status: string;
  hands: { steps: { seat: number; n: number; events: { type: string }[] }[] }[];
}

/** What the replay page shows (page code is a string: no DOM types here). */
const SHOWN = `(() => {
  const r = document.getElementById('replay');
  const hands = [0, 1, 2, 3].map((s) => [...document.querySelectorAll('.open-hand[data-hand="' + s + '"] [data-tile]')].map((e) => Number(e.dataset.tile)));
  const drawn = [0, 1, 2, 3].map((s) => { const d = document.querySelector('.open-hand[data-hand="' + s + '"] [data-drawn]'); return d ? Number(d.dataset.drawn) : null; });
  const ponds = [0, 1, 2, 3].map((s) => [...document.querySelectorAll('.seat[data-seat="' + s + '"] .pond [data-tile]')].map((e) => Number(e.dataset.tile)));
  const dora = [...document.querySelectorAll('#dora [data-tile]')].map((e) => Number(e.dataset.tile));
  const remaining = parseInt(document.getElementById('remaining').textContent, 10);
  const scores = [0, 1, 2, 3].map((s) => Number(document.querySelector('.seat[data-seat="' + s + '"] [data-score]').dataset.score));
  return { hand: Number(r.dataset.hand), step: Number(r.dataset.step), n: Number(r.dataset.n), phase: r.dataset.phase, hands, drawn, ponds, dora, remaining, scores };
})()`;
interface Shown {
  hand: number;
  step: number;
  n: number;
  phase: string;
  hands: number[][];
  drawn: (number | null)[];
  ponds: number[][];
  dora: number[];
  remaining: number;
  scores: number[];
}
const shown = (page: Page) => page.evaluate(SHOWN) as Promise<Shown>;
/** The result's score changes by seat, and the final table's [seat, final] rows. */
const deltasShown = (page: Page) => page.evaluate(`[...document.querySelectorAll('#result [data-delta]')].map((e) => Number(e.dataset.delta))`) as Promise<number[]>;
const finalsShown = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('#standings tr[data-seat]')].map((e) => [Number(e.dataset.seat), Number(e.querySelector('[data-final]').dataset.final)])`) as Promise<number[][]>;

/** The table's log replayed in a fresh Referee, one entry at a time, to any log index asked for (in order). */
function engineAt(rules: Referee['rules'], seed: string, log: readonly RefereeLogEntry[]) {
  const ref = new Referee({ rules, seed });
  ref.game.takeEvents();
  let done = 0;
  return (n: number): Game => {
    while (done < n) {
      const e = log[done++];
      const r = e.seat === -1 ? ref.nextHand() : e.seat === -2 ? ref.manual(e.command) : ref.apply(e.seat, e.command, e.by, e.at);
      expect(r.ok, `replaying entry ${done - 1}`).toBe(true);
    }
    return ref.game;
  };
}

const sorted = (a: readonly number[]) => [...a].sort((x, y) => x - y);

describe('replay page', () => {
  it('steps through every action of the first hand as the engine played it, jumps to the last hand, shows its stored result, and links the logs', async () => {
    const seed = 'web-replay-1';
    const creator = await connect(web.ws, { reconnect: false }).create({ ruleset: 'tenhou', overrides: { length: 'tonpuusen' }, seed, bots: 4, spectator: true, botDelayMs: 5, handPauseMs: 0, name: 'Replayed' });
    tables.push(creator);
    const id = creator.id;
    const room = rooms.get(id)!;
    const t0 = Date.now();
    await until('the game to end', () => room.referee.game.phase === 'gameOver', 240_000);
    const game = await until('the stored game to be finished', async () => {
      const g = (await (await fetch(`${web.http}/api/games/${id}`)).json()) as { status: string; standings: { seat: number; final: number; points: number }[] };
      return g.status === 'finished' && g;
    });
    const log = [...roomLog(room)];
    const engineHands = room.referee.game.hands;
    console.log(`replay: a tonpuusen of ${engineHands.length} hands and ${log.length} log entries played in ${Date.now() - t0} ms`);

    const data = (await (await fetch(`${web.http}/api/games/${id}/replay`)).json()) as ReplayJson;
    expect(data.status).toBe('finished');
    expect(data.hands).toHaveLength(engineHands.length);

    // The table's game-over screen (watched) links the replay.
    const { page, errors } = await web.newPage({ width: 1280, height: 1000 });
    await page.goto(`${web.http}/#/table/${id}?watch`);
    await page.click('#replay-link');
    expect(page.url()).toContain(`#/replay/${id}`);
    await page.waitForSelector('#replay[data-step] .open-hand[data-hand="3"] [data-tile]');

    // Every action of the first hand: the → key, a click on Next, the → key, Enter on Next (which kept the focus: the page is patched), …
    const at = engineAt(room.referee.rules, seed, log);
    const steps = data.hands[0].steps;
    for (let i = 0; i < steps.length; i++) {
      const s = await shown(page);
      expect([s.hand, s.step]).toEqual([0, i]);
      expect(s.n).toBe(steps[i].n);
      const g = at(s.n);
      const where = `hand 0, action ${i} (log ${s.n})`;
      expect(s.hands.map(sorted), `hands at ${where}`).toEqual(g.seats.map((x) => sorted(x.hand)));
      expect(s.drawn, `drawn at ${where}`).toEqual(g.seats.map((x) => x.drawn));
      expect(s.ponds, `ponds at ${where}`).toEqual(g.seats.map((x) => x.discards.map((d) => d.tile)));
      expect(s.dora, `dora at ${where}`).toEqual([...g.doraIndicators]);
      expect(s.remaining, `wall at ${where}`).toBe(g.remaining);
      expect(s.scores, `scores at ${where}`).toEqual(g.scores);
      if (i === 20) await screenshot(page, 'replay');
      if (i < steps.length - 1) {
        if (i % 2 === 0) await page.keyboard.press('ArrowRight');
        else if (i % 4 === 1) await page.click('#next');
        else {
          expect(await page.evaluate(`document.activeElement?.id`), `focus at ${where}`).toBe('next');
          await page.keyboard.press('Enter');
        }
        await page.waitForSelector(`#replay[data-step="${i + 1}"]`);
      }
    }
    console.log(`replay: ${steps.length} actions of the first hand (log entries 0..${steps.at(-1)!.n}) checked against the engine`);
    expect(steps.length).toBeGreaterThan(20);
    // The last step ends the hand: the next log entry deals the next one, and its result is shown.
    expect(log[steps.at(-1)!.n]?.seat).toBe(-1);
    const r0 = engineHands[0].result!;
    expect(await page.getAttribute('#result', 'data-kind')).toBe(r0.kind);
    expect(await deltasShown(page)).toEqual(r0.deltas);
    // ← goes back one action (the result goes with the hand's end).
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector(`#replay[data-step="${steps.length - 2}"]`);
    expect(await page.$$('#result')).toHaveLength(0);

    // The hand selector jumps to the last hand; its last action shows the stored result and the final table.
    const last = data.hands.length - 1;
    await page.selectOption('#hand-select', String(last));
    await page.waitForSelector(`#replay[data-hand="${last}"][data-step="0"]`);
    const lastSteps = data.hands[last].steps.length;
    for (let i = 1; i < lastSteps; i++) await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`#replay[data-hand="${last}"][data-step="${lastSteps - 1}"]`);
    expect(await page.isDisabled('#next')).toBe(true);
    const rl = engineHands[last].result!;
    expect(await page.getAttribute('#result', 'data-kind')).toBe(rl.kind);
    expect(await deltasShown(page)).toEqual(rl.deltas);
    const finals = await finalsShown(page);
    expect(finals.sort((a, b) => a[0] - b[0])).toEqual([...game.standings].sort((a, b) => a.seat - b.seat).map((s) => [s.seat, s.final]));
    const shownScores = (await shown(page)).scores;
    expect(shownScores).toEqual([...game.standings].sort((a, b) => a.seat - b.seat).map((s) => s.points));
    await screenshot(page, 'replay-last-hand');

    // Shift+← goes back a hand.
    await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForSelector(`#replay[data-hand="${last - 1}"][data-step="0"]`);

    // The download links answer 200 with the logs.
    for (const [sel, check] of [
      ['#dl-tenhou6', (t: string) => expect(JSON.parse(t).log).toHaveLength(engineHands.length)],
      ['#dl-mjai', (t: string) => expect(t.split('\n').filter(Boolean).map((l) => JSON.parse(l).type)).toContain('end_game')],
      ['#dl-mjlog', (t: string) => expect(t).toContain('<mjloggm')],
    ] as const) {
      const href = (await page.getAttribute(sel, 'href'))!;
      const res = await fetch(new URL(href, web.http));
      expect(res.status, href).toBe(200);
      check(await res.text());
    }
    expect(errors).toEqual([]);
  }, 400_000);

  it('a running table releases only its ended hands: none while the first is played, and a log cut mid-hand gives the hands before it', async () => {
    // Three bots and a seat held by a client that never acts: the first hand stays in play.
    const player = await connect(web.ws, { reconnect: false }).create({ ruleset: 'tenhou', seed: 'web-replay-running', bots: 3, botDelayMs: 5, handPauseMs: 0, name: 'Running' });
    tables.push(player);
    const room = rooms.get(player.id)!;
    await until('the first hand to be dealt', () => room.referee.game.seats.every((s) => s.hand.length >= 13));
    const res = await fetch(`${web.http}/api/games/${player.id}/replay`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as ReplayJson;
    expect(data.status).toBe('open');
    expect(room.referee.game.inHand).toBe(true);
    expect(data.hands).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('"dealt"');

    // The replay page says so, and the lobby's row links it.
    const { page, errors } = await web.newPage();
    await page.goto(`${web.http}/#/replay/${player.id}`);
    await page.waitForSelector('#replay #reload');
    expect(await page.textContent('#replay')).toContain('No hand of this game has ended yet');
    await page.goto(`${web.http}/#/`);
    await page.click(`.table-row[data-id="${player.id}"] a.replay`);
    await page.waitForSelector('#replay #reload');
    expect(page.url()).toContain(`#/replay/${player.id}`);
    expect(errors).toEqual([]);

    // A private table's replay: only with its invite code, and the page passes it on.
    const host = await connect(web.ws, { reconnect: false }).create({ ruleset: 'tenhou', seed: 'web-replay-private', bots: 3, botDelayMs: 5, handPauseMs: 0, private: true });
    tables.push(host);
    const code = rooms.get(host.id)!.settings.inviteCode!;
    expect((await fetch(`${web.http}/api/games/${host.id}/replay`)).status).toBe(404);
    expect((await fetch(`${web.http}/api/games/${host.id}/replay?code=${code}`)).status).toBe(200);
    await page.goto(`${web.http}/#/replay/${host.id}?code=${code}`);
    await until('the private replay page', async () => /No hand of this game has ended yet/.test((await page.textContent('#replay')) ?? ''));
    expect(errors).toEqual([]);

    // Mid-hand: a finished game's log cut inside its second hand gives the first hand only, whole.
    const done = [...rooms.values()].find((r) => r.referee.game.phase === 'gameOver' && r.referee.game.hands.length >= 2)!;
    const opts = { rules: done.referee.rules, seed: done.referee.game.seed };
    const full = endedHands(opts, roomLog(done));
    const second = roomLog(done).findIndex((e) => e.seat === -1);
    for (const cut of [second, second + 1, second + 10]) {
      const part = endedHands(opts, roomLog(done).slice(0, cut));
      expect(part, `log cut at ${cut}`).toEqual(full.slice(0, 1));
    }
    expect(full[0].steps.at(-1)!.events.some((e) => e.type === 'handEnded')).toBe(true);
  }, 120_000);

  it('a fault of an ended hand reads in words, as on the table: who, what happened, the rule linked, the penalty', async () => {
    // WRC 2015 (penalise): seat 0 declares tsumo with its hand shown on its first turn, a false win.
    const player = await connect(web.ws, { reconnect: false }).create({ ruleset: 'wrc2015', seed: 'web-replay-fault', bots: 3, seat: 0, botDelayMs: 5, handPauseMs: 0, name: 'Faulty' });
    tables.push(player);
    const room = rooms.get(player.id)!;
    await until('seat 0 to play', () => player.legal.some((a) => a.type === 'discard'));
    expect((await player.act({ type: 'tsumo', reveal: true })).status).toBe('fault');
    const record = room.referee.faults.at(-1)!;
    expect(record.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    await until('the hand to end', () => room.referee.game.hands.length >= 2 || room.referee.game.phase === 'handEnded');
    const { page, errors } = await web.newPage();
    await page.goto(`${web.http}/#/replay/${player.id}`);
    await page.waitForSelector('#replay[data-hand="0"]');
    // The fault is the hand's first action after the deal.
    await page.keyboard.press('ArrowRight');
    const fault = await page.waitForSelector(`.fault[data-rule="${record.rule}"]`);
    const sentence = (await page.textContent('.fault .sentence')) ?? '';
    expect(sentence).toContain('Chombo: ');
    // The game's rules are read: WRC's chombo costs 20 points off the final score.
    await until('the chombo’s size in words', async () => ((await page.textContent('.fault .sentence')) ?? '').includes('\u221220 off'));
    expect(await fault.$('.reason')).toBeNull();
    expect(await page.getAttribute(`.fault a[data-rule-link="${record.rule}"]`, 'href')).toBe(`#/rules/${record.rule}`);
    expect(await page.textContent('.fault .penalty')).toMatch(/Penalty: chombo: 20 penalty points, hand redealt/);
    expect(errors).toEqual([]);
  }, 120_000);
});
