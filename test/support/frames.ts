import { Room } from '@colyseus/sdk';

type Tapped = { onMessageCallback(event: { data: ArrayBuffer }): void };

/**
 * Records every frame each SDK room's socket delivers, as received (before the SDK decodes it),
 * so a test can decode them on its own and see exactly what went over the wire.
 * `framesOf(room)` gives one room's frames in order; `untap()` puts the SDK back as it was.
 */
export function tapFrames(): { framesOf(room: object): Uint8Array[] | undefined; untap(): void } {
  const frames = new WeakMap<object, Uint8Array[]>();
  const proto = Room.prototype as unknown as Tapped;
  const original = proto.onMessageCallback;
  proto.onMessageCallback = function (this: object, event: { data: ArrayBuffer }) {
    let list = frames.get(this);
    if (!list) frames.set(this, (list = []));
    list.push(new Uint8Array(event.data).slice());
    original.call(this, event);
  };
  return { framesOf: (room) => frames.get(room), untap: () => (proto.onMessageCallback = original) };
}
