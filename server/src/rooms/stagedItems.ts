import { ArraySchema } from '@colyseus/schema';
import { logger } from '../log';
import { replaceMethod } from './libraryPatch';

/**
 * ArraySchema keeps `tmpItems`, the list of its items as the clients have them, for the encoder.
 * At the end of every patch that changed the array, Colyseus 0.18 (@colyseus/schema 5.0) replaces
 * it with `items.slice()`: a new array of exactly its length, which lives until the array's next
 * patch, and the next `push` (a discard, a draw) copies it again to grow it. A seat's hand and
 * discards change about once every four actions, seconds apart: each of those arrays outlives a
 * scavenge and is copied into the old generation. At 2,000 tables they were a quarter of what
 * outlived a scavenge, and promoted per scavenge fell by 40% without them (issue 18).
 *
 * Here the same end of patch copies `items` into the array the previous patch left (each
 * ArraySchema keeps two and swaps them), so the lists stop being reallocated. What follows is
 * Colyseus's own: the children's indexes are refreshed against the list before compaction.
 */

/** Colyseus's hook name (`$onEncodeEnd`), called on the array itself, never through its proxy. */
const ON_ENCODE_END = '~onEncodeEnd';
/** The array's other list: the one `tmpItems` was before the last patch. */
const SPARE = Symbol('jantaku.spareItems');

/** Colyseus's implementation this replaces, whitespace aside: anything else is left alone. */
const REPLACED = `{ const staged = this.tmpItems; this.tmpItems = this.items.slice(); if (this.deletedIndexes.length > 0) { this.$reindexChildren(0, staged); this.deletedIndexes.length = 0; } }`;

interface Staged {
  items: unknown[];
  tmpItems: unknown[];
  deletedIndexes: unknown[];
  $reindexChildren(from: number, staged: unknown[]): void;
  [SPARE]?: unknown[];
}

function onEncodeEnd(this: Staged): void {
  const staged = this.tmpItems;
  const items = this.items;
  const next = this[SPARE] ?? [];
  const n = items.length;
  if (next.length > n) next.length = n;
  for (let i = 0; i < n; i++) next[i] = items[i];
  this.tmpItems = next;
  if (this.deletedIndexes.length > 0) {
    this.$reindexChildren(0, staged);
    this.deletedIndexes.length = 0;
  }
  this[SPARE] = staged;
}

let installed: boolean | null = null;

/**
 * Installs the reused lists on ArraySchema (once per process; later calls return the first
 * answer). False, and nothing changed, when Colyseus's hook is not the one this was written for.
 */
export function reuseStagedItems(): boolean {
  if (installed !== null) return installed;
  installed = replaceMethod(ArraySchema.prototype, ON_ENCODE_END, REPLACED, onEncodeEnd);
  if (!installed) logger.warn({ event: 'stagedItemsSkipped' }, 'ArraySchema is not the version stagedItems.ts was written for: its lists are copied at every patch');
  return installed;
}
