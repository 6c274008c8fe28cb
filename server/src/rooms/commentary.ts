import type { RefereeEvent } from '@jantaku/shared/referee/referee';

/** One batch of the `commentary` message (an array of them): events in the order they happened, `at` ms since the epoch. */
export interface Commentary {
  at: number;
  events: RefereeEvent[];
}

/** The shortest commentator delay a table accepts, ms (0 would be a live full view). */
export const MIN_COMMENTATOR_DELAY_MS = 1000;

/**
 * The commentators' feed of a table: every event, hidden ones included, released late enough
 * that it can no longer help anyone at the table (issue 14). A batch is released once BOTH
 * its delay has passed (`at + delayMs`) AND the hand it belongs to has ended; batches between
 * hands (after a `handEnded`, before the next `handStarted`) wait for their delay only. Batches
 * go out in order, from one timer (a late timer delays the rest, never reorders them).
 */
export class CommentaryFeed {
  /** Batches not yet released, in order; `due` Infinity while their hand runs. */
  private queue: { due: number; batch: Commentary }[] = [];
  /** The batches released since the last released deal: what a commentator joining now is sent. */
  private current: Commentary[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `handOpen`: a hand is running already (a table rebuilt mid-hand). */
  constructor(
    private readonly delayMs: number,
    private readonly send: (batches: Commentary[]) => void,
    private handOpen = false,
  ) {}

  /** A table change's events, at `now`. */
  push(events: RefereeEvent[], now = Date.now()): void {
    if (events.some((e) => e.type === 'handStarted')) this.handOpen = true;
    this.queue.push({ due: this.handOpen ? Infinity : now + this.delayMs, batch: { at: now, events } });
    if (events.some((e) => e.type === 'handEnded')) {
      // The hand is over: its batches may go once their delay has passed too.
      this.handOpen = false;
      for (const q of this.queue) if (q.due === Infinity) q.due = Math.max(q.batch.at + this.delayMs, now);
    }
    this.arm();
  }

  /** The current hand's batches already released (for a commentator joining late). */
  backlog(): Commentary[] {
    return [...this.current];
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.timer) return;
    const head = this.queue[0];
    if (!head || head.due === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.release(Date.now());
    }, Math.max(0, head.due - Date.now()));
  }

  private release(now: number): void {
    const out: Commentary[] = [];
    while (this.queue.length > 0 && this.queue[0].due <= now) {
      const { batch } = this.queue.shift()!;
      if (batch.events.some((e) => e.type === 'handStarted')) this.current = [];
      this.current.push(batch);
      out.push(batch);
    }
    if (out.length > 0) this.send(out);
    this.arm();
  }
}
