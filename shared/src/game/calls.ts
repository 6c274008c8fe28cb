import { isRedId, kindOf, suitOf, type TileId, type TileKind } from '../tiles';
import type { SeatState } from './seat';

/**
 * Tiles that may not be discarded after calling `called` with `own` (kuikae): the same kind,
 * and for a chii taken at one end, the kind at the other end of the run (suji kuikae).
 */
export function kuikaeKinds(called: TileId, own: readonly TileId[], chii: boolean): TileKind[] {
  const k = kindOf(called);
  if (!chii) return [k];
  const a = Math.min(kindOf(own[0]), kindOf(own[1]));
  const b = Math.max(kindOf(own[0]), kindOf(own[1]));
  const banned = [k];
  if (k < a && sameSuit(k + 3, k)) banned.push(k + 3);
  if (k > b && sameSuit(k - 3, k)) banned.push(k - 3);
  return banned;
}

const sameSuit = (x: number, k: TileKind) => x >= 0 && x < 27 && suitOf(x) === suitOf(k);

/** Distinct picks of `n` tiles of `kind` from the hand (`sorted`: ascending), differing by red fives only. */
function picksOfKind(sorted: readonly TileId[], kind: TileKind, n: number): TileId[][] {
  const tiles = sorted.filter((t) => kindOf(t) === kind);
  if (tiles.length < n) return [];
  const red = tiles.filter(isRedId);
  const plain = tiles.filter((t) => !isRedId(t));
  const out: TileId[][] = [];
  if (plain.length >= n) out.push(plain.slice(0, n));
  if (red.length > 0 && plain.length >= n - 1) out.push([red[0], ...plain.slice(0, n - 1)].sort((x, y) => x - y));
  return out;
}

/**
 * The hand still has a legal discard after calling with `own` (tiles of the hand; else the call
 * is not allowed): counted, not copied, as the tiles left less those of banned kinds.
 */
function leavesDiscard(hand: readonly TileId[], own: readonly TileId[], banned: readonly TileKind[]): boolean {
  let left = hand.length - own.length;
  for (const t of hand) if (banned.includes(kindOf(t))) left--;
  for (const t of own) if (banned.includes(kindOf(t))) left++;
  return left > 0;
}

export function ponOptions(seat: SeatState, tile: TileId, kuikaeForbidden: boolean): [TileId, TileId][] {
  return picksOfKind(seat.sortedHand(), kindOf(tile), 2).filter(
    (own) => !kuikaeForbidden || leavesDiscard(seat.hand, own, kuikaeKinds(tile, own, false)),
  ) as [TileId, TileId][];
}

export function daiminkanTiles(seat: SeatState, tile: TileId): [TileId, TileId, TileId] | null {
  const own = seat.hand.filter((t) => kindOf(t) === kindOf(tile));
  return own.length === 3 ? (own.sort((x, y) => x - y) as [TileId, TileId, TileId]) : null;
}

/** Where the two own tiles of a chii sit relative to the called one. */
const RUN_SHAPES: readonly (readonly [number, number])[] = [[-2, -1], [-1, 1], [1, 2]];

export function chiiOptions(seat: SeatState, tile: TileId, kuikaeForbidden: boolean): [TileId, TileId][] {
  const k = kindOf(tile);
  if (k >= 27) return [];
  const r = k % 9;
  const out: [TileId, TileId][] = [];
  const sorted = seat.sortedHand();
  for (const [da, db] of RUN_SHAPES) {
    if (r + da < 0 || r + db > 8) continue;
    for (const a of picksOfKind(sorted, k + da, 1))
      for (const b of picksOfKind(sorted, k + db, 1)) {
        const own = [a[0], b[0]];
        if (kuikaeForbidden && !leavesDiscard(seat.hand, own, kuikaeKinds(tile, own, true))) continue;
        out.push([a[0], b[0]]);
      }
  }
  return out;
}

/** Whether `own` are two (pon) or three (kan) tiles of the seat's hand of the called kind. */
export function holdsAll(hand: readonly TileId[], own: readonly TileId[]): boolean {
  const rest = [...hand];
  for (const t of own) {
    const i = rest.indexOf(t);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** Whether the two tiles with the called tile form a run. */
export function isRun(called: TileId, own: readonly TileId[]): boolean {
  const ks = [kindOf(called), ...own.map(kindOf)].sort((x, y) => x - y);
  return ks[0] < 27 && ks[2] < 27 && suitOf(ks[0]) === suitOf(ks[2]) && ks[1] === ks[0] + 1 && ks[2] === ks[0] + 2;
}
