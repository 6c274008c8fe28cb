import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { keyOf, rooms } from '../server/harness';
import { autoCommand, DEFAULT_AIDS } from '../../web/src/aids';
import { createFromLobby, probe, sleep, until, untilDecisionShown, webSuite } from './browser';
import { roomLog, stateShows } from '../support/roomLog';

const web = webSuite();

/** One hand as the person lived it: what it clicked, and what its seat did. */
interface HandLog {
  clicks: number;
  discardClicks: number;
  /** Windows where the page showed a real call or win (clicked: Pass, the test makes no calls). */
  offers: number;
  /** The referee log's length when the person declared riichi. */
  riichiAt: number | null;
  clicksAfterRiichi: number;
  /** "No calls" was on for the whole hand. */
  noCalls: boolean;
}

/**
 * Issue 15 item 1 and the riichi lock of item 2, in Chromium against a real server, on the
 * lobby's default kind of table (WRC 2015: penalise, so every seat is asked after every discard).
 */
describe('web table play aids', () => {
  it('a person asked after every discard only clicks its discards in a hand where it cannot call; after riichi it clicks nothing until the hand ends', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-aids-2', botDelay: '20', handPause: '2' });
    const room = rooms.get(id)!;
    const hands = new Map<number, HandLog>();
    let noCalls = false;
    let toggledIn = Infinity;
    const handOf = (n: number) => hands.get(n) ?? (hands.set(n, { clicks: 0, discardClicks: 0, offers: 0, riichiAt: null, clicksAfterRiichi: 0, noCalls: noCalls && n > toggledIn }), hands.get(n)!);
    const log = () => roomLog(room);
    // From hand 3 on "No calls" is on (ticked on the page in hand 2): only a ron would still be asked.
    const quiet = (h: HandLog) => h.noCalls && h.offers === 0 && h.clicks === h.discardClicks && h.discardClicks > 0;
    /** Seat 0's discards after its riichi, up to the end of that hand: the page's own. */
    const lockedDiscards = (h: HandLog) => {
      if (h.riichiAt === null) return 0;
      const rest = log().slice(h.riichiAt + 1);
      const end = rest.findIndex((e) => e.seat === -1);
      return (end < 0 ? rest : rest.slice(0, end)).filter((e) => e.seat === 0 && e.command.type === 'discard').length;
    };
    const locked = (h: HandLog) => h.riichiAt !== null && h.clicksAfterRiichi === 0 && lockedDiscards(h) > 0;
    const ended = () => [...hands.entries()].filter(([n]) => n < room.state.hands || room.state.phase === 'gameOver').map(([, h]) => h);
    const done = () => ended().some(quiet) && ended().some(locked);
    const deadline = Date.now() + 400_000;
    let last = '';
    let since = Date.now();

    while (!done() && room.state.phase !== 'gameOver') {
      expect(Date.now() < deadline, JSON.stringify([...hands])).toBe(true);
      const state = room.state as TableState;
      const hand = handOf(state.hands);
      if (!noCalls && state.hands >= 2) {
        await page.click('[data-aid="noCalls"]');
        expect(await page.evaluate(`JSON.parse(localStorage.getItem('jantaku.aids')).noCalls`)).toBe(true);
        noCalls = true;
        toggledIn = state.hands;
      }
      // A hand's result stays until dismissed (the page holds results): Next hand, not counted as a play click.
      if (state.phase === 'handEnded' && (await page.$('#close-result'))) {
        const ending = state.hands;
        await page.click('#close-result');
        await until('the next deal', () => room.state.hands > ending || room.state.phase === 'gameOver');
        continue;
      }
      const p = await probe(page);
      // Read after the page, and decided only on a state that shows the whole log (roomLog.ts).
      const key = keyOf(state);
      const legal = stateShows(room) ? legalOfOwn(state.seats[0].own) : [];
      if (key !== last) ((last = key), (since = Date.now()));
      // Nothing for the person to decide: the page plays alone (auto-pass, the riichi lock) or others play.
      const own = state.seats[0].own;
      const asked = legal.length > 0 && !!own && autoCommand(legal, { drawn: own.drawn, riichi: state.seats[0].riichi }, { ...DEFAULT_AIDS, noCalls }) === null;
      if (!asked || p.key !== key) {
        // Pass-only windows are never left to the clock: the page answered at once (the table's bound is 15 s).
        expect(Date.now() - since, `stuck at ${key}: ${JSON.stringify(legal)}`).toBeLessThan(10_000);
        await sleep(20);
        continue;
      }
      const at = room.referee.logLength;
      hand.clicks++;
      if (hand.riichiAt !== null) hand.clicksAfterRiichi++;
      if (legal.some((a) => a.type === 'pass')) {
        hand.offers++;
        await page.click('[data-action="pass"]');
      } else {
        const c = efficiencyBot(tableViewOf(state, 0), legal);
        if (c.type === 'riichi') {
          await page.click('[data-action="riichi"]');
          await page.click(`#hand .tile.pickable[data-tile="${c.tile}"]`);
          hand.riichiAt = log().length;
        } else if (c.type === 'discard') {
          await page.click(`#hand .tile[data-tile="${c.tile}"]`);
          hand.discardClicks++;
        } else await page.click(`[data-action="${c.type === 'ankan' || c.type === 'shouminkan' ? 'kan' : c.type}"]`);
      }
      // This seat's own entry, not any move: a bot's answer to the same window moves the table too.
      await untilDecisionShown(room, at);
    }

    // The server's log: every pass of seat 0 came from the page (none by the clock), and there were many.
    const passes = roomLog(room).filter((e) => e.seat === 0 && e.command.type === 'pass');
    const byClock = passes.filter((e) => 'by' in e && e.by === 'clock');
    const quietHand = ended().find(quiet);
    const riichiHand = ended().find(locked);
    console.log(`aids: ${JSON.stringify(Object.fromEntries(hands))}; seat 0 passes ${passes.length} (${byClock.length} by the clock); discards the riichi lock made: ${riichiHand ? lockedDiscards(riichiHand) : 0}`);
    expect(quietHand, 'a hand without a call offer').toBeTruthy();
    expect(riichiHand, 'a riichi followed by discards the page made').toBeTruthy();
    // Pass-only windows never waited for the person: none was passed by the clock, though it answered hundreds.
    expect(byClock).toEqual([]);
    const passClicks = [...hands.values()].reduce((a, h) => a + h.offers, 0);
    expect(passes.length).toBeGreaterThan(5 * passClicks);
    expect(passes.length).toBeGreaterThan(quietHand!.discardClicks);
    expect(errors).toEqual([]);
  }, 480_000);
});
