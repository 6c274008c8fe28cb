import { describe, expect, it } from 'vitest';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import type { TableState } from '@jantaku/shared/schema/table';
import { rooms } from '../server/harness';
import { announcement } from '../../web/src/announce';
import { createFromLobby, until, webSuite } from './browser';

const label = (s: number) => ['East', 'South', 'West', 'North'][s];
const ev = (e: object) => ({ to: 'all', ...e }) as unknown as RefereeEvent;

describe('announcements for screen readers (issue 15 item 9)', () => {
  it('calls, riichi, wins, draws and faults are said; draws of tiles and plain discards are not', () => {
    expect(announcement(ev({ type: 'called', seat: 1, meld: { type: 'pon', tiles: [] } }), label)).toBe('South calls pon.');
    expect(announcement(ev({ type: 'called', seat: 2, meld: { type: 'ankan', tiles: [] } }), label)).toBe('West calls concealed kan.');
    expect(announcement(ev({ type: 'discarded', seat: 3, tile: 1, tsumogiri: false, riichi: true }), label)).toBe('North declares riichi.');
    expect(announcement(ev({ type: 'discarded', seat: 3, tile: 1, tsumogiri: false, riichi: false }), label)).toBeNull();
    expect(announcement(ev({ type: 'drew', seat: 0, rinshan: false }), label)).toBeNull();
    const win = { winner: 2, from: 0, tsumo: false, score: { han: 3, fu: 40, yakuman: 0 }, deltas: [-5200, 0, 5200, 0] };
    expect(announcement(ev({ type: 'handEnded', result: { kind: 'win', wins: [win], tenpai: [], revealed: [] }, scores: [], uraIndicators: [] }), label)).toBe('West wins by ron from East: 3 han 40 fu, +5200 points.');
    expect(announcement(ev({ type: 'handEnded', result: { kind: 'draw', wins: [], tenpai: [0, 3], revealed: [] }, scores: [], uraIndicators: [] }), label)).toBe('Draw: tenpai East, North.');
    expect(announcement(ev({ type: 'fault', seat: 1, rule: 'WRC-F-KUIKAE', penalty: 'chombo', effect: 'chombo', reason: '' }), label)).toBe('Fault by South: WRC-F-KUIKAE.');
  });

  const web = webSuite();

  it('a spectator\'s page says every call and riichi of a hand and its result in its live region', async () => {
    const { page, errors } = await web.newPage();
    await page.addInitScript(`window.__said = []; new MutationObserver(() => { const a = document.getElementById('announce'); if (a && a.textContent && window.__said[window.__said.length - 1] !== a.textContent) window.__said.push(a.textContent); }).observe(document, { subtree: true, childList: true, characterData: true });`);
    const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-announce-1', botDelay: '40', handPause: '30', bots: '4', seat: 'watch' });
    await page.waitForSelector('#result', { timeout: 120_000 });
    const state = rooms.get(id)!.state as TableState;
    expect(await page.getAttribute('#announce', 'aria-live')).toBe('polite');
    const said = await until('the result said', async () => {
      const s = (await page.evaluate('window.__said')) as string[];
      return s.some((t) => / wins by |^Draw|^Chombo/.test(t)) && s;
    });
    const melds = Array.from(state.seats).reduce((n, s) => n + (s.melds?.length ?? 0), 0);
    const riichi = Array.from(state.seats).filter((s) => s.riichi).length;
    expect(said.filter((t) => / calls /.test(t)).length).toBeGreaterThanOrEqual(melds);
    expect(said.filter((t) => / declares riichi\.$/.test(t)).length).toBe(riichi);
    expect(errors).toEqual([]);
  }, 180_000);
});
