import type { TileId } from './index';

export type MeldType = 'chii' | 'pon' | 'daiminkan' | 'shouminkan' | 'ankan';

/** An exposed (or concealed-kan) group. */
export interface Meld {
  type: MeldType;
  /** All tiles of the group, sorted ascending by id (3 or 4 tiles). */
  tiles: TileId[];
  /** The tile taken from another seat (for shouminkan: the one taken by the original pon); absent for ankan. */
  calledTile?: TileId;
  /** Seat (0..3, absolute) the called tile came from; absent for ankan. */
  from?: number;
  /** For shouminkan: the tile added to the pon. */
  addedTile?: TileId;
}

export const isKan = (m: Meld): boolean => m.type === 'daiminkan' || m.type === 'shouminkan' || m.type === 'ankan';
/** An ankan keeps the hand concealed; any other meld opens it. */
export const isOpenMeld = (m: Meld): boolean => m.type !== 'ankan';
