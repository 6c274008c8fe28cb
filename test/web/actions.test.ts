import { describe, expect, it } from 'vitest';
import { DECLARATIONS, offersOf } from '../../web/src/actions';

/** The page offers exactly the legal actions, a choice where a call has several forms, and free declarations of any command. */
describe('action offers', () => {
  it('turns legal actions into ordered buttons with shortcuts; several chii forms become a choice', () => {
    const offers = offersOf(
      [
        { type: 'pass' },
        { type: 'chii', options: [[0, 4], [4, 8]] },
        { type: 'pon', options: [[40, 41]] },
        { type: 'ron' },
      ],
      42,
    );
    expect(offers.map((o) => [o.id, o.key])).toEqual([['ron', 'r'], ['pon', 'p'], ['chii', 'c'], ['pass', 'x']]);
    const chii = offers.find((o) => o.id === 'chii')!;
    expect(chii.choices.map((c) => c.command)).toEqual([{ type: 'chii', tiles: [0, 4] }, { type: 'chii', tiles: [4, 8] }]);
    expect(chii.choices[0].tiles).toEqual([0, 4, 42]);
    expect(offers.find((o) => o.id === 'pon')!.choices).toHaveLength(1);
  });

  it('gathers every kan under one button, keeps riichi for a tile choice, and offers no discard button', () => {
    const offers = offersOf([{ type: 'discard', tiles: [1, 2] }, { type: 'riichi', tiles: [1] }, { type: 'ankan', tiles: [100] }, { type: 'shouminkan', tiles: [60] }, { type: 'tsumo' }], -1);
    expect(offers.map((o) => o.id)).toEqual(['tsumo', 'riichi', 'kan']);
    expect(offers.find((o) => o.id === 'riichi')!.choices).toEqual([]);
    expect(offers.find((o) => o.id === 'kan')!.choices.map((c) => c.command)).toEqual([{ type: 'ankan', tile: 100 }, { type: 'shouminkan', tile: 60 }]);
  });

  it('free declarations cover every command type and build them from the selected tiles', () => {
    const types = new Set(DECLARATIONS.map((d) => d.build([1, 2, 3].slice(0, d.tiles), true).type));
    expect([...types].sort()).toEqual(['ankan', 'chii', 'daiminkan', 'discard', 'draw', 'kyuushu', 'pass', 'pon', 'riichi', 'ron', 'shouminkan', 'tsumo']);
    expect(DECLARATIONS.find((d) => d.id === 'ron')!.build([], false)).toEqual({ type: 'ron', reveal: false });
    expect(DECLARATIONS.find((d) => d.id === 'pon')!.build([5, 6], true)).toEqual({ type: 'pon', tiles: [5, 6] });
  });
});
