import type { Room } from '@colyseus/core';

/**
 * Colyseus's patch timer calls `broadcastPatch` every second at every table, and an applied
 * action has almost always sent its own patch already. With nothing changed, Colyseus still
 * copies the client list (an Array subclass: a slow copy) to look for view changes: about 2% of
 * the server's CPU at 500 tables (issue 18). This returns at once when neither the state nor any
 * client's view has changed, which is when Colyseus would send nothing (the room uses neither
 * `afterNextPatch` broadcasts nor input timing, the only other things a patch flushes).
 */
export function skipIdlePatches(room: Room): void {
  // Looked up at each call: setting the state again makes a new encoder.
  const encoder = () => (room as unknown as { _serializer?: { encoder?: { hasChanges?: boolean } } })._serializer?.encoder;
  // A newer @colyseus/core without these must fail loudly here, not skip patches with changes.
  if (typeof encoder()?.hasChanges !== 'boolean') throw new Error("@colyseus/core: the room serializer's encoder not found; re-check skipIdlePatches");
  const patch = room.broadcastPatch.bind(room);
  room.broadcastPatch = () => {
    if (encoder()?.hasChanges === false && !room.clients.some((c) => (c.view?.changes.size ?? 0) > 0)) {
      room.clock.tick();
      return false;
    }
    return patch();
  };
}
