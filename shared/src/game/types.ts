import type { TileId } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { ScoreResult } from '../scoring/types';

export type Seat = 0 | 1 | 2 | 3;

/** What a seat does. Tiles are tile ids; the engine checks that the seat holds them. */
export type Command =
  | { type: 'discard'; tile: TileId }
  /** Declare riichi, discarding `tile` sideways. */
  | { type: 'riichi'; tile: TileId }
  /**
   * Wins. `reveal` (default true) says whether the hand is laid open with the declaration: a
   * false win shown is judged more severely than one kept concealed (WRC-F-FALSE-WIN-*).
   */
  | { type: 'tsumo'; reveal?: boolean }
  | { type: 'ron'; reveal?: boolean }
  | { type: 'kyuushu' }
  /** Take the next wall tile: only where the ruleset has players draw for themselves (`clientDraws`). */
  | { type: 'draw' }
  /** Concealed kan of the four tiles of `tile`'s kind. */
  | { type: 'ankan'; tile: TileId }
  /** Add `tile` to the pon of its kind. */
  | { type: 'shouminkan'; tile: TileId }
  /** Claims of the last discard, naming the two (chii, pon) or three (daiminkan) tiles from the hand. */
  | { type: 'chii'; tiles: [TileId, TileId] }
  | { type: 'pon'; tiles: [TileId, TileId] }
  | { type: 'daiminkan'; tiles?: [TileId, TileId, TileId] }
  | { type: 'pass' };

export type CommandType = Command['type'];

/** Why a command was refused: a typed code plus a sentence for people. The state is unchanged. */
export interface Refusal {
  code: RefusalCode;
  reason: string;
}

export type RefusalCode =
  | 'GAME_OVER'
  | 'HAND_OVER'
  | 'NOT_YOUR_TURN'
  | 'NOTHING_TO_RESPOND'
  | 'ALREADY_RESPONDED'
  | 'TILE_NOT_IN_HAND'
  | 'BAD_COMMAND'
  | 'MUST_DISCARD'
  | 'KUIKAE'
  | 'NOT_TENPAI'
  | 'RIICHI_OPEN_HAND'
  | 'RIICHI_ALREADY'
  | 'RIICHI_NO_POINTS'
  | 'RIICHI_NO_TILES'
  | 'RIICHI_MUST_TSUMOGIRI'
  | 'RIICHI_BAD_KAN'
  | 'NOT_COMPLETE'
  | 'NO_YAKU'
  | 'FURITEN'
  | 'CANNOT_CALL'
  | 'INVALID_MELD'
  | 'LAST_TILE'
  | 'KAN_LIMIT'
  | 'NOT_KYUUSHU'
  | 'DEAD_HAND'
  | 'MUST_DRAW'
  | 'ALREADY_DREW';

export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A win as it is paid. */
export interface WinRecord {
  winner: Seat;
  /** Discarder for ron, the winner for tsumo. */
  from: Seat;
  tsumo: boolean;
  winTile: TileId;
  /** The winner's concealed tiles (without the winning tile) and melds, revealed. */
  concealed: TileId[];
  melds: Meld[];
  score: ScoreResult;
  uraIndicators: TileId[];
  /** Seat liable (pao) for part of the payment, if any. */
  pao: Seat | null;
  /** Score changes of this win, riichi sticks included. */
  deltas: number[];
}

export type DrawKind =
  | 'exhaustive'
  | 'nagashiMangan'
  | 'nineTerminals'
  | 'fourWinds'
  | 'fourKans'
  | 'fourRiichi'
  | 'tripleRon';

/** A chombo that ended a hand: the hand is redealt with the same dealer and honba. */
export interface ChomboRecord {
  seat: Seat;
  rule: string;
  /** Table-point changes of the chombo payment (all zero where chombo costs global points). */
  deltas: number[];
}

/** A penalty in global points (not table points), kept in the game's ledger. */
export interface PenaltyRecord {
  seat: Seat;
  rule: string;
  points: number;
  /** Index of the hand (in Game.hands) it was given in. */
  hand: number;
}

export interface HandResult {
  kind: 'win' | 'draw' | 'chombo';
  wins: WinRecord[];
  draw?: DrawKind;
  /** Tenpai seats at an exhaustive draw (or four riichi). */
  tenpai: Seat[];
  /** Revealed hands at a draw (tenpai hands), by seat. */
  revealed: { seat: Seat; concealed: TileId[] }[];
  /** Score changes of the whole hand (sum over wins, noten payments, nagashi). */
  deltas: number[];
  /** Seats paid nagashi mangan. */
  nagashi: Seat[];
  /** The chombo(s) that ended the hand (kind 'chombo'). */
  chombo?: ChomboRecord[];
  /** Riichi sticks of this hand given back after a chombo, by seat. */
  sticksReturned?: Seat[];
}

/** Who may see an event: everyone, or one seat alone. */
export type Audience = 'all' | Seat;

export type GameEvent = { to: Audience } & (
  | { type: 'handStarted'; round: number; honba: number; riichiSticks: number; dealer: Seat; scores: number[]; doraIndicator: TileId }
  | { type: 'dealt'; seat: Seat; tiles: TileId[] }
  | { type: 'drew'; seat: Seat; tile?: TileId; rinshan: boolean }
  | { type: 'discarded'; seat: Seat; tile: TileId; tsumogiri: boolean; riichi: boolean }
  | { type: 'riichiAccepted'; seat: Seat; scores: number[]; riichiSticks: number }
  | { type: 'called'; seat: Seat; meld: Meld }
  | { type: 'doraRevealed'; indicator: TileId }
  /** Public: a window is open on `tile`; to whom it is offered is private (`claimOffered`, issue 14). */
  | { type: 'claimWindow'; tile: TileId; from: Seat; reason: 'discard' | 'chankan' }
  /** To one seat, right after its `claimWindow`: this seat is asked to answer it. */
  | { type: 'claimOffered'; seat: Seat; tile: TileId }
  | { type: 'handEnded'; result: HandResult; scores: number[]; uraIndicators: TileId[] }
  | { type: 'gameEnded'; standings: Standing[] }
  /** `mayCall`: a WSOM short hand, dead for winning only (it may still chii, pon and kan). */
  | { type: 'deadHand'; seat: Seat; rule: string; mayCall?: boolean }
  /** WSOM penalty tiles laid face up (§3.7): public from now on. */
  | { type: 'penaltyTiles'; seat: Seat; rule: string; tiles: TileId[] }
  | { type: 'penalty'; seat: Seat; rule: string; points: number }
);

export type GameEventType = GameEvent['type'];

export interface Standing {
  seat: Seat;
  rank: number;
  points: number;
  /** Penalty points given in the game (global points, already taken off `final`). */
  penalty: number;
  /** Final score in global points: (points - return) / 1000 + uma (+ oka to the first) - penalty. */
  final: number;
}

/** A legal action right now, with the concrete choices. */
export type LegalAction =
  | { type: 'discard'; tiles: TileId[] }
  | { type: 'riichi'; tiles: TileId[] }
  | { type: 'tsumo' }
  | { type: 'ron' }
  | { type: 'kyuushu' }
  | { type: 'ankan'; tiles: TileId[] }
  | { type: 'shouminkan'; tiles: TileId[] }
  | { type: 'chii'; options: [TileId, TileId][] }
  | { type: 'pon'; options: [TileId, TileId][] }
  | { type: 'daiminkan'; tiles: [TileId, TileId, TileId] }
  | { type: 'draw' }
  | { type: 'pass' };
