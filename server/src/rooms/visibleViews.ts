import { StateView } from '@colyseus/schema';
import { logger } from '../log';
import { replaceMethod } from './libraryPatch';

/**
 * Each tracked part of a table's state keeps `visibleViews`, a list of bitmaps of the views that
 * see it (one number per 32 views). @colyseus/schema 5.0 makes it empty and `push`es to it, and
 * V8 gives an array's first push room for 17 numbers: 152 bytes for the one number a table's
 * few views need, 26 times a table (issue 18: 4 KB a table of what each full collection marks).
 * Here the list is made at its length; everything else is Colyseus's own.
 */

/** Colyseus's implementation this replaces, whitespace aside: anything else is left alone. */
const REPLACED = `{ const slot = this._slot; let arr = tree.visibleViews; if (arr === undefined) { arr = tree.visibleViews = []; } while (arr.length <= slot) arr.push(0); arr[slot] |= this._bit; }`;

interface ViewBits {
  _slot: number;
  _bit: number;
}

function markVisible(this: ViewBits, tree: { visibleViews?: number[] }): void {
  const slot = this._slot;
  let arr = tree.visibleViews;
  if (arr === undefined) arr = tree.visibleViews = slot === 0 ? [0] : new Array<number>(slot + 1).fill(0);
  while (arr.length <= slot) arr.push(0);
  arr[slot] |= this._bit;
}

let installed: boolean | null = null;

/**
 * Installs the list made at its length on StateView (once per process; later calls return the
 * first answer). False, and nothing changed, when Colyseus's method is not the one this was
 * written for.
 */
export function compactVisibleViews(): boolean {
  if (installed !== null) return installed;
  installed = replaceMethod(StateView.prototype, 'markVisible', REPLACED, markVisible);
  if (!installed) logger.warn({ event: 'visibleViewsSkipped' }, 'StateView is not the version visibleViews.ts was written for: its visibility lists keep room for 17 numbers');
  return installed;
}
