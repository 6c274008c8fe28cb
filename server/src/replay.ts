import { Referee, type RefereeEvent, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { GameOptions } from '@jantaku/shared/game/game';

/**
 * The replay of a game (`GET /api/games/:id/replay`): every event of every hand that has ended,
 * hidden ones included, one step per logged action. A hand still running is never included (nor
 * the next hand's deal): its tiles could help someone at the table. That is what the commentator
 * feed and the fairness report already release (a hand's wall once it is over).
 */

/** One action of a hand: the events it caused, and how many log entries were applied after it. */
export interface ReplayStep {
  /** The acting seat (-1 the deal, -2 a manual fault). */
  seat: number;
  /** Log entries applied once this step is: the engine's position is `Referee.replay` of that many. */
  n: number;
  events: RefereeEvent[];
}

export interface ReplayHand {
  steps: ReplayStep[];
}

/** The hands of `log` that have ended, each from its deal to its end (gameEnded included). */
export function endedHands(opts: GameOptions, log: readonly RefereeLogEntry[]): ReplayHand[] {
  const ref = new Referee(opts);
  const hands: { steps: ReplayStep[]; ended: boolean }[] = [];
  const add = (seat: number, n: number, events: RefereeEvent[]) => {
    if (events.length === 0) return; // a pass that changed nothing
    if (events.some((e) => e.type === 'handStarted') || hands.length === 0) hands.push({ steps: [], ended: false });
    const hand = hands[hands.length - 1];
    hand.steps.push({ seat, n, events });
    if (events.some((e) => e.type === 'handEnded')) hand.ended = true;
  };
  // The first deal's events wait in the game until play begins.
  add(-1, 0, ref.game.takeEvents());
  log.forEach((entry, i) => {
    const r = ref.step(entry);
    if (!r.ok) throw new Error(`the log does not replay at entry ${i}: ${r.refusal.reason}`);
    add(entry.seat, i + 1, r.events);
  });
  return hands.filter((h) => h.ended).map((h) => ({ steps: h.steps }));
}
