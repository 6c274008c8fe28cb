import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, play, strategies, type Table } from '@jantaku/client-sdk';
import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import { rooms } from '../server/harness';
import { createFromLobby, until, webSuite } from './browser';

/**
 * Issue 15 item 10 in Debian's Chromium against a real server: a browser whose language is
 * Japanese gets the lobby and the table in Japanese; the EN / 日本語 switch redraws the page in
 * English and is remembered after a reload; tables are named from their ruleset and settings.
 * A finished game's replay, a player's profile and a fault at the table read in Japanese too.
 */

const web = webSuite();
const tables: Table[] = [];
afterAll(async () => {
  for (const t of tables) await t.leave().catch(() => {});
});

const read = (page: Page, js: string) => page.evaluate(js) as Promise<string>;
const textOf = (page: Page, sel: string) => read(page, `document.querySelector(${JSON.stringify(sel)})?.textContent ?? ''`);
const JA_ACTIONS: Record<string, string> = { tsumo: 'ツモ', ron: 'ロン', riichi: 'リーチ', kan: 'カン', pon: 'ポン', chii: 'チー', kyuushu: '九種九牌', pass: 'スキップ', draw: 'ツモる' };

describe('English and Japanese (issue 15 item 10)', () => {
  it('a Japanese browser gets the Japanese lobby and table; switching to English redraws in English and is remembered; a WRC table with the bank clock is named "WRC 2015 · 5+20 s"', async () => {
    const { page, errors } = await web.newPage({ width: 1280, height: 900 }, { locale: 'ja-JP' });
    await page.goto(`${web.http}/`);
    await page.waitForSelector('#create-form');
    expect(await read(page, 'document.documentElement.lang')).toBe('ja');
    expect(await textOf(page, '#create')).toBe('卓を作る');
    expect(await read(page, `document.querySelector('[data-lang="ja"]').getAttribute('aria-pressed')`)).toBe('true');

    // Created by the lobby's form: WRC 2015 (penalise) with the 5 s + 20 s bank clock; East has the first turn.
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-i18n-1', botDelay: '60000', handPause: '3', timeControl: 'bank' });
    await page.waitForSelector('#hand .hand-tile.pickable');
    expect(await textOf(page, '#table-name')).toBe('WRC 2015 · 5+20秒');
    expect(await textOf(page, 'header.bar')).toContain('あなた: 東家');
    expect(await textOf(page, '.actions .prompt')).toContain('あなたの番');
    // What the action bar offers reads as Tenhou and Mahjong Soul say it.
    const offered = (await page.evaluate(`[...document.querySelectorAll('[data-action]')].map((b) => [b.dataset.action, b.textContent])`)) as [string, string][];
    for (const [action, label] of offered) expect(label).toContain(JA_ACTIONS[action]);
    // The free declarations of a penalise table: ポン, リーチ, ツモ…
    await page.click('#declare-mode');
    await page.waitForSelector('[data-declare="pon"]');
    expect(await textOf(page, '[data-declare="pon"]')).toBe('ポン（2枚）');
    expect(await textOf(page, '[data-declare="riichi"]')).toBe('リーチ（1枚）');
    expect(await textOf(page, '[data-declare="tsumo"]')).toBe('ツモ');
    expect(await textOf(page, '[data-declare="chii"]')).toBe('チー（2枚）');
    // Tile names for screen readers, in Japanese.
    const names = (await page.evaluate(`[...document.querySelectorAll('#hand [data-tile]')].map((e) => e.getAttribute('aria-label') || e.getAttribute('title') || '')`)) as string[];
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^([一二三四五六七八九][萬筒索](\(赤\))?|[東南西北白發中])/);

    // A second page of the same browser: the lobby lists the table by its Japanese name.
    const lobbyJa = await page.context().newPage();
    await lobbyJa.goto(`${web.http}/`);
    await lobbyJa.waitForSelector(`.table-row[data-id="${id}"]`);
    expect(await textOf(lobbyJa, `.table-row[data-id="${id}"] .table-name`)).toBe('WRC 2015 · 5+20秒');
    expect(await textOf(lobbyJa, `.table-row[data-id="${id}"]`)).not.toContain('custom');

    // EN: the same table page is drawn again in English, still seated.
    await page.click('[data-lang="en"]');
    await until('the table in English', async () => (await textOf(page, '#table-name')) === 'WRC 2015 · 5+20 s');
    expect(await read(page, 'document.documentElement.lang')).toBe('en');
    expect(await textOf(page, '[data-declare="pon"]')).toBe('Pon (2 tiles)');
    expect(await textOf(page, 'header.bar')).toContain('You: East');
    expect(await page.$$('#hand .hand-tile.pickable')).not.toHaveLength(0);
    // A table its creator named: the header shows the state's name (TableState.name, set once
    // from the settings; test/server/tableStateName.test.ts checks a named table's state).
    const room = rooms.get(id)!;
    expect(room.state.name).toBe('');
    room.state.name = 'Friday club';
    await until('the creator’s name in the header', async () => (await textOf(page, '#table-name')) === 'Friday club');

    // Remembered: the lobby after a reload is English although the browser says Japanese.
    await lobbyJa.reload();
    await lobbyJa.waitForSelector(`.table-row[data-id="${id}"]`);
    expect(await read(lobbyJa, 'document.documentElement.lang')).toBe('en');
    expect(await textOf(lobbyJa, '#create')).toBe('Create table');
    expect(await textOf(lobbyJa, `.table-row[data-id="${id}"] .table-name`)).toBe('WRC 2015 · 5+20 s');
    // And back to Japanese on the lobby: redrawn at once.
    await lobbyJa.click('[data-lang="ja"]');
    await until('the lobby in Japanese', async () => (await textOf(lobbyJa, '#create')) === '卓を作る');

    // An English browser: the English lobby names the table the same way.
    const { page: en } = await web.newPage({ width: 1100, height: 700 }, { locale: 'en-US' });
    await en.goto(`${web.http}/`);
    await en.waitForSelector(`.table-row[data-id="${id}"]`);
    expect(await read(en, 'document.documentElement.lang')).toBe('en');
    expect(await textOf(en, `.table-row[data-id="${id}"] .table-name`)).toBe('WRC 2015 · 5+20 s');
    expect(errors).toEqual([]);
  }, 120_000);

  it('a Japanese browser: a finished game\u2019s replay and a player\u2019s profile are in Japanese, and a false tsumo at a WRC table reads as one Japanese sentence', async () => {
    // An account plays a short game out over the SDK (three bots), so it has a profile and a finished game.
    const me = connect(web.ws);
    const name = 'Web I18n Player';
    await me.register(name, 'web i18n password');
    const game = await me.create({ ruleset: 'tenhou', overrides: { length: 'tonpuusen' }, seed: 'web-i18n-replay', handPauseMs: 0, botDelayMs: 0, bots: [1, 2, 3], seat: 0 });
    tables.push(game);
    await play(game, strategies.efficiency);
    await until('the game recorded', async () => {
      const r = await fetch(`${web.http}/api/games/${encodeURIComponent(game.id)}`);
      return r.ok && ((await r.json()) as { status: string }).status === 'finished';
    }, 60_000);
    await game.leave();

    const { page, errors } = await web.newPage({ width: 1280, height: 900 }, { locale: 'ja-JP' });
    await page.goto(`${web.http}/#/replay/${encodeURIComponent(game.id)}`);
    await page.waitForSelector('#replay[data-hand="0"]');
    expect(await read(page, 'document.documentElement.lang')).toBe('ja');
    expect(await textOf(page, '#replaying')).toBe('牌譜再生');
    expect(await textOf(page, '#replay-status')).toBe('終了した対局');
    expect(await textOf(page, '#step')).toMatch(/^手順 0 \/ \d+$/);
    expect([await textOf(page, '#prev'), await textOf(page, '#next'), await textOf(page, '#next-hand')]).toEqual(['← 前へ', '次へ →', '次局 »']);
    expect(await textOf(page, '#hand-select option')).toBe('1. 東1局');
    expect(await textOf(page, '.replay-controls .downloads')).toMatch(/^ダウンロード: /);
    expect(await textOf(page, '#replay')).not.toMatch(/Action|Hand|Download|finished/);

    // The profile page: statistics, games and their links in Japanese.
    await page.goto(`${web.http}/#/players/${encodeURIComponent(name)}`);
    await page.waitForSelector('#games tr[data-game]');
    expect(await textOf(page, '#stats-title')).toBe('成績');
    expect(await textOf(page, '#ratings-title')).toBe('レーティング');
    expect(await textOf(page, '#games-title')).toBe('対局（1）');
    expect(await textOf(page, '#stats')).toContain('和了率（局あたり）');
    expect(await textOf(page, '#stats')).toContain('放銃率（局あたり）');
    expect(await textOf(page, '#profile .since')).toMatch(/から参加$/);
    const row = `#games tr[data-game="${game.id}"]`;
    expect(await textOf(page, `${row} td:nth-child(3)`)).toBe('東');
    expect(await textOf(page, `${row} a.replay`)).toBe('牌譜再生');
    // The game's rules by their name, not the internal id (tenhou+custom: the East-only override).
    expect(await textOf(page, `${row} td:nth-child(2)`)).toBe('天鳳');
    expect(await textOf(page, '#profile')).not.toMatch(/Statistics|Games|Replay|Win rate|Playing since/);

    // A rule's page: its chrome in Japanese, its text the rulebook's English (said so on the page).
    await page.goto(`${web.http}/#/rules/WRC-F-FALSE-WIN-REVEALED`);
    await page.waitForSelector('#rule[data-rule="WRC-F-FALSE-WIN-REVEALED"]');
    expect(await textOf(page, '#rule-language')).toBe('規則の本文は各ルールブックの英語原文です。');
    expect(await textOf(page, '#rule-text')).toBe(CATALOGUE['WRC-F-FALSE-WIN-REVEALED'].reason);
    expect(await textOf(page, '#rule')).toContain('ペナルティ: チョンボ');
    expect(await textOf(page, '#rule .back')).toBe('← ロビー');

    // At a WRC table (penalise), a tsumo declared on the first turn is a false win with the hand shown: a chombo.
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-i18n-fault', botDelay: '60000', handPause: '3' });
    await page.waitForSelector('#hand .hand-tile.pickable');
    await page.click('#declare-mode');
    await page.click('[data-declare="tsumo"]');
    await page.waitForSelector('.fault[data-rule="WRC-F-FALSE-WIN-REVEALED"] .sentence');
    expect(rooms.get(id)!.referee.faults.at(-1)!.rule).toBe('WRC-F-FALSE-WIN-REVEALED');
    // WRC's chombo (20 points off the final score) is read from the game's rules.
    const sentence = 'チョンボ: 誤和了（手牌公開）：不完全な手で和了 — あなたの最終得点から\u221220。この局では点棒は動かず、配牌からやり直し';
    await until('the fault sentence in Japanese', async () => (await textOf(page, '.fault .sentence')) === sentence);
    expect(await textOf(page, '.fault .penalty')).toBe('ペナルティ: チョンボ · 宣言は取り消し');
    // The rule's English title is on its link only: the box reads in Japanese.
    expect(await textOf(page, '.fault .fault-head')).not.toContain(CATALOGUE['WRC-F-FALSE-WIN-REVEALED'].title);
    expect(await read(page, `document.querySelector('.fault a[data-rule-link]').title`)).toBe(CATALOGUE['WRC-F-FALSE-WIN-REVEALED'].title);
    // The same fault in English after the switch: the sentence is drawn again, whole, in English.
    await page.click('[data-lang="en"]');
    await until('the fault sentence in English', async () => (await textOf(page, '.fault .sentence')).startsWith('Chombo: false win, hand shown: a win on a hand that is not complete — \u221220 off your final score'));
    expect(errors).toEqual([]);
  }, 180_000);
});
