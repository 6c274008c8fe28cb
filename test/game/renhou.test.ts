import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { discard, play, scenario } from '../support/scenario';

// Seat 1 is tenpai from the deal (ittsu, waiting on 5p); the dealer's first discard is 5p.
const deal = (rules: string) =>
  scenario({
    rules,
    haipai: ['5p1112z3456s8899m', '123456789m123p5p', '222z33z4s666p7777s', '444z555z345s79p99p'],
    draws: ['', '', '', ''],
  });

describe('renhou (ron before one\'s first draw)', () => {
  it('counts as a yakuman where the ruleset says so (ema2012)', () => {
    const game = deal('ema2012');
    play(game, discard(game, 0, '5p'), [1, { type: 'ron' }]);
    const win = game.lastResult!.wins[0];
    expect(win.score.yaku.map((y) => y.id)).toEqual(['renhou']);
    expect(win.score.yakuman).toBe(1);
    expect(win.deltas[1]).toBe(32000);
  });

  it('is a five-han yaku (at least a mangan) where the ruleset says mangan', () => {
    const game = deal('wrc2015');
    expect(makeRuleset('wrc2015').renhou).toBe('mangan');
    play(game, discard(game, 0, '5p'), [1, { type: 'ron' }]);
    const score = game.lastResult!.wins[0].score;
    expect(score.yaku.find((y) => y.id === 'renhou')?.han).toBe(5);
    expect(score.han).toBeGreaterThanOrEqual(7); // renhou 5 + ittsu 2
  });

  it('does not exist under tenhou: the same ron scores its own yaku only', () => {
    const game = deal('tenhou');
    play(game, discard(game, 0, '5p'), [1, { type: 'ron' }]);
    const score = game.lastResult!.wins[0].score;
    expect(score.yaku.map((y) => y.id)).not.toContain('renhou');
    expect(score.yaku.map((y) => y.id)).toContain('ittsu');
  });

});
