import type { Client, Room } from '@colyseus/core';

/**
 * Works around @colyseus/schema 5.0.34: `client.view.add(seat)` in `onJoin` queues the seat's
 * whole subtree in the view, and the full state the client gets once its join completes does
 * not consume that queue; the next patch then sends it again, and the client's decoder appends
 * the hand's elements a second time (a seat rejoining mid-game saw 16 or 25 concealed tiles).
 * Everything queued before the full state is in it, so the queue is dropped once it is sent.
 */
export function dropViewQueueAfterFullState(room: Room): void {
  const r = room as unknown as { sendFullState?: (client: Client) => void };
  const send = r.sendFullState;
  // A newer @colyseus/core without this method must fail loudly here, not desync hands quietly.
  if (typeof send !== 'function') throw new Error('@colyseus/core: Room.sendFullState not found; re-check the StateView work-around');
  r.sendFullState = (client: Client) => {
    send.call(room, client);
    client.view?.changes.clear();
  };
}
