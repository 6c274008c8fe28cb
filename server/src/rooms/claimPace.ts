import type { Game } from '@jantaku/shared/game/game';
import type { Seat } from '@jantaku/shared/game/types';
import type { TableSettings } from './options';

/**
 * The pace of claim windows at a table (docs/PROTOCOL.md, "Claim windows"):
 * - a window is never released before `holdMs` after it opened, whoever answered and how fast:
 *   an answer that comes earlier waits until then, so the moment of the next draw does not tell
 *   whether an asked seat (a client passing on its own) could have called;
 * - at a table without a clock every window is bounded: after `boundMs` the seats that have not
 *   answered pass (`by: 'clock'` in the referee's log, so it replays). A table with a clock has
 *   its own claim time (`timeControl.claimMs`).
 */

/** How long a claim window of a table without a clock waits for answers. */
export const DEFAULT_CLAIM_WINDOW_MS = 15_000;

const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** The open window's name within the game: hand and step count at its opening. */
const windowKey = (game: Game): string | null => (game.phase === 'claims' ? `${game.hands.length}:${game.stepsInHand}` : null);

export class ClaimPace {
  private key: string | null = null;
  private openedAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `boundMs`: null when the table's clock bounds its windows. */
  constructor(
    readonly holdMs: number,
    readonly boundMs: number | null,
  ) {}

  /** A table's pace: held as long as its bots take to answer, bounded unless its clock bounds it. */
  static forTable(settings: Pick<TableSettings, 'botDelayMs' | 'rules'>): ClaimPace {
    return new ClaimPace(settings.botDelayMs, settings.rules.timeControl.kind === 'none' ? DEFAULT_CLAIM_WINDOW_MS : null);
  }

  /**
   * Call after every change of the game: notes a window's opening and arms its bound; `expire`
   * is called with the seats still asked when the bound passes.
   */
  observe(game: Game, now: number, expire: (seats: Seat[]) => void): void {
    const key = windowKey(game);
    if (key === this.key) return;
    this.stop();
    this.key = key;
    this.openedAt = now;
    if (key === null || this.boundMs === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (windowKey(game) !== key) return;
      const asked = SEATS.filter((s) => game.legalActions(s).length > 0);
      if (asked.length) expire(asked);
    }, this.boundMs);
  }

  /** How long an answer of `seat` must wait before it is judged (0: judge it now). */
  holdFor(game: Game, seat: Seat, now: number): number {
    if (this.key === null || windowKey(game) !== this.key || game.legalActions(seat).length === 0) return 0;
    return Math.max(0, this.openedAt + this.holdMs - now);
  }

  /**
   * An answer that came `wait` ms (`holdFor`) before the window's minimum: held until then, and
   * `judge`d if its window is still open, else `stale`; resolves with what either returns.
   */
  defer<T>(wait: number, game: () => Game, judge: () => T, stale: () => T): Promise<T> {
    const key = this.key;
    return new Promise((resolve) => setTimeout(() => resolve(this.isOpen(game(), key) ? judge() : stale()), wait));
  }

  /** The window an answer waiting now belongs to: it is judged only if that window is still open. */
  current(): string | null {
    return this.key;
  }

  isOpen(game: Game, key: string | null): boolean {
    return key !== null && windowKey(game) === key;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
