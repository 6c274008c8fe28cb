import { describe, expect, it } from 'vitest';
import { isRedId } from '@jantaku/shared/tiles/index';
import { tileLongName, tileName } from '../../web/src/tileNames';

const RANKS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const HONOURS = ['East wind', 'South wind', 'West wind', 'North wind', 'white dragon', 'green dragon', 'red dragon'];

/** Every one of the 37 faces: 34 kinds, and the red five of each suit. */
function faces(): { id: number; expected: string }[] {
  const out: { id: number; expected: string }[] = [];
  for (let k = 0; k < 34; k++) {
    const plain = [0, 1, 2, 3].map((c) => k * 4 + c).find((t) => !isRedId(t))!;
    const suit = ['man', 'pin', 'sou'][Math.floor(k / 9)];
    out.push({ id: plain, expected: k < 27 ? `${RANKS[k % 9]} of ${suit}` : HONOURS[k - 27] });
    const red = [0, 1, 2, 3].map((c) => k * 4 + c).find(isRedId);
    if (red !== undefined) out.push({ id: red, expected: `red five of ${suit}` });
  }
  return out;
}

describe('tile names', () => {
  it('names each of the 37 faces as a player says it, the red fives apart', () => {
    const all = faces();
    expect(all).toHaveLength(37);
    for (const { id, expected } of all) expect(tileLongName(id), `tile ${id}`).toBe(expected);
    expect(new Set(all.map((f) => tileLongName(f.id))).size).toBe(37);
  });

  it('every copy of a kind bears the same names, except the red five', () => {
    for (let t = 0; t < 136; t++) {
      const sibling = (t >> 2) * 4 + ((t & 3) === 3 ? 2 : 3);
      if (isRedId(t) || isRedId(sibling)) continue;
      expect(tileLongName(t)).toBe(tileLongName(sibling));
      expect(tileName(t)).toBe(tileName(sibling));
    }
    expect(tileName(16)).toBe('0m');
    expect(tileName(17)).toBe('5m');
  });
});
