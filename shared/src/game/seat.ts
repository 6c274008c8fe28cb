import { countKinds, kindOf, type TileId, type TileKind } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Seat } from './types';
import { tenpaiWaits, waits } from '../hand/waits';
import { shanten } from '../hand/shanten';

export interface DiscardRecord {
  tile: TileId;
  tsumogiri: boolean;
  /** The riichi declaration tile (turned sideways). */
  riichi: boolean;
  /** Taken by another seat's call (leaves the pond, still counts for furiten). */
  called: boolean;
}

/** One seat's part of a hand. Only the game mutates it. */
export class SeatState {
  /** The concealed tiles in the order they came (changed through `deal`, `addTile`, `removeTile`). */
  hand: TileId[] = [];
  /** The tile drawn this turn (null after a call or between turns). */
  drawn: TileId | null = null;
  melds: Meld[] = [];
  discards: DiscardRecord[] = [];
  riichi: 'none' | 'riichi' | 'double' = 'none';
  /** Riichi declared with the last discard; the stick is placed once the discard is not ronned. */
  riichiPending = false;
  ippatsu = false;
  /** Missed a win on a discard this go-around (EMA12-FURITEN-TEMP). */
  furitenTemp = false;
  /** Missed a win while in riichi: furiten for the rest of the hand. */
  furitenRiichi = false;
  deadHand = false;
  /**
   * A dead hand that keeps its claims and kans: it only lost the right to win (WSOM-SHORT).
   * False for every other dead hand (a WSOM long hand, and every other rulebook's, D25).
   */
  deadMayCall = false;
  /**
   * WSOM penalty tiles (docs/REFEREE.md §3.7, D22): tiles of the concealed hand held face up,
   * public to every seat and spectator. They stay in `hand` for every count and stay usable:
   * they may be discarded, melded, and be part of a win. `live` until the owner's next discard
   * (the text's "live penalty tile, which he may discard immediately"); after that discard the
   * rest are dead ("keep as a dead penalty tile"): still face up for the rest of the hand, still
   * discardable later. A tile leaves the list when it leaves the hand (discarded or melded).
   */
  penaltyTiles: { tile: TileId; live: boolean }[] = [];
  /** Riichi declared on a noten hand, or a concealed kan in riichi that changed the waits (let stand by the referee, judged at the end). */
  notenRiichi = false;
  /** A riichi withdrawn before its discard passed: the stick is still paid, the riichi is gone (RUS-DEAD-G). */
  riichiWithdrawn = false;
  badKan = false;
  /** Kinds that may not be discarded right after a call (kuikae). */
  kuikae: TileKind[] = [];
  /** Liability for a yakuman completed by the meld this seat fed (pao). */
  pao: Seat | null = null;

  // Caches of what the hand implies, not state: #-private, so that JSON snapshots of a game leave them out.
  #waits: number[] | null = null;
  readonly #counts = new Uint8Array(34);
  /** `#counts` no longer match `hand` (claim windows read every other seat's counts on each discard). */
  #countsStale = true;
  /** `hand` in ascending id order (the order legal actions list tiles in), kept beside it once asked for. */
  #sorted: TileId[] | null = null;
  #handVersion = 0;

  /** Takes the dealt tiles as the hand (after it, only `addTile` and `removeTile` change the hand: they keep the caches). */
  deal(tiles: TileId[]): void {
    this.hand = tiles;
    this.#handVersion++;
    this.#waits = null;
    this.#countsStale = true;
    this.#sorted = null;
  }

  /** May chii, pon and kan: not dead, or dead with only the right to win lost (WSOM-SHORT). */
  get mayCall(): boolean {
    return !this.deadHand || this.deadMayCall;
  }

  get closed(): boolean {
    return this.melds.every((m) => m.type === 'ankan');
  }

  /** Concealed tiles per kind, kept until the hand changes: read it, never write to it (copy first). */
  kindCounts(): Uint8Array {
    if (this.#countsStale) {
      countKinds(this.hand, this.#counts);
      this.#countsStale = false;
    }
    return this.#counts;
  }

  /** Counts the hand's changes: the same count, the same hand (a projection need not look again). */
  get handVersion(): number {
    return this.#handVersion;
  }

  /** The concealed tiles in ascending id order: read it, never write to it (copy first). */
  sortedHand(): readonly TileId[] {
    if (this.#sorted) return this.#sorted;
    // An insertion sort: 13 or 14 tiles, and no comparator calls.
    const out = this.hand.slice();
    for (let i = 1; i < out.length; i++) {
      const t = out[i];
      let j = i;
      for (; j > 0 && out[j - 1] > t; j--) out[j] = out[j - 1];
      out[j] = t;
    }
    return (this.#sorted = out);
  }

  /** Completing kinds of the concealed hand when it holds 3n+1 tiles (cached). */
  waits(): number[] {
    if (this.#waits === null) {
      const n = this.hand.length;
      // Most hands are not tenpai: one shanten says so before waits() counts and searches the hand.
      const far = n + 3 * this.melds.length === 13 && shanten(this.kindCounts(), this.melds.length) > 0;
      this.#waits = n % 3 !== 1 || far ? [] : waits(this.kindCounts(), this.melds.length);
    }
    return this.#waits;
  }

  /** Tenpai as the rulebooks define it (EMA12-TENPAI-FOUR-HELD), for a 3n+1 hand. */
  isTenpai(): boolean {
    if (this.hand.length % 3 !== 1 || this.waits().length === 0) return false;
    return tenpaiWaits(this.kindCounts(), this.melds.length, this.heldCounts()).length > 0;
  }

  /** Counts of every tile the seat owns, melds included. */
  heldCounts(): Uint8Array {
    const held = countKinds(this.hand, new Uint8Array(34));
    for (const m of this.melds) for (const t of m.tiles) held[t >> 2]++;
    return held;
  }

  /** Furiten on own discards: a wait among them (EMA12-FURITEN). */
  discardFuriten(): boolean {
    const w = this.waits();
    return this.discards.some((d) => w.includes(kindOf(d.tile)));
  }

  /** Takes a tile into the hand (a draw); the counts and the sorted copy follow it rather than being rebuilt. */
  addTile(t: TileId): void {
    this.hand.push(t);
    this.#handVersion++;
    this.#waits = null;
    if (!this.#countsStale) this.#counts[t >> 2]++;
    if (this.#sorted) {
      let i = this.#sorted.length;
      this.#sorted.push(t);
      for (; i > 0 && this.#sorted[i - 1] > t; i--) this.#sorted[i] = this.#sorted[i - 1];
      this.#sorted[i] = t;
    }
  }

  removeTile(t: TileId): void {
    const i = this.hand.indexOf(t);
    if (i >= 0) {
      removeAt(this.hand, i);
      this.#handVersion++;
      if (!this.#countsStale) this.#counts[t >> 2]--;
      if (this.#sorted) removeAt(this.#sorted, this.#sorted.indexOf(t));
    }
    if (this.penaltyTiles.length) this.penaltyTiles = this.penaltyTiles.filter((p) => p.tile !== t);
    this.#waits = null;
  }
}

/** Removes a[i] in place, keeping the order (splice would allocate the removed part, once per discard). */
function removeAt(a: TileId[], i: number): void {
  for (let j = i + 1; j < a.length; j++) a[j - 1] = a[j];
  a.pop();
}
