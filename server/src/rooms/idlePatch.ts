import type { Client, Room } from '@colyseus/core';

/** The room's schema encoder (Colyseus keeps it in a private field; looked up at each call: setting the state again makes a new one). */
const encoderOf = (room: Room): { hasChanges?: unknown } | undefined =>
  (room as unknown as { _serializer?: { encoder?: { hasChanges?: unknown } } })._serializer?.encoder;

/**
 * Whether a patch now would send nothing: neither the state nor any client's view has changed
 * since the last one (the room uses neither `afterNextPatch` broadcasts nor input timing, the
 * only other things a patch flushes). Colyseus's patch timer calls `broadcastPatch` every second
 * at every table, an applied action has almost always sent its own patch already, and with
 * nothing changed Colyseus still copies the client list (an Array subclass: a slow copy) to look
 * for view changes: about 2% of the server's CPU at 500 tables (issue 18).
 */
export function nothingToPatch(room: Room): boolean {
  return encoderOf(room)?.hasChanges === false && !anyViewChanged(room.clients);
}

/** Whether a client's view has an `add` or `remove` to send (Colyseus's `encodeView` sends those). */
export function anyViewChanged(clients: readonly Client[]): boolean {
  // A loop, not `some` with a closure: this runs for every table at every patch and twice a second more.
  for (let i = 0; i < clients.length; i++) if ((clients[i].view?.changes.size ?? 0) > 0) return true;
  return false;
}

/** Throws unless this @colyseus/core keeps the encoder where `nothingToPatch` reads it (a newer one must fail loudly, not skip patches with changes). */
export function checkPatchInternals(room: Room): void {
  if (typeof encoderOf(room)?.hasChanges !== 'boolean') throw new Error("@colyseus/core: the room serializer's encoder not found; re-check idlePatch.ts");
}
