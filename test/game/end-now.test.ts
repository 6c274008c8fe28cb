import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { finalStandings } from '@jantaku/shared/game/end';
import { Game } from '@jantaku/shared/game/game';
import { rebuildGame } from '@jantaku/shared/game/rebuild';
import { viewFor } from '@jantaku/shared/game/views';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';

/** Plays the game's hand in play to its end with efficiency bots. */
function playHand(game: Game): void {
  while (game.phase !== 'handEnded' && game.phase !== 'gameOver') {
    const seat = game.toAct()!;
    const legal = game.legalActions(seat);
    const r = game.apply(seat, efficiencyBot(viewFor(game, seat, legal), legal));
    if (!r.ok) throw new Error(r.refusal.reason);
  }
}

// A tournament's time limit (docs/TOURNAMENTS.md, "Ending a hanchan early"): the game ends between hands, scores as they stand.
describe('Game.endNow', () => {
  for (const ruleset of ['wrc2015', 'ema2012', 'tenhou']) {
    it(`${ruleset}: refused in a hand; between hands the game ends with the ruleset's final standings, and the log rebuilds it`, () => {
      const rules = makeRuleset(ruleset);
      const game = new Game({ rules, seed: `end-now-${ruleset}` });
      const dealt = JSON.stringify(game.scores);
      expect(game.endNow()).toMatchObject({ ok: false, refusal: { code: 'BAD_COMMAND' } });
      expect(JSON.stringify(game.scores)).toBe(dealt);
      expect(game.log).toHaveLength(0);
      playHand(game);
      game.nextHand();
      playHand(game);
      expect(game.phase).toBe('handEnded');
      const [scores, sticks] = [[...game.scores], game.riichiSticks];
      const r = game.endNow();
      expect(r.ok).toBe(true);
      expect(game.phase).toBe('gameOver');
      expect(game.endedEarly).toBe(true);
      expect(game.standings).toEqual(finalStandings(scores, sticks, rules, game.penalties));
      expect(r.ok && r.value).toEqual([{ to: 'all', type: 'gameEnded', standings: game.standings }]);
      expect(game.endNow()).toMatchObject({ ok: false, refusal: { code: 'GAME_OVER' } });
      expect(game.log.at(-1)).toEqual({ seat: -1, command: { type: 'endGame' } });
      expect(rebuildGame({ rules, seed: `end-now-${ruleset}` }, game.log).standings).toEqual(game.standings);
    });
  }

  it('the referee logs it as the table’s own entry, and its replay ends there', () => {
    const rules = makeRuleset('wrc2015');
    const ref = new Referee({ rules, seed: 'end-now-referee' });
    while (ref.game.phase !== 'handEnded') {
      const seat = ref.game.toAct()!;
      const legal = ref.game.legalActions(seat);
      ref.apply(seat, efficiencyBot(viewFor(ref.game, seat, legal), legal));
    }
    expect(ref.endNow().ok).toBe(true);
    expect(ref.log.at(-1)).toEqual({ seat: -1, command: { type: 'endGame' } });
    const again = Referee.replay({ rules, seed: 'end-now-referee' }, ref.log);
    expect(again.game.phase).toBe('gameOver');
    expect(again.game.standings).toEqual(ref.game.standings);
  });
});
