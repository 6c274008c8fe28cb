import type { ArraySchema } from '@colyseus/schema';
import type { Game } from '@jantaku/shared/game/game';
import type { LegalAction, Seat } from '@jantaku/shared/game/types';
import { viewFor, type TableView } from '@jantaku/shared/game/views';
import type { Ruleset } from '@jantaku/shared/rules/index';
import { legalToWire } from '@jantaku/shared/protocol/legal';
import { DiscardState, MeldState, PenaltyTileState, PrivateSeatState, SeatState, TableState } from '@jantaku/shared/schema/table';

export const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** Replaces an array's contents only where they differ (no churn when nothing changed). */
function syncList<T, S>(arr: ArraySchema<S>, values: readonly T[], make: () => S, fill: (item: S, value: T) => void): void {
  while (arr.length > values.length) arr.pop();
  values.forEach((v, i) => {
    let item = arr[i];
    if (item === undefined) {
      item = make();
      fill(item, v);
      arr.push(item);
    } else fill(item, v);
  });
}

function syncNumbers(arr: ArraySchema<number>, values: readonly number[]): void {
  while (arr.length > values.length) arr.pop();
  values.forEach((v, i) => {
    if (i >= arr.length) arr.push(v);
    else if (arr[i] !== v) arr[i] = v;
  });
}

/**
 * A hand's tiles as a set, not a sorted list: a tile keeps its place while it is held, a new tile
 * takes the place of one gone (else goes at the end), and a place left over takes the last tile.
 * A discard or a draw is then one or two changes in the patch, where a sorted array rewrites every
 * place after the tile. Clients sort (`tableViewOf`, the SDK's `hand`); a deal (a hand mostly
 * new) is written sorted.
 */
export function syncTiles(arr: ArraySchema<number>, values: readonly number[]): void {
  const held = new Set(values);
  const have = new Set<number>(arr);
  const coming = values.filter((t) => !have.has(t));
  // A new deal (most tiles new): written sorted, as a player arranges it.
  if (coming.length * 2 > values.length) return syncNumbers(arr, values);
  let next = 0;
  const gone: number[] = [];
  for (let i = 0; i < arr.length; i++) {
    if (held.has(arr[i])) continue;
    if (next < coming.length) arr[i] = coming[next++];
    else gone.push(i);
  }
  while (next < coming.length) arr.push(coming[next++]);
  // From the back: every place after the current one is either gone already or kept.
  for (let k = gone.length - 1; k >= 0; k--) {
    const last = arr.length - 1;
    if (gone[k] !== last) arr[gone[k]] = arr[last];
    arr.pop();
  }
}

function set<O extends object, K extends keyof O>(obj: O, key: K, value: O[K]): void {
  if (obj[key] !== value) obj[key] = value;
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

/** Fills the public part of the state from the spectator's projection. */
function fillPublic(state: TableState, view: TableView): void {
  set(state, 'phase', view.phase);
  set(state, 'round', view.round);
  set(state, 'honba', view.honba);
  set(state, 'riichiSticks', view.riichiSticks);
  set(state, 'dealer', view.dealer);
  set(state, 'turn', view.turn);
  set(state, 'remaining', view.remaining);
  syncNumbers(state.doraIndicators, view.doraIndicators);
  syncNumbers(state.uraIndicators, view.uraIndicators);
  set(state, 'claimTile', view.claim ? view.claim.tile : -1);
  set(state, 'claimFrom', view.claim ? view.claim.from : -1);
  set(state, 'lastResult', view.lastResult ? JSON.stringify(view.lastResult) : '');
  set(state, 'standings', view.standings ? JSON.stringify(view.standings) : '');
  view.seats.forEach((sv, i) => {
    const s = state.seats[i];
    set(s, 'score', sv.score);
    set(s, 'wind', sv.wind);
    set(s, 'handCount', sv.handCount);
    set(s, 'riichi', sv.riichi);
    set(s, 'deadHand', sv.deadHand);
    syncList(s.discards, sv.discards, () => new DiscardState(), (d, v) => {
      set(d, 'tile', v.tile);
      set(d, 'tsumogiri', v.tsumogiri);
      set(d, 'riichi', v.riichi);
      set(d, 'called', v.called);
    });
    syncList(s.melds, sv.melds, () => new MeldState(), (m, v) => {
      set(m, 'type', v.type);
      syncNumbers(m.tiles, v.tiles);
      set(m, 'calledTile', v.calledTile ?? -1);
      set(m, 'from', v.from ?? -1);
      set(m, 'addedTile', v.addedTile ?? -1);
    });
    syncList(s.penaltyTiles, sv.penaltyTiles, () => new PenaltyTileState(), (p, v) => {
      set(p, 'tile', v.tile);
      set(p, 'live', v.live);
    });
  });
}

/** Fills one seat's private part from that seat's own projection. */
function fillPrivate(own: PrivateSeatState, view: TableView): void {
  syncTiles(own.hand, view.hand ?? []);
  set(own, 'drawn', view.drawn ?? -1);
  set(own, 'legal', legalToWire(view.legalActions, view.hand ?? []));
  set(own, 'claimOffered', view.phase === 'claims' && view.legalActions.length > 0);
}

/**
 * Re-does the projection: the public part from `viewFor(game, 'spectator')`, each seat's private
 * part from `viewFor(game, seat)`. Nothing else of the game reaches the state. Returns each seat's
 * legal actions (worked out once, for the bots and the room).
 */
export function project(state: TableState, game: Game): LegalAction[][] {
  fillPublic(state, viewFor(game, 'spectator'));
  return SEATS.map((seat) => {
    const legal = game.legalActions(seat);
    fillPrivate(state.seats[seat].own, viewFor(game, seat, legal));
    return legal;
  });
}
