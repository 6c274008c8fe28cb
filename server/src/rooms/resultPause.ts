import type { Seat } from '@jantaku/shared/game/types';

/**
 * The pause between a hand's end and the next deal (docs/PROTOCOL.md, "Results"): a seat whose
 * client asked for it (`holdResults`, the web page does) keeps the result on its screen until it
 * dismisses it (`ready`); the next deal comes once every such seated player is ready and the
 * table's `handPauseMs` has passed, and at most RESULT_WAIT_MS after the hand's end. Other
 * clients (bots, scripts) hold nothing: the pause is `handPauseMs` as before.
 */
export const RESULT_WAIT_MS = 60_000;

export class ResultPause {
  private hand = -1;
  private endedAt = 0;
  private readonly ready = new Set<Seat>();
  private readonly holders = new Set<Seat>();

  /** `seat`'s client shows results until dismissed (or no longer). */
  hold(seat: Seat, on: boolean): void {
    if (on) this.holders.add(seat);
    else this.holders.delete(seat);
  }

  /** ms until hand `hand`'s next deal, `players` the seats whose players are at the table now. */
  delay(hand: number, players: readonly Seat[], pauseMs: number, now: number): number {
    if (hand !== this.hand) {
      this.hand = hand;
      this.endedAt = now;
      this.ready.clear();
    }
    const waitFor = players.every((s) => !this.holders.has(s) || this.ready.has(s)) ? pauseMs : Math.max(pauseMs, RESULT_WAIT_MS);
    return Math.max(0, this.endedAt + waitFor - now);
  }

  /** `seat` dismissed hand `hand`'s result; false if that hand's pause is not the one running. */
  markReady(hand: number, seat: Seat): boolean {
    if (hand !== this.hand || this.ready.has(seat)) return false;
    this.ready.add(seat);
    return true;
  }
}
