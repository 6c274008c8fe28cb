import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';

describe('players who draw for themselves (clientDraws)', () => {
  const rules = makeRuleset('wrc2015', { clientDraws: true });

  it('a turn starts by waiting for the seat\'s draw; only that seat may draw', () => {
    const game = new Game({ rules, seed: 'cd' });
    expect(game.phase).toBe('draw');
    expect(game.legalActions(0)).toEqual([{ type: 'draw' }]);
    expect(game.legalActions(1)).toEqual([]);
    expect(game.check(1, { type: 'draw' })?.code).toBe('NOT_YOUR_TURN');
    expect(game.check(0, { type: 'discard', tile: game.seats[0].hand[0] })?.code).toBe('MUST_DRAW');
    expect(game.apply(0, { type: 'draw' }).ok).toBe(true);
    expect(game.seats[0].hand).toHaveLength(14);
    expect(game.check(0, { type: 'draw' })?.code).toBe('ALREADY_DREW');
    expect(game.apply(0, { type: 'discard', tile: game.seats[0].drawn! }).ok).toBe(true);
    // Nobody can claim that first discard here, so seat 1 is asked to draw.
    if (game.phase === 'draw') expect(game.turn).toBe(1);
  });

  it('without clientDraws a draw command is not a command at all', () => {
    const game = new Game({ rules: makeRuleset('wrc2015'), seed: 'cd' });
    expect(game.check(0, { type: 'draw' })?.code).toBe('BAD_COMMAND');
  });

  it('bots play whole games drawing for themselves, to the same kind of end', () => {
    const game = playGame(rules, 'cd-bots', [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot]);
    expect(game.phase).toBe('gameOver');
    expect(game.log.filter((e) => e.command.type === 'draw').length).toBeGreaterThan(100);
  });
});
