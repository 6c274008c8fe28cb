import { Encoder } from '@colyseus/schema';

/**
 * The size of each room's two schema encode buffers (the encoder's for patches and views, the
 * serializer's for the full state): Colyseus allocates both at Encoder.BUFFER_SIZE, 16 KB by
 * default, for every room. A table's whole state, a seat's view included, encodes to about 3.3 KB
 * at most over whole bot games (test/server/stateBuffer.test.ts keeps it under this): 8 KB is room
 * enough and saves 16 KB a table. A state that grew past it would still encode (the encoder grows
 * its buffer, with a warning in the log).
 */
export const STATE_BUFFER_BYTES = 8 * 1024;

/** Sets the encode buffers' size for the rooms created from now on (TableRoom's module does, once). */
export function sizeStateBuffers(): void {
  Encoder.BUFFER_SIZE = STATE_BUFFER_BYTES;
}
