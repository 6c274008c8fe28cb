import { Game } from '../game/game';
import { viewFor } from '../game/views';
import type { LegalAction, Seat } from '../game/types';
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
    // Legal actions are worked out once per step and handed to the view (they are its costliest part).
    let seat: Seat | undefined;
    let legal: LegalAction[] = [];
    for (const s of SEATS) {
      legal = game.legalActions(s);
      if (legal.length > 0) {
        seat = s;
        break;
      }
    }
    if (seat === undefined) throw new Error(`no seat can act in phase ${game.phase}`);
    const result = game.apply(seat, bots[seat](viewFor(game, seat, legal), legal));
    if (!result.ok) throw new Error(`bot at seat ${seat} sent an illegal command: ${result.refusal.code} ${result.refusal.reason}`);
  }
  return game;
}
