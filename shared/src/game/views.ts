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

/**
 * The same view, read from the game when a field is first asked for: a bot that looks only at
 * its drawn tile pays for no copy of the table. For in-process bots (self-play): it reads the
 * game live, so it holds only while the game has not moved on; a bot that keeps a view, or hands
 * it elsewhere, takes `toJSON()` (what JSON.stringify uses), a plain TableView, first.
 */
export function liveView(game: Game, viewer: Seat, legal: LegalAction[]): TableView {
  return new LiveView(game, viewer, legal);
}

class LiveView implements TableView {
  readonly #game: Game;
  #full: TableView | null = null;
  constructor(game: Game, readonly viewer: Seat, readonly legalActions: LegalAction[]) {
    this.#game = game;
  }
  toJSON(): TableView {
    return (this.#full ??= viewFor(this.#game, this.viewer, this.legalActions));
  }
  get drawn(): TileId | null {
    return this.#game.seats[this.viewer].drawn;
  }
  get phase(): Phase { return this.#game.phase; }
  get round(): number { return this.#game.round; }
  get honba(): number { return this.#game.honba; }
  get riichiSticks(): number { return this.#game.riichiSticks; }
  get dealer(): Seat { return this.#game.dealer; }
  get turn(): Seat { return this.#game.turn; }
  get remaining(): number { return this.#game.remaining; }
  get doraIndicators(): TileId[] { return this.toJSON().doraIndicators; }
  get seats(): SeatView[] { return this.toJSON().seats; }
  get claim(): TableView['claim'] { return this.toJSON().claim; }
  get hand(): TileId[] | undefined { return this.toJSON().hand; }
  get lastResult(): HandResult | null { return this.toJSON().lastResult; }
  get uraIndicators(): TileId[] { return this.toJSON().uraIndicators; }
  get standings(): Standing[] | null { return this.toJSON().standings; }
}
