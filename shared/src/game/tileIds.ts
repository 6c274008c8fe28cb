import type { TileId, TileKind } from '../tiles';

/** Gives each physical tile of a hand an id: red fives copy 0, others the lowest free copy. */
export class TileIds {
  private readonly used = new Set<TileId>();
  constructor(private readonly redOn: readonly number[]) {}
  take(t: { kind: TileKind; red: boolean }): TileId {
    const suit = Math.floor(t.kind / 9);
    const redFive = t.kind < 27 && t.kind % 9 === 4;
    const order = t.red ? [0] : redFive && this.redOn[suit] ? [1, 2, 3, 0] : [0, 1, 2, 3];
    for (const c of order) {
      const id = t.kind * 4 + c;
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
    throw new RangeError(`more copies of tile kind ${t.kind}${t.red ? ' (red)' : ''} than exist`);
  }

  /** The ids not taken yet, ascending. */
  unused(): TileId[] {
    return Array.from({ length: 136 }, (_, i) => i).filter((i) => !this.used.has(i));
  }
}

