import { describe, expect, it } from 'vitest';
import type { LegalAction } from '@jantaku/shared/game/types';
import { autoCommand, DEFAULT_AIDS, loadAids, saveAids, type Aids } from '../../web/src/aids';

const on = (o: Partial<Aids> = {}): Aids => ({ ...DEFAULT_AIDS, ...o });
const free = { drawn: 40, riichi: false };

/** What the page plays by itself (web/src/aids.ts), from its seat's own legal actions only. */
describe('play aids', () => {
  it('auto-pass answers a window whose only answer is pass, and nothing else', () => {
    expect(autoCommand([{ type: 'pass' }], free, on())).toEqual({ type: 'pass' });
    expect(autoCommand([{ type: 'pass' }], free, on({ autoPass: false }))).toBeNull();
    expect(autoCommand([{ type: 'pass' }, { type: 'pon', options: [[40, 41]] }], free, on())).toBeNull();
    expect(autoCommand([{ type: 'pass' }, { type: 'ron' }], free, on())).toBeNull();
    expect(autoCommand([], free, on())).toBeNull();
  });

  it('no-calls passes chii, pon and open kan offers but leaves a ron to the player; auto-win declares it', () => {
    const calls: LegalAction[] = [{ type: 'pass' }, { type: 'chii', options: [[0, 4]] }, { type: 'pon', options: [[40, 41]] }, { type: 'daiminkan', tiles: [40, 41, 42] }];
    expect(autoCommand(calls, free, on({ noCalls: true }))).toEqual({ type: 'pass' });
    expect(autoCommand([...calls, { type: 'ron' }], free, on({ noCalls: true }))).toBeNull();
    expect(autoCommand([...calls, { type: 'ron' }], free, on({ noCalls: true, autoWin: true }))).toEqual({ type: 'ron' });
    expect(autoCommand([{ type: 'discard', tiles: [1, 40] }, { type: 'tsumo' }], free, on({ autoWin: true }))).toEqual({ type: 'tsumo' });
  });

  it('in riichi the drawn tile goes out by itself unless tsumo or a kan is possible; tsumogiri does the same outside riichi', () => {
    const riichi = { drawn: 40, riichi: true };
    expect(autoCommand([{ type: 'discard', tiles: [40] }], riichi, on())).toEqual({ type: 'discard', tile: 40 });
    expect(autoCommand([{ type: 'discard', tiles: [40] }, { type: 'tsumo' }], riichi, on())).toBeNull();
    expect(autoCommand([{ type: 'discard', tiles: [40] }, { type: 'ankan', tiles: [40] }], riichi, on())).toBeNull();
    expect(autoCommand([{ type: 'discard', tiles: [1, 40] }], free, on())).toBeNull();
    expect(autoCommand([{ type: 'discard', tiles: [1, 40] }], free, on({ tsumogiri: true }))).toEqual({ type: 'discard', tile: 40 });
    expect(autoCommand([{ type: 'discard', tiles: [1, 40] }, { type: 'riichi', tiles: [40] }], free, on({ tsumogiri: true }))).toBeNull();
    // After a call there is no drawn tile: the player chooses.
    expect(autoCommand([{ type: 'discard', tiles: [1, 40] }], { drawn: -1, riichi: false }, on({ tsumogiri: true }))).toBeNull();
  });

  it('are remembered: saved choices load back, anything else in storage is the defaults', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(loadAids(storage)).toEqual(DEFAULT_AIDS);
    saveAids(on({ autoWin: true, autoPass: false }), storage);
    expect(loadAids(storage)).toEqual(on({ autoWin: true, autoPass: false }));
    store.set('jantaku.aids', '{"autoPass":"yes","tsumogiri":true');
    expect(loadAids(storage)).toEqual(DEFAULT_AIDS);
    store.set('jantaku.aids', '{"autoPass":"yes","tsumogiri":true}');
    expect(loadAids(storage)).toEqual(on({ tsumogiri: true }));
  });
});
