import type { Client } from '@colyseus/core';

/** The TCP socket under a Colyseus websocket client (ws's `_socket`), if there is one. */
function socketOf(client: Client): { cork(): void; uncork(): void; destroyed?: boolean } | undefined {
  const s = (client as unknown as { ref?: { _socket?: { cork?: unknown; uncork?: unknown; destroyed?: boolean } } }).ref?._socket;
  return s && typeof s.cork === 'function' && typeof s.uncork === 'function' ? (s as { cork(): void; uncork(): void; destroyed?: boolean }) : undefined;
}

/**
 * Holds the frames a table sends its clients in one turn of the event loop (the patch, the
 * events, the reply to the request) and lets them go together at the next: one write per
 * client instead of one per frame (a websocket frame is a `writev` of its own otherwise).
 * Node counts corks, so ws's own cork around each frame nests inside this one.
 */
export class Corked {
  private held: { cork(): void; uncork(): void; destroyed?: boolean }[] | null = null;
  // Made once: a table holds and releases its sockets every turn it applies anything.
  private readonly releaseNow = () => this.release();
  private readonly releaseIn2 = () => queueMicrotask(this.releaseNow);
  private readonly releaseIn1 = () => queueMicrotask(this.releaseIn2);

  /** Corks `clients`' sockets until the next turn of the event loop (once per turn). */
  hold(clients: readonly Client[]): void {
    if (this.held) return;
    const held: { cork(): void; uncork(): void; destroyed?: boolean }[] = [];
    for (const c of clients) {
      const s = socketOf(c);
      if (!s || s.destroyed) continue;
      s.cork();
      held.push(s);
    }
    this.held = held;
    setImmediate(this.releaseNow);
  }

  /**
   * Sends what is held once the replies settled in this turn are written: Colyseus writes a
   * request's reply in the promise job that settles it, one microtask on (two when the claim pace
   * held the request: its promise follows the table's). A reply later than that still goes, in a
   * write of its own (and `hold`'s next turn lets go of anything left).
   */
  releaseAfterReplies(): void {
    queueMicrotask(this.releaseIn1);
  }

  /** Sends what is held now. */
  release(): void {
    const held = this.held;
    this.held = null;
    for (const s of held ?? []) if (!s.destroyed) s.uncork();
  }
}
