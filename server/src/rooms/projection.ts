import { ArraySchema } from '@colyseus/schema';
import type { Game } from '@jantaku/shared/game/game';
import type { LegalAction, Seat } from '@jantaku/shared/game/types';
import type { Ruleset } from '@jantaku/shared/rules/index';
import type { Meld } from '@jantaku/shared/tiles/meld';
import { legalToWire } from '@jantaku/shared/protocol/legal';
import { MeldState, packDiscard, PenaltyTileState, PrivateSeatState, SeatState, TableState } from '@jantaku/shared/schema/table';
import { expectedHandCount } from '@jantaku/shared/schema/view';

export const SEATS: readonly Seat[] = [0, 1, 2, 3];
const NONE: readonly number[] = [];

/**
 * The projection (issue 18 item 7): the game's public facts into the table state, each seat's
 * own tiles and legal actions into that seat's private part, and nothing else. It reads the game
 * directly, as `viewFor` does (the same facts: a spectator's view for the public part, the seat's
 * own for `own`), but compares each value with a plain copy of what the state holds (`Mirror`)
 * instead of the schema's getters, and copies nothing that did not change: an action that moves
 * one tile costs a few comparisons per seat, not five whole views.
 */

const packPenalty = (p: { tile: number; live: boolean }): number => p.tile | (p.live ? 256 : 0);
const meldKey = (m: Meld): string => `${m.type}:${m.tiles.join(',')}:${m.calledTile ?? -1}:${m.from ?? -1}:${m.addedTile ?? -1}`;

const newMeld = () => new MeldState();
function fillMeld(x: MeldState, v: Meld): void {
  if (x.type !== v.type) x.type = v.type;
  syncNumbers(x.tiles, Array.from(x.tiles), v.tiles);
  if (x.calledTile !== (v.calledTile ?? -1)) x.calledTile = v.calledTile ?? -1;
  if (x.from !== (v.from ?? -1)) x.from = v.from ?? -1;
  if (x.addedTile !== (v.addedTile ?? -1)) x.addedTile = v.addedTile ?? -1;
}
const newPenaltyTile = () => new PenaltyTileState();
function fillPenaltyTile(p: PenaltyTileState, v: { tile: number; live: boolean }): void {
  if (p.tile !== v.tile) p.tile = v.tile;
  if (p.live !== v.live) p.live = v.live;
}

/** Plain copies of what one seat's part of the state holds. */
class SeatMirror {
  score = NaN;
  wind = -1;
  handExtra = NaN;
  riichi = false;
  deadHand = false;
  discards: number[] = [];
  melds: string[] = [];
  /** The engine's meld objects the state was last filled from: a meld is replaced, never changed, so the same objects mean the same melds. */
  meldsFrom: readonly Meld[] = [];
  penaltyTiles: number[] = [];
  // Private part.
  hand = new HandMirror();
  /** The engine seat and its `handVersion` the hand was last synced from. */
  handOf: object | null = null;
  handVersion = -1;
  drawn = -1;
  legal = '';
  claimOffered = false;
}

/** Plain copies of what the table state holds: compared instead of the schema's getters. */
class Mirror {
  phase = '';
  round = -1;
  honba = -1;
  riichiSticks = -1;
  dealer = -1;
  turn = -1;
  remaining = -1;
  doraIndicators: number[] = [];
  uraIndicators: number[] = [];
  claimTile = -1;
  claimFrom = -1;
  /** The JSON of the result and of the standings, as the state holds them ('' for none). */
  lastResult = '';
  standings = '';
  seats = SEATS.map(() => new SeatMirror());
  /** The state's four seats (made once by newTableState): read once, not through the schema's array at every action. */
  constructor(readonly seatStates: readonly SeatState[]) {}
}

const mirrors = new WeakMap<TableState, Mirror>();

/** Makes `arr` (and its mirror `was`) hold `values`, writing only the places that differ. */
function syncNumbers(arr: ArraySchema<number>, was: number[], values: readonly number[]): void {
  if (was.length === values.length && was.every((v, i) => v === values[i])) return;
  while (arr.length > values.length) arr.pop();
  values.forEach((v, i) => {
    if (i >= was.length) arr.push(v);
    else if (was[i] !== v) arr[i] = v;
  });
  was.length = 0;
  was.push(...values);
}

/**
 * Makes a schema list (`arr`, mirrored by the packed values `was`) follow `values`: drops the
 * places beyond them, and `put`s only those whose packed value changed (an existing place or the
 * next new one).
 */
function syncList<T, P extends number | string>(arr: { length: number; pop(): unknown }, was: P[], values: readonly T[], pack: (v: T) => P, put: (i: number, value: T, packed: P) => void): void {
  while (was.length > values.length) {
    arr.pop();
    was.pop();
  }
  for (let i = 0; i < values.length; i++) {
    const p = pack(values[i]);
    if (i < was.length && was[i] === p) continue;
    put(i, values[i], p);
    was[i] = p;
  }
}

/** A list of numbers holding `values` packed. */
function syncPacked<T>(arr: ArraySchema<number>, was: number[], values: readonly T[], pack: (v: T) => number): void {
  syncList(arr, was, values, pack, (i, _v, p) => (i < arr.length ? (arr[i] = p) : arr.push(p)));
}

/**
 * A seat's discards: the list only grows during a hand (a new hand empties it), and of the tiles
 * already out only the last one changes (its `called` flag, when it is claimed). So equal lengths
 * need only the last compared, not every discard at every action.
 */
function syncDiscards<T>(arr: ArraySchema<number>, was: number[], values: readonly T[], pack: (v: T) => number): void {
  const n = values.length;
  if (n === was.length && (n === 0 || was[n - 1] === pack(values[n - 1]))) return;
  syncPacked(arr, was, values, pack);
}

/** A list of schema items following `values`: an item whose packed value changed is refilled. */
function syncItems<T, S>(arr: ArraySchema<S>, was: (number | string)[], values: readonly T[], pack: (v: T) => number | string, make: () => S, fill: (item: S, value: T) => void): void {
  syncList(arr, was, values, pack, (i, v) => {
    if (i < arr.length) return fill(arr[i], v);
    const item = make();
    fill(item, v);
    arr.push(item);
  });
}

/**
 * A list the state holds only while it has items (schema/table.ts): the list to fill (made for
 * the first item), or null with the list dropped and its mirror `was` emptied when there are none.
 */
function heldList<O, K extends keyof O>(owner: O, key: K, items: number, was: unknown[]): NonNullable<O[K]> | null {
  if (items > 0) return (owner[key] ??= new ArraySchema() as O[K]) as NonNullable<O[K]>;
  if (owner[key] !== undefined) {
    owner[key] = undefined as O[K];
    was.length = 0;
  }
  return null;
}

/** Whether two lists hold the same objects in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Marks by tile id for `HandMirror.sync`, shared by every hand (a sync runs to its end before
 * another starts) and all zero between calls: a pair per seat was eight typed arrays a table for
 * 136 bytes of state each (issue 18: what a table keeps is what each full collection marks).
 */
const marks = new Uint8Array(136);

/**
 * A hand's tiles as a set, not a sorted list: a tile keeps its place while it is held, a new tile
 * takes the place of one gone (else goes at the end), and a place left over takes the last tile.
 * A discard or a draw is then one or two changes in the patch, where a sorted array rewrites every
 * place after the tile. Clients sort (`tableViewOf`, the SDK's `hand`); a deal (a hand mostly
 * new) is written sorted. `places` mirrors the schema array.
 */
class HandMirror {
  places: number[] = [];

  sync(arr: ArraySchema<number>, values: readonly number[]): void {
    const { places } = this;
    // The tiles coming: in `values`, not in `places`.
    for (const t of places) marks[t] = 1;
    let coming: number[] | null = null;
    for (const t of values) if (!marks[t]) (coming ??= []).push(t);
    for (const t of places) marks[t] = 0;
    if (!coming && values.length === places.length) return;
    coming ??= [];
    // A new deal: the hand written in its (sorted) order.
    if (coming.length * 2 > values.length) return syncNumbers(arr, places, values);
    // The places whose tile stays: in `values`.
    for (const t of values) marks[t] = 1;
    let next = 0;
    const gone: number[] = [];
    for (let i = 0; i < places.length; i++) {
      if (marks[places[i]]) continue;
      if (next < coming.length) arr[i] = places[i] = coming[next++];
      else gone.push(i);
    }
    for (const t of values) marks[t] = 0;
    while (next < coming.length) {
      const t = coming[next++];
      arr.push(t);
      places.push(t);
    }
    // From the back: every place after the current one is either gone already or kept.
    for (let k = gone.length - 1; k >= 0; k--) {
      const last = places.length - 1;
      if (gone[k] !== last) arr[gone[k]] = places[gone[k]] = places[last];
      arr.pop();
      places.pop();
    }
  }
}

/** A new table state with its four seats and their private parts (to add to StateViews), the table's rules and `name` (its settings' name: the creator's, else the ruleset's). */
export function newTableState(rules: Ruleset, name?: string): TableState {
  const state = new TableState();
  state.ruleset = rules.name;
  state.rules = JSON.stringify(rules);
  state.name = name !== undefined && name !== rules.name ? name : '';
  for (const seat of SEATS) {
    const s = new SeatState();
    s.seat = seat;
    s.own = new PrivateSeatState();
    state.seats.push(s);
  }
  return state;
}

/** The public part of the state: what a spectator's view (`viewFor(game, 'spectator')`) holds. */
function fillPublic(state: TableState, m: Mirror, game: Game): void {
  if (m.phase !== game.phase) state.phase = m.phase = game.phase;
  if (m.round !== game.round) state.round = m.round = game.round;
  if (m.honba !== game.honba) state.honba = m.honba = game.honba;
  if (m.riichiSticks !== game.riichiSticks) state.riichiSticks = m.riichiSticks = game.riichiSticks;
  if (m.dealer !== game.dealer) state.dealer = m.dealer = game.dealer;
  if (m.turn !== game.turn) state.turn = m.turn = game.turn;
  const remaining = game.remaining;
  if (m.remaining !== remaining) state.remaining = m.remaining = remaining;
  syncNumbers(state.doraIndicators, m.doraIndicators, game.doraIndicators);
  // Results and ura dora only once the hand has ended.
  const ended = game.phase === 'handEnded' || game.phase === 'gameOver';
  const ura = ended ? game.currentHand.uraIndicators : NONE;
  const uraList = heldList(state, 'uraIndicators', ura.length, m.uraIndicators);
  if (uraList) syncNumbers(uraList, m.uraIndicators, ura);
  const claimTile = game.claimTile ?? -1;
  const claimFrom = game.claimTile === null ? -1 : game.turn;
  if (m.claimTile !== claimTile) state.claimTile = m.claimTile = claimTile;
  if (m.claimFrom !== claimFrom) state.claimFrom = m.claimFrom = claimFrom;
  // Compared as JSON (only between hands: during play both are empty), as the state holds them.
  const result = ended && game.lastResult ? JSON.stringify(game.lastResult) : '';
  if (m.lastResult !== result) state.lastResult = m.lastResult = result;
  const standings = game.standings ? JSON.stringify(game.standings) : '';
  if (m.standings !== standings) state.standings = m.standings = standings;
  for (const seat of SEATS) {
    const s = m.seatStates[seat];
    const sm = m.seats[seat];
    const g = game.seats[seat];
    const score = game.scores[seat];
    if (sm.score !== score) s.score = sm.score = score;
    const wind = game.seatWind(seat);
    if (sm.wind !== wind) s.wind = sm.wind = wind;
    // The count beyond the expected one: 0 in play, so a discard or a draw changes nothing here.
    const extra = g.hand.length - expectedHandCount(game.phase, game.turn, seat, g.melds.length);
    if (sm.handExtra !== extra) s.handExtra = sm.handExtra = extra;
    const riichi = g.riichi !== 'none';
    if (sm.riichi !== riichi) s.riichi = sm.riichi = riichi;
    if (sm.deadHand !== g.deadHand) s.deadHand = sm.deadHand = g.deadHand;
    syncDiscards(s.discards, sm.discards, g.discards, packDiscard);
    if (!sameItems(g.melds, sm.meldsFrom)) {
      const melds = heldList(s, 'melds', g.melds.length, sm.melds);
      if (melds) syncItems(melds, sm.melds, g.melds, meldKey, newMeld, fillMeld);
      sm.meldsFrom = [...g.melds];
    }
    const penaltyTiles = heldList(s, 'penaltyTiles', g.penaltyTiles.length, sm.penaltyTiles);
    if (penaltyTiles) syncItems(penaltyTiles, sm.penaltyTiles, g.penaltyTiles, packPenalty, newPenaltyTile, fillPenaltyTile);
  }
}

/** One seat's private part: what its own view (`viewFor(game, seat)`) adds, its tiles and legal actions. */
function fillPrivate(own: PrivateSeatState, sm: SeatMirror, game: Game, seat: Seat, legal: LegalAction[]): void {
  const g = game.seats[seat];
  const hand = g.sortedHand();
  if (sm.handOf !== g || sm.handVersion !== g.handVersion) {
    sm.hand.sync(own.hand, hand);
    sm.handOf = g;
    sm.handVersion = g.handVersion;
  }
  const drawn = g.drawn ?? -1;
  if (sm.drawn !== drawn) own.drawn = sm.drawn = drawn;
  const wire = legal.length === 0 ? '' : legalToWire(legal, hand);
  if (sm.legal !== wire) own.legal = sm.legal = wire;
  const offered = game.phase === 'claims' && legal.length > 0;
  if (sm.claimOffered !== offered) own.claimOffered = sm.claimOffered = offered;
}

/**
 * Re-does the projection: the public part as a spectator sees it, each seat's private part as
 * that seat sees it. Nothing else of the game reaches the state. Returns each seat's legal
 * actions (worked out once, for the bots and the room).
 */
export function project(state: TableState, game: Game): LegalAction[][] {
  let m = mirrors.get(state);
  if (!m) mirrors.set(state, (m = new Mirror(Array.from(state.seats))));
  fillPublic(state, m, game);
  return SEATS.map((seat) => {
    const legal = game.legalActions(seat);
    fillPrivate(m.seatStates[seat].own, m.seats[seat], game, seat, legal);
    return legal;
  });
}
