import type { TileId } from '../tiles';
import { shuffledTiles, WALL_ALGORITHM, type WallAlgorithm } from './shuffle';

/** Live-wall draws available in a hand: 136 - 14 (dead wall) - 52 (deal). Each kan takes one more. */
export const LIVE_DRAWS = 70;
export const MAX_INDICATORS = 5;

/**
 * Where a hand's tiles come from. A seeded game shuffles all 136 tiles; a replay feeds the
 * tiles a log recorded (each seat's draws in order). The game sees the same interface and
 * counts the live wall the same way, so haitei, riichi limits and kan rules do not care.
 */
export interface WallSource {
  /** The 13 starting tiles of each seat (absolute seat index). */
  readonly haipai: readonly (readonly TileId[])[];
  /** Next live-wall tile, drawn by `seat`. */
  draw(seat: number): TileId;
  /** Next kan replacement tile, drawn by `seat`. */
  drawRinshan(seat: number): TileId;
  doraIndicator(i: number): TileId;
  uraIndicator(i: number): TileId;
}

/** A shuffled wall with the usual layout: live wall, then 14 dead-wall tiles (4 rinshan, 5 dora, 5 ura). */
export class ShuffledWall implements WallSource {
  private next = 52;
  private rinshan = 0;
  /** Bytes, not an array of 136 numbers: a table holds its wall for the whole hand, and the collector need not walk it. */
  private readonly tiles: Uint8Array;

  constructor(tiles: readonly TileId[]) {
    if (tiles.length !== 136) throw new Error('a wall has 136 tiles');
    this.tiles = Uint8Array.from(tiles);
  }

  /** Read from the wall when asked (at the deal), not kept beside it for the whole hand. */
  get haipai(): TileId[][] {
    return [0, 1, 2, 3].map((s) => Array.from(this.tiles.subarray(s * 13, s * 13 + 13)));
  }

  static fromSeed(seed: string, handIndex: number, algorithm: WallAlgorithm = WALL_ALGORITHM): ShuffledWall {
    return new ShuffledWall(shuffledTiles(seed, handIndex, algorithm));
  }

  draw(): TileId {
    return this.tiles[this.next++];
  }
  drawRinshan(): TileId {
    return this.tiles[122 + this.rinshan++];
  }
  doraIndicator(i: number): TileId {
    return this.tiles[126 + 2 * i];
  }
  uraIndicator(i: number): TileId {
    return this.tiles[127 + 2 * i];
  }
}

export class WallExhaustedError extends Error {}

/** The tiles a log recorded: each seat's draws (rinshan included) in the order that seat drew them. */
export class ScriptedWall implements WallSource {
  private readonly pos = [0, 0, 0, 0];

  constructor(
    readonly haipai: TileId[][],
    private readonly draws: TileId[][],
    private readonly dora: TileId[],
    private readonly ura: TileId[],
  ) {}

  draw(seat: number): TileId {
    const t = this.draws[seat][this.pos[seat]++];
    if (t === undefined) throw new WallExhaustedError(`seat ${seat} has no more recorded draws`);
    return t;
  }
  drawRinshan(seat: number): TileId {
    return this.draw(seat);
  }
  doraIndicator(i: number): TileId {
    return this.dora[i] ?? -1;
  }
  uraIndicator(i: number): TileId {
    return this.ura[i] ?? -1;
  }
}
