import { Game } from '../game/game';
import { liveView, viewFor } from '../game/views';
import type { Ruleset } from '../rules';
import type { Bot } from './types';

export interface PlayOptions {
  maxSteps?: number;
  /**
   * 'live' (default): each bot gets a `liveView`, read from the game as it asks (fast: the
   * self-play loop); 'copy': a `viewFor` copy it may keep.
   */
  views?: 'live' | 'copy';
}

/**
 * Plays a whole game in-process with one bot per seat (no I/O): for tests, benchmarks, soak runs
 * and self-play training. The game's log, hand records and events are built as in a room.
 */
export function playGame(rules: Ruleset, seed: string, bots: readonly Bot[], { maxSteps = 100_000, views = 'live' }: PlayOptions = {}): Game {
  const game = new Game({ rules, seed });
  for (let step = 0; step < maxSteps && game.phase !== 'gameOver'; step++) {
    if (game.phase === 'handEnded') {
      game.nextHand();
      continue;
    }
    const seat = game.toAct();
    if (seat === null) throw new Error(`no seat can act in phase ${game.phase}`);
    // Legal actions are worked out once per step and handed to the view (they are its costliest part).
    const legal = game.legalActions(seat);
    const view = views === 'live' ? liveView(game, seat, legal) : viewFor(game, seat, legal);
    const result = game.apply(seat, bots[seat](view, legal));
    if (!result.ok) throw new Error(`bot at seat ${seat} sent an illegal command: ${result.refusal.code} ${result.refusal.reason}`);
  }
  return game;
}
