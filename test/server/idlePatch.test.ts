import { describe, expect, it } from 'vitest';
import { Decoder, StateView } from '@colyseus/schema';
import { ClientState, SchemaSerializer, type Client, type Room } from '@colyseus/core';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { TableState } from '@jantaku/shared/schema/table';
import { checkPatchInternals, nothingToPatch } from '../../server/src/rooms/idlePatch';
import { newTableState } from '../../server/src/rooms/projection';

/**
 * A room as nothingToPatch sees it: Colyseus's own SchemaSerializer over a table's state, clients
 * that decode what they are sent, and TableRoom's broadcastPatch over them (patches sent and
 * skipped counted).
 */
function table() {
  const state = newTableState(makeRuleset('tenhou'));
  const serializer = new SchemaSerializer<TableState>();
  serializer.reset(state);
  // The state as a running table's: already sent (no change pending).
  serializer.applyPatches([], state);
  const clients = [0, 1].map((seat) => {
    const decoder = new Decoder(new TableState());
    const view = new StateView();
    if (seat === 0) view.add(state.seats[0]);
    const c = { seat, state: ClientState.JOINED, view, decoder, frames: 0, raw: (bytes: Uint8Array) => void (decoder.decode(bytes, { offset: 1 }), c.frames++) };
    c.raw(serializer.getFullState(c as unknown as Client));
    view.changes.clear(); // as the room does once the full state is sent (fullState.ts)
    c.frames = 0;
    return c;
  });
  let patches = 0;
  let skipped = 0;
  const room = {
    _serializer: serializer,
    clients,
    // As TableRoom.broadcastPatch: Colyseus's only when there is something to send.
    broadcastPatch(): boolean {
      if (nothingToPatch(room as unknown as Room)) return void skipped++, false;
      patches++;
      return serializer.applyPatches(clients as unknown as Client[], state);
    },
  };
  checkPatchInternals(room as unknown as Room);
  return { state, clients, room, counts: () => ({ patches, skipped }) };
}

describe('the patch timer skips a table where nothing changed (issue 18)', () => {
  it('nothing changed: Colyseus is not called and nothing is sent', () => {
    const { room, clients, counts } = table();
    expect(room.broadcastPatch()).toBe(false);
    expect(counts()).toEqual({ patches: 0, skipped: 1 });
    expect(clients.map((c) => c.frames)).toEqual([0, 0]);
  });

  it('a change in the state goes out as before, and is decoded', () => {
    const { room, state, clients, counts } = table();
    state.seats[1].name = 'Ann';
    state.seats[0].own!.hand.push(7);
    expect(room.broadcastPatch()).toBe(true);
    expect(counts().patches).toBe(1);
    expect(clients.map((c) => c.decoder.state.seats[1].name)).toEqual(['Ann', 'Ann']);
    // The private part reaches the seat's own view alone.
    expect(Array.from(clients[0].decoder.state.seats[0].own?.hand ?? [])).toEqual([7]);
    expect(clients[1].decoder.state.seats[0].own).toBeUndefined();
    // And then it is idle again.
    room.broadcastPatch();
    expect(counts().patches).toBe(1);
  });

  it('a change in a client\'s view alone (a seat added to it) goes out too', () => {
    const { room, state, clients, counts } = table();
    state.seats[1].own!.hand.push(9);
    room.broadcastPatch();
    clients[1].view.add(state.seats[1]);
    room.broadcastPatch();
    expect(counts().patches).toBe(2);
    expect(Array.from(clients[1].decoder.state.seats[1].own?.hand ?? [])).toEqual([9]);
  });

  it('a room without the serializer it reads is refused loudly', () => {
    expect(() => checkPatchInternals({ clients: [] } as unknown as Room)).toThrow(/idlePatch/);
  });
});
