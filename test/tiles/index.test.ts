import { describe, expect, it } from 'vitest';
import * as jantaku from '@jantaku/shared';

describe('the package entry point', () => {
  it('exposes the engine: a seeded game, hand analysis, scoring and the log format', () => {
    const game = new jantaku.Game({ rules: jantaku.makeRuleset('tenhou'), seed: 'entry' });
    expect(game.legalActions(0)[0].type).toBe('discard');
    expect(jantaku.shanten(jantaku.countKinds(jantaku.parseTiles('123m456p789s1122z')))).toBe(0);
    expect(typeof jantaku.parseTenhou6).toBe('function');
    expect(typeof jantaku.scoreWin).toBe('function');
  });
});
