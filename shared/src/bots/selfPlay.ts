import { Game } from '../game/game';
import { viewFor } from '../game/views';
import type { Seat } from '../game/types';
import type { Ruleset } from '../rules';
import type { Bot } from './types';

const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** Plays a whole game in-process with one bot per seat (no I/O): for tests, benchmarks and soak runs. */
export function playGame(rules: Ruleset, seed: string, bots: readonly Bot[], maxSteps = 100_000): Game {
  const game = new Game({ rules, seed });
  for (let step = 0; step < maxSteps && game.phase !== 'gameOver'; step++) {
    if (game.phase === 'handEnded') {
      game.nextHand();
      continue;
    }
    const seat = SEATS.find((s) => game.legalActions(s).length > 0);
    if (seat === undefined) throw new Error(`no seat can act in phase ${game.phase}`);
    const legal = game.legalActions(seat);
    const result = game.apply(seat, bots[seat](viewFor(game, seat), legal));
    if (!result.ok) throw new Error(`bot at seat ${seat} sent an illegal command: ${result.refusal.code} ${result.refusal.reason}`);
  }
  return game;
}
