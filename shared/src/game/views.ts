import type { TileId } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Game, Phase } from './game';
import type { DiscardRecord } from './seat';
import type { HandResult, LegalAction, Seat, Standing } from './types';

export interface SeatView {
  seat: Seat;
  score: number;
  /** Seat wind kind (27..30). */
  wind: number;
  discards: DiscardRecord[];
  melds: Meld[];
  /** Concealed tiles held (the tiles themselves only in the owner's view). */
  handCount: number;
  riichi: boolean;
  deadHand: boolean;
  /** WSOM penalty tiles held face up (public, §3.7); live until the owner's next discard. */
  penaltyTiles: { tile: TileId; live: boolean }[];
}

/** What one seat, or a spectator, may know of the table. Built only from public state and the viewer's own hand. */
export interface TableView {
  viewer: Seat | 'spectator';
  phase: Phase;
  round: number;
  honba: number;
  riichiSticks: number;
  dealer: Seat;
  turn: Seat;
  /** Live-wall tiles left. */
  remaining: number;
  doraIndicators: TileId[];
  seats: SeatView[];
  /** The open claim: the tile and its owner. */
  claim: { tile: TileId; from: Seat } | null;
  /** The viewer's concealed tiles and drawn tile (absent for spectators). */
  hand?: TileId[];
  drawn?: TileId | null;
  legalActions: LegalAction[];
  /** After a hand: its result (winning and tenpai hands are shown to all) and the ura dora. */
  lastResult: HandResult | null;
  uraIndicators: TileId[];
  standings: Standing[] | null;
}

/** `legal`: the viewer's legal actions when the caller has them already. */
export function viewFor(game: Game, viewer: Seat | 'spectator', legal?: LegalAction[]): TableView {
  const ended = game.phase === 'handEnded' || game.phase === 'gameOver';
  const own = viewer === 'spectator' ? null : game.seats[viewer];
  return {
    viewer,
    phase: game.phase,
    round: game.round,
    honba: game.honba,
    riichiSticks: game.riichiSticks,
    dealer: game.dealer,
    turn: game.turn,
    remaining: game.remaining,
    doraIndicators: [...game.doraIndicators],
    seats: game.seats.map((s, i) => ({
      seat: i as Seat,
      score: game.scores[i],
      wind: game.seatWind(i as Seat),
      discards: s.discards.map((d) => ({ ...d })),
      melds: s.melds.map((m) => ({ ...m, tiles: [...m.tiles] })),
      handCount: s.hand.length,
      riichi: s.riichi !== 'none',
      deadHand: s.deadHand,
      penaltyTiles: s.penaltyTiles.map((p) => ({ ...p })),
    })),
    claim: game.claimTile === null ? null : { tile: game.claimTile, from: game.turn },
    ...(own ? { hand: [...own.hand].sort((a, b) => a - b), drawn: own.drawn } : {}),
    legalActions: viewer === 'spectator' ? [] : (legal ?? game.legalActions(viewer)),
    lastResult: ended ? game.lastResult : null,
    uraIndicators: ended ? [...game.currentHand.uraIndicators] : [],
    standings: game.standings,
  };
}
