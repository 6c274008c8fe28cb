import { describe, expect, it } from 'vitest';
import { doraKindOf, kindOf, parseKinds, parseTiles, tilesToString, TileNotationError, isRedId } from '@jantaku/shared/tiles/index';

describe('tiles', () => {
  it('parses and prints mpsz notation with red fives', () => {
    const t = parseTiles('123m406p789s1122z');
    expect(t).toHaveLength(13);
    expect(t.filter(isRedId)).toEqual([52]);
    expect(tilesToString(t)).toBe('123m406p789s1122z');
  });
  it('refuses bad notation with the position', () => {
    expect(() => parseTiles('123x')).toThrow(TileNotationError);
    expect(() => parseTiles('8z')).toThrow(/honour 8z/);
    expect(() => parseTiles('11111m')).toThrow(/more than four/);
    expect(() => parseTiles('00m')).toThrow(/more than one red/);
    expect(() => parseTiles('123')).toThrow(/without a suit/);
  });
  it('plain fives avoid the red copy until needed', () => {
    expect(parseTiles('555m').every((t) => !isRedId(t))).toBe(true);
    expect(parseTiles('5555m').filter(isRedId)).toHaveLength(1);
  });
  it('dora wraps within suits, winds and dragons', () => {
    const k = (s: string) => parseKinds(s)[0];
    expect(doraKindOf(k('9m'))).toBe(k('1m'));
    expect(doraKindOf(k('3p'))).toBe(k('4p'));
    expect(doraKindOf(k('4z'))).toBe(k('1z'));
    expect(doraKindOf(k('7z'))).toBe(k('5z'));
    expect(kindOf(parseTiles('0s')[0])).toBe(k('5s'));
  });
});
