import { describe, expect, it } from 'vitest';
import { StateView } from '@colyseus/schema';
import { SchemaSerializer } from '@colyseus/core';
import { Rng } from '@jantaku/shared/game/rng';
import type { TableState } from '@jantaku/shared/schema/table';
import { compactVisibleViews } from '../../server/src/rooms/visibleViews';
import { patchedTable, randomChange } from './fixtures/patchedTable';

const proto = StateView.prototype as unknown as Record<string, Function>;
/** Colyseus's own method, taken before the module replaces it. */
const colyseusMark = proto.markVisible;

/** Every tracked part of the state: the state and what it holds, depth first. */
function trees(state: TableState): { visibleViews?: number[] }[] {
  const out: { visibleViews?: number[] }[] = [];
  const walk = (ref: object) => {
    const tree = (ref as Record<symbol, unknown>)[Symbol.for('$changes')] as { visibleViews?: number[]; forEachChild(cb: (child: { ref: object }) => void): void } | undefined;
    if (!tree) return;
    out.push(tree);
    tree.forEachChild((child) => walk(child.ref));
  };
  walk(state);
  return out;
}

/** The same table patched with Colyseus's method and with ours: both clients' frames, and every tree's visibility bitmaps. */
function both(seats: readonly number[], steps: number) {
  const oursMark = proto.markVisible;
  const run = (mark: Function) => {
    proto.markVisible = mark;
    try {
      const t = patchedTable(new SchemaSerializer<TableState>(), seats);
      const rng = new Rng(7);
      for (let step = 0; step < steps; step++) {
        for (let i = 0; i <= step % 3; i++) randomChange(t.state, rng);
        t.patch();
      }
      return { frames: t.clients.map((c) => c.frames), views: trees(t.state).map((x) => x.visibleViews && [...x.visibleViews]) };
    } finally {
      proto.markVisible = oursMark;
    }
  };
  return { colyseus: run(colyseusMark), ours: run(oursMark) };
}

describe("a state's lists of the views that see each part are made at their length (visibleViews.ts, issue 18)", () => {
  it('replaces the method of the Colyseus version installed, once', () => {
    expect(compactVisibleViews()).toBe(true);
    const ours = proto.markVisible;
    expect(ours).not.toBe(colyseusMark);
    expect(compactVisibleViews()).toBe(true);
    expect(proto.markVisible).toBe(ours);
  });

  it('every client gets the same frames as with Colyseus own method, and every part the same views, over 1,000 random patches', () => {
    compactVisibleViews();
    const { colyseus, ours } = both([0, 1, 2, 3, -1], 1000);
    expect(ours.frames.every((f) => f.length > 500)).toBe(true);
    expect(ours.frames).toEqual(colyseus.frames);
    // The seats' views see their seat's parts: some bitmaps are set, and set alike.
    expect(ours.views.filter((v) => v?.some((bits) => bits !== 0)).length).toBeGreaterThan(4);
    expect(ours.views).toEqual(colyseus.views);
  });

  it('with more than 32 views (a bitmap past the first), the same frames and views', () => {
    compactVisibleViews();
    // Ten clients at each seat (a view gets its id when it first adds a part): ids 32-39 are in the second bitmap.
    const seats = Array.from({ length: 40 }, (_, i) => i % 4);
    const { colyseus, ours } = both(seats, 300);
    expect(ours.frames).toEqual(colyseus.frames);
    expect(ours.views.some((v) => v !== undefined && v.length === 2 && v[1] !== 0)).toBe(true);
    expect(ours.views).toEqual(colyseus.views);
  });
});
