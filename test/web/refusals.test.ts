import { describe, expect, it } from 'vitest';
import { rooms } from '../server/harness';
import { createFromLobby, probe, until, webSuite } from './browser';
import { refusalWords } from '../../web/src/words';

/** At a prevent table (tenhou) a declaration that is not allowed is refused, and the page says why in words. */
const web = webSuite();

describe('refusals in words', () => {
  it('under prevent, a tsumo declared on an incomplete hand is refused with words, not the code', async () => {
    const { page, errors } = await web.newPage();
    const id = await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-refusal-1', botDelay: '60000', handPause: '3' });
    const room = rooms.get(id)!;
    await until('a tile to discard', async () => (await probe(page)).pickable.length > 0);
    const before = room.state.actions;
    await page.keyboard.press('f');
    await page.click('[data-declare="tsumo"]');
    const message = await page.waitForSelector('#message[data-code]');
    const code = (await message.getAttribute('data-code'))!;
    expect(code).toBe('NOT_COMPLETE');
    const shown = (await message.textContent()) ?? '';
    expect(shown).toContain(refusalWords(code));
    expect(shown).not.toContain(code);
    expect(room.state.actions).toBe(before); // refused: nothing changed
    expect(errors).toEqual([]);
  }, 120_000);
});
