import { describe, expect, it } from 'vitest';
import { clockText, readClock } from '../../web/src/clock';
import { createFromLobby, probe, until, webSuite } from './browser';

const NOW = 1_000_000;

describe('the clock as Tenhou shows it, "5+10" (issue 15 item 4)', () => {
  it('a running decision shows the turn\'s seconds and the bank\'s apart; the bank alone between turns', () => {
    const fresh = readClock({ deadline: NOW + 15_000, bankMs: 10_000 }, 'bank', NOW)!;
    expect([fresh.turn, fresh.bank, fresh.left]).toEqual([5_000, 10_000, 15_000]);
    expect(clockText(fresh)).toBe('⏱ 5+10');
    // The turn's time used up: the bank runs (its field is not lowered between patches).
    const onBank = readClock({ deadline: NOW + 6_500, bankMs: 10_000 }, 'bank', NOW)!;
    expect([onBank.turn, onBank.bank]).toEqual([0, 6_500]);
    expect(clockText(onBank)).toBe('⏱ 0+7');
    expect(onBank.low).toBe(false);
    expect(readClock({ deadline: NOW + 4_000, bankMs: 10_000 }, 'bank', NOW)!.low).toBe(true);
    expect(clockText(readClock({ deadline: 0, bankMs: 8_000 }, 'bank', NOW)!)).toBe('bank 8s');
    // No bank (WSOM): the turn's time alone.
    expect(clockText(readClock({ deadline: NOW + 3_000, timePoints: 0 }, 'wsom', NOW)!)).toBe('⏱ 3s');
    expect(readClock({ deadline: NOW + 3_000, bankMs: 5 }, 'none', NOW)).toBeNull();
  });

  const web = webSuite();

  it('the player\'s own clock sits in the action bar, beside what it decides', async () => {
    const { page, errors } = await web.newPage();
    await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-clock-1', botDelay: '60000', handPause: '3', timeControl: 'slow' });
    await until('a tile to discard', async () => (await probe(page)).pickable.length > 0);
    const text = await until('the clock in the action bar', async () => (await page.$('#actions #my-clock')) && page.textContent('#actions #my-clock'));
    expect(text).toMatch(/^⏱ \d+\+\d+$/);
    const [turn, bank] = text!.slice(2).split('+').map(Number);
    expect(turn).toBeGreaterThan(0);
    expect(turn).toBeLessThanOrEqual(15);
    expect(bank).toBe(60);
    expect(errors).toEqual([]);
  }, 120_000);
});
