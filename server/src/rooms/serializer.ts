import { ClientState, Protocol, SchemaSerializer, type Client } from '@colyseus/core';
import type { Iterator, Schema } from '@colyseus/schema';
import { anyViewChanged } from './idlePatch';
import { reuseStagedItems } from './stagedItems';
import { compactVisibleViews } from './visibleViews';

/**
 * The table's patches, as Colyseus's SchemaSerializer sends them, without the two objects it
 * makes at every patch that live until the next one. Colyseus clears its map of encoded views,
 * and `Encoder.encodeView` clears each client's `view.changes`, at every patch: V8's
 * `Map.prototype.clear` allocates a new table for the map even when it is empty. A table acts
 * about once a second, so each such table outlives a scavenge and is copied into the old
 * generation: with 2,000 tables, half of what the server promoted (issue 18).
 *
 * Here a client whose view has no pending `add`/`remove` (every patch after its join) is sent
 * the shared part and its view's filtered fields, encoded as `encodeView` encodes them, in a
 * Buffer from Node's pool (a plain Uint8Array would be copied off the heap by ws to make it
 * one). Anything else (a pending view change, timed frames, streams, a state without filtered fields)
 * goes through Colyseus's own `applyPatches`. Each client has a view of its own
 * (TableRoom.onJoin), so no view is encoded for two clients. Its arrays keep their staged lists
 * from one patch to the next (stagedItems.ts), and their lists of the views that see them are made at
 * their length (visibleViews.ts).
 */
export class TableSerializer<T extends Schema> extends SchemaSerializer<T> {
  private readonly it: Iterator = { offset: 0 };

  constructor() {
    super();
    reuseStagedItems();
    compactVisibleViews();
  }

  override applyPatches(clients: Client[], state?: unknown, timing?: Parameters<SchemaSerializer<T>['applyPatches']>[2]): boolean {
    const encoder = this.encoder;
    if (timing || !this.hasFilters || !encoder.hasChanges || encoder.root.streamTrees.size > 0 || clients.length === 0 || anyViewChanged(clients))
      return super.applyPatches(clients, state, timing);
    this.needFullEncode = true;
    const it = this.it;
    it.offset = 1;
    encoder.sharedBuffer[0] = Protocol.ROOM_STATE_PATCH;
    const shared = encoder.encode(it);
    const sharedOffset = it.offset;
    for (let i = clients.length - 1; i >= 0; i--) {
      const client = clients[i];
      if (client.state !== ClientState.JOINED) continue;
      if (!client.view) {
        client.raw(shared);
        continue;
      }
      // The view's part goes after the last one's in the encoder's buffer (which encode may grow).
      const viewOffset = it.offset;
      const bytes = encoder.encode(it, client.view);
      const frame = Buffer.allocUnsafe(sharedOffset + it.offset - viewOffset);
      frame.set(bytes.subarray(0, sharedOffset), 0);
      frame.set(bytes.subarray(viewOffset, it.offset), sharedOffset);
      client.raw(frame);
    }
    encoder.discardChanges();
    return true;
  }
}
