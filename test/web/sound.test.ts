import { describe, expect, it } from 'vitest';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import type { HandResult } from '@jantaku/shared/game/types';
import { rooms } from '../server/harness';
import { createFromLobby, probe, sleep, until, webSuite } from './browser';
import { soundFor } from '../../web/src/sound';

const ev = (e: object) => ({ to: 'all', ...e }) as unknown as RefereeEvent;

describe('sounds (issue 15 item 11)', () => {
  it('each event makes its sound: own draws only, discards, riichi, calls, wins; nothing else', () => {
    expect(soundFor(ev({ type: 'drew', seat: 1, tile: 5, rinshan: false }), 1)).toBe('draw');
    expect(soundFor(ev({ type: 'drew', seat: 2, rinshan: false }), 1)).toBeNull();
    expect(soundFor(ev({ type: 'drew', seat: 2, rinshan: false }), null)).toBeNull();
    expect(soundFor(ev({ type: 'discarded', seat: 2, tile: 5, tsumogiri: false, riichi: false }), 1)).toBe('discard');
    expect(soundFor(ev({ type: 'discarded', seat: 2, tile: 5, tsumogiri: true, riichi: true }), null)).toBe('riichi');
    expect(soundFor(ev({ type: 'called', seat: 0, meld: {} }), 3)).toBe('call');
    const result = (kind: HandResult['kind']) => ({ kind, wins: [], tenpai: [], revealed: [] });
    expect(soundFor(ev({ type: 'handEnded', result: result('win'), scores: [], uraIndicators: [] }), 0)).toBe('win');
    expect(soundFor(ev({ type: 'handEnded', result: result('draw'), scores: [], uraIndicators: [] }), 0)).toBeNull();
    expect(soundFor(ev({ type: 'handStarted', round: 0, honba: 0, riichiSticks: 0, dealer: 0, scores: [], doraIndicator: 1 }), 0)).toBeNull();
    expect(soundFor(ev({ type: 'claimWindow', tile: 3, from: 0, reason: 'discard' }), 0)).toBeNull();
  });

  const web = webSuite();

  it('the page plays them as the table goes; muted, it plays none, and the mute is remembered', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-sound-1', botDelay: '20', handPause: '2' });
    const room = rooms.get(id)!;
    const sounds = async () => Number((await page.evaluate(`document.getElementById('table').parentElement.dataset.sounds || '0'`)) as string);
    const kinds = new Set<string>();
    /** Plays the person's turns (its discards are its clicks) until `stop`. */
    const play = async (what: string, stop: () => Promise<boolean>) =>
      until(
        what,
        async () => {
          if (await stop()) return true;
          const p = await probe(page);
          if (p.actions.includes('pass')) await page.click('[data-action="pass"]').catch(() => {});
          else if (p.pickable.length) await page.click(`#hand [data-tile="${p.pickable[p.pickable.length - 1]}"]`).catch(() => {});
          else if (await page.$('#close-result')) await page.click('#close-result').catch(() => {});
          const last = (await page.evaluate(`document.getElementById('table').parentElement.dataset.lastSound || ''`)) as string;
          if (last) kinds.add(last);
          return false;
        },
        180_000,
      );
    await play('a draw and discards heard', async () => kinds.has('draw') && kinds.has('discard') && (await sounds()) >= 6);
    expect(await page.getAttribute('#mute', 'aria-pressed')).toBe('false');
    await page.click('#mute');
    expect(await page.getAttribute('#mute', 'aria-pressed')).toBe('true');
    expect(await page.evaluate(`localStorage.getItem('jantaku.muted')`)).toBe('1');
    const heard = await sounds();
    const at = room.state.actions;
    await play('eight more actions', async () => room.state.actions >= at + 8 || room.state.phase === 'gameOver');
    expect(await sounds()).toBe(heard);
    // A new table page reads the mute back.
    await page.goto(`${web.http}/#/`);
    await page.goto(`${web.http}/#/table/${encodeURIComponent(id)}`);
    await page.waitForSelector('#mute');
    expect(await page.getAttribute('#mute', 'aria-pressed')).toBe('true');
    await sleep(300);
    expect(errors).toEqual([]);
  }, 300_000);
});
