import type { LegalAction, HandResult, Seat, Standing } from '../game/types';
import type { Phase } from '../game/game';
import type { TableView } from '../game/views';
import type { MeldType } from '../tiles/meld';
import { meldsOf, penaltyTilesOf, unpackDiscard, uraIndicatorsOf, type TableState } from './table';
import { handOfOwn, legalOfOwn } from '../protocol/legal';

/**
 * How many concealed tiles a seat holds in play: 13, less three for each meld (a kan's fourth
 * tile is made up by its replacement draw), one more while it is the seat's turn to discard.
 * The server and every client compute it alike from the phase, the turn and the melds.
 */
export function expectedHandCount(phase: string, turn: number, seat: number, melds: number): number {
  return 13 - 3 * melds + (phase === 'turn' && turn === seat ? 1 : 0);
}

/** A seat's concealed tile count from a decoded state: the expected count and the seat's `handExtra`. */
export function handCountOf(state: Pick<TableState, 'phase' | 'turn' | 'seats'>, seat: number): number {
  const s = state.seats[seat];
  return s ? expectedHandCount(state.phase, state.turn, seat, meldsOf(s).length) + s.handExtra : 0;
}

/**
 * The engine's `TableView` rebuilt from a decoded table state, as a client holds it: what a
 * bot (`(view, legal) => Command`) needs to play over the network. `viewer` is the client's seat
 * (its `own` part must be in its view) or 'spectator'.
 */
export function tableViewOf(state: TableState, viewer: Seat | 'spectator'): TableView & { legalActions: LegalAction[] } {
  const own = viewer === 'spectator' ? undefined : state.seats[viewer]?.own;
  const legal: LegalAction[] = legalOfOwn(own);
  return {
    viewer,
    phase: state.phase as Phase,
    round: state.round,
    honba: state.honba,
    riichiSticks: state.riichiSticks,
    dealer: state.dealer as Seat,
    turn: state.turn as Seat,
    remaining: state.remaining,
    doraIndicators: Array.from(state.doraIndicators),
    seats: Array.from(state.seats, (s) => ({
      seat: s.seat as Seat,
      score: s.score,
      wind: s.wind,
      discards: Array.from(s.discards, unpackDiscard),
      melds: Array.from(meldsOf(s), (m) => ({
        type: m.type as MeldType,
        tiles: Array.from(m.tiles),
        ...(m.calledTile >= 0 ? { calledTile: m.calledTile } : {}),
        ...(m.from >= 0 ? { from: m.from } : {}),
        ...(m.addedTile >= 0 ? { addedTile: m.addedTile } : {}),
      })),
      handCount: handCountOf(state, s.seat),
      riichi: s.riichi,
      deadHand: s.deadHand,
      penaltyTiles: Array.from(penaltyTilesOf(s), (p) => ({ tile: p.tile, live: p.live })),
    })),
    claim: state.claimTile >= 0 ? { tile: state.claimTile, from: state.claimFrom as Seat } : null,
    ...(own ? { hand: handOfOwn(own), drawn: own.drawn >= 0 ? own.drawn : null } : {}),
    legalActions: legal,
    lastResult: state.lastResult ? (JSON.parse(state.lastResult) as HandResult) : null,
    uraIndicators: Array.from(uraIndicatorsOf(state)),
    standings: state.standings ? (JSON.parse(state.standings) as Standing[]) : null,
  };
}
