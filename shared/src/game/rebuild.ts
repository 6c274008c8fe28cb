import { Game, type GameOptions, type LoggedCommand } from './game';

export class RebuildError extends Error {}

/**
 * Rebuilds a game from its options (ruleset, seed or walls) and its command log: the game is
 * event-sourced, so this gives back the exact state. Recovery, audits and replays all use it.
 */
export function rebuildGame(opts: GameOptions, log: readonly LoggedCommand[]): Game {
  const game = new Game(opts);
  log.forEach((entry, i) => {
    const r = entry.seat === -1 ? (entry.command.type === 'endGame' ? game.endNow() : game.nextHand()) : game.apply(entry.seat, entry.command);
    if (!r.ok) throw new RebuildError(`command ${i} (${entry.command.type} by seat ${entry.seat}) refused: ${r.refusal.code}`);
  });
  return game;
}
